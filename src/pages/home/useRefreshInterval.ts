/** The dashboard's auto-refresh interval, per user and remembered in this browser. */
import { useState } from 'react';

export const REFRESH_SECONDS = [0, 10, 30, 60, 300] as const;
const DEFAULT = 30;

const keyOf = (userId: number | undefined) => `home.refresh.${userId ?? 'anonymous'}`;

function read(userId: number | undefined): number {
  const stored = Number(localStorage.getItem(keyOf(userId)));
  return (REFRESH_SECONDS as readonly number[]).includes(stored) && localStorage.getItem(keyOf(userId)) !== null ? stored : DEFAULT;
}

/** [seconds (0 = off), setter]; the value is read again when the user changes. */
export function useRefreshInterval(userId: number | undefined): [number, (seconds: number) => void] {
  const [state, setState] = useState(() => ({ userId, seconds: read(userId) }));
  const seconds = state.userId === userId ? state.seconds : read(userId);
  const set = (next: number) => {
    localStorage.setItem(keyOf(userId), String(next));
    setState({ userId, seconds: next });
  };
  return [seconds, set];
}
