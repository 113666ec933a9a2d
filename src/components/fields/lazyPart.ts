/**
 * A component from a chunk of its own, loaded once. An input's (the date pickers, the number input):
 * with the route of a form that shows one (src/screen-parts.ts, src/routes.tsx), so it is in before
 * the form renders; elsewhere when the first such input renders (LazyInput.tsx). The shell's feedback
 * holders and second login: when idle or first asked for (src/shell/useChunk.ts). A failed or
 * timed-out download stays failed, so that a render retried by React gets the same answer, until
 * someone asks for it again (retry).
 */
import type { ComponentType } from 'react';
import { withChunkTimeout } from '../../shell/error-log/chunks';

export interface LazyPart<Props> {
  /** The component once its chunk is in. */
  loaded: () => ComponentType<Props> | undefined;
  /** The same promise for every caller while the chunk downloads, as React's `use` needs. */
  load: () => Promise<ComponentType<Props>>;
  /** After a failed download: the next load() fetches the chunk again. */
  retry: () => void;
}

export function lazyPart<Props>(importer: () => Promise<{ default: ComponentType<Props> }>): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  return {
    loaded: () => loaded,
    load: () => (loading ??= withChunkTimeout(importer)().then((m) => (loaded = m.default))),
    retry: () => {
      if (!loaded) loading = undefined;
    },
  };
}
