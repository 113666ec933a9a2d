/**
 * The admin's error log (uncaught errors and unhandled rejections included): every entry is kept in
 * this browser first, then saved through `POST /save_error_logger`. Saving uses plain fetch, not the
 * app's HTTP client, so a failing save is never logged again (no loop) and never redirects; the local
 * entry stays either way.
 */
import { ERROR_LOG_LIMITS, errorLogApi } from '../../../resources/error-logs/api';
import { API_BASE } from '../../providers/config';
import { getToken, getToken2 } from '../../providers/token';

export type ErrorType = 'error' | 'rejection' | 'render' | 'request' | 'chunk';

export interface ErrorEntry {
  id: string;
  time: number;
  type: ErrorType;
  message: string;
  url: string;
  stack?: string;
  /** True once the server stored it. */
  saved: boolean;
}

const ENTRIES_KEY = 'errorLog.entries';
const SEEN_KEY = 'errorLog.seenAt';
const MAX_ENTRIES = 200;
/** The same error repeating inside this window (a render loop, a polling failure) is kept once. */
const REPEAT_MS = 1000;

const read = <T>(key: string, fallback: T): T => {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

let entries: ErrorEntry[] = read<ErrorEntry[]>(ENTRIES_KEY, []);
let seenAt: number = read<number>(SEEN_KEY, 0);
let snapshot = { entries, unread: 0 };
const listeners = new Set<() => void>();

function emit(): void {
  snapshot = { entries, unread: entries.filter((e) => e.time > seenAt).length };
  try {
    localStorage.setItem(ENTRIES_KEY, JSON.stringify(entries));
    localStorage.setItem(SEEN_KEY, JSON.stringify(seenAt));
  } catch {
    // Storage full or blocked: the log still works for this page's life.
  }
  listeners.forEach((l) => l());
}
emit();

async function save(entry: ErrorEntry): Promise<void> {
  if (!getToken()) return;
  try {
    const response = await fetch(`${API_BASE}${errorLogApi.save}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', token: getToken(), token2: getToken2() },
      body: JSON.stringify({ type: entry.type, message: entry.message, url: entry.url, stack: entry.stack }),
    });
    const envelope = (await response.json()) as { code?: number };
    if (envelope.code !== 200) return;
    entries = entries.map((e) => (e.id === entry.id ? { ...e, saved: true } : e));
    emit();
  } catch {
    // Deliberately silent: the entry stays in the local log, and logging this failure would loop.
  }
}

export interface ErrorInput {
  type: ErrorType;
  message: string;
  url?: string;
  stack?: string;
}

export function recordError(input: ErrorInput): void {
  const now = Date.now();
  // Cut to what the server stores (it refuses longer fields).
  const message = (input.message || 'Unknown error').slice(0, ERROR_LOG_LIMITS.message);
  const last = entries[0];
  if (last && last.type === input.type && last.message === message && now - last.time < REPEAT_MS) return;
  const entry: ErrorEntry = {
    id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    time: now,
    type: input.type,
    message,
    url: (input.url ?? window.location.href).slice(0, ERROR_LOG_LIMITS.url),
    stack: input.stack?.slice(0, ERROR_LOG_LIMITS.stack),
    saved: false,
  };
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  emit();
  void save(entry);
}

/** Opening the error log marks every entry read (the header badge counts unread ones). */
export function markAllSeen(): void {
  if (snapshot.unread === 0) return;
  seenAt = Date.now();
  emit();
}

export function clearErrors(): void {
  entries = [];
  emit();
}

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The entries and the unread count, a new object on each change (./useErrorLog.ts). */
export const errorLogSnapshot = (): { entries: ErrorEntry[]; unread: number } => snapshot;
