/**
 * A signal that aborts at a deadline or when `stop` aborts, whichever comes first. Not
 * `AbortSignal.any([AbortSignal.timeout(ms), stop])`: Node holds the timeout signal inside such a
 * composite only weakly, so a garbage collection during the call can take it and the deadline never
 * fires (nodejs/node#57736) — a receiver that accepts the connection and never answers would then
 * hold a call slot for ever. Here the timer holds the controller; `clear()` ends both.
 */
export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer and the listener on `stop`; call it when the work is done, whatever its outcome. */
  clear: () => void;
}

export function deadline(timeoutMs: number, stop?: AbortSignal): Deadline {
  const controller = new AbortController();
  const onStop = () => controller.abort(stop?.reason);
  // The same reason AbortSignal.timeout gives, so callers tell a timeout from a stop as before.
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    },
  };
}
