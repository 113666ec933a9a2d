/**
 * A component from a lazy part (./lazyPart.ts: loaded once, with a timeout, tried
 * again after a failure), for the shell's own helpers (the feedback holders, the second login),
 * without React.lazy: a download that fails or hangs calls the asker's `onFailure`, and the next ask
 * fetches it again, instead of throwing to the nearest error boundary, which for these would take
 * the whole app down.
 */
import { useCallback, useState, type ComponentType } from 'react';
import type { LazyPart } from './lazyPart';

export function useChunk<Props>(part: LazyPart<Props>): [ComponentType<Props> | null, (onFailure?: () => void) => void] {
  const [component, setComponent] = useState<ComponentType<Props> | null>(() => part.loaded() ?? null);
  const ask = useCallback(
    (onFailure?: () => void) => {
      part.load().then(
        (loaded) => setComponent(() => loaded),
        () => {
          part.retry();
          onFailure?.();
        },
      );
    },
    [part],
  );
  return [component, ask];
}

/** Runs work when the browser has nothing else to do (Safari has no requestIdleCallback). */
export const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 1));
