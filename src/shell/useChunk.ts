/**
 * A component from a chunk of its own, loaded when first asked for (or ahead, when idle), without
 * React.lazy: a download that fails or hangs (withChunkTimeout) calls `onFailure` and is tried again
 * at the next ask, instead of throwing to the nearest error boundary, which for the shell's own
 * helpers (the feedback holders, the second login) would take the whole app down.
 */
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { withChunkTimeout } from './error-log/chunks';

export function useChunk<Props>(load: () => Promise<{ default: ComponentType<Props> }>): [ComponentType<Props> | null, (onFailure?: () => void) => void] {
  const [component, setComponent] = useState<ComponentType<Props> | null>(null);
  const loading = useRef(false);
  const ask = useCallback(
    (onFailure?: () => void) => {
      if (loading.current) return;
      loading.current = true;
      withChunkTimeout(load)().then(
        (m) => setComponent(() => m.default),
        () => {
          loading.current = false;
          onFailure?.();
        },
      );
    },
    [load],
  );
  return [component, ask];
}

/** Runs work when the browser has nothing else to do (Safari has no requestIdleCallback). */
export const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 1));
