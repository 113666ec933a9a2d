/** The error log for components, drawn again on each new entry (kept apart from ./store.ts, which the login page loads without React). */
import { useSyncExternalStore } from 'react';
import { errorLogSnapshot, subscribe, type ErrorEntry } from './store';

export function useErrorLog(): { entries: ErrorEntry[]; unread: number } {
  return useSyncExternalStore(subscribe, errorLogSnapshot);
}
