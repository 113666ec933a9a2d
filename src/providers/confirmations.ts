/**
 * The confirmations whose OK is under way: an "are you sure?" dialog or popover that waits, OK
 * spinning, for the call its OK made. When that call is answered 1024/1025 (./http.ts), they close
 * before the second-login window opens: antd draws its confirmation dialogs above every other dialog
 * (z-index 2000 against 1000), so a window opened while one waits would sit under it, out of reach.
 * The action goes on without them; its own button shows it busy, and its result is told as usual.
 * One registry for every kind of confirmation (src/shell/feedback/Feedback.tsx registers the modal
 * ones, src/components/resource/RowActions.tsx its popovers).
 */
const waiting = new Set<() => void>();

/** Runs an OK's work; while it runs, `close` puts its confirmation away if a second login is asked for. */
export async function whileConfirming<T>(close: () => void, work: () => T | Promise<T>): Promise<T> {
  let closed = false;
  const closeOnce = () => {
    if (closed) return;
    closed = true;
    close();
  };
  waiting.add(closeOnce);
  try {
    return await work();
  } finally {
    waiting.delete(closeOnce);
  }
}

/** Closes every confirmation whose OK is under way (before a window that must be on top opens). */
export function closeWaitingConfirmations(): void {
  const all = [...waiting];
  waiting.clear();
  all.forEach((close) => close());
}
