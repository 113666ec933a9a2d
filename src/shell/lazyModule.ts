/**
 * A module from a chunk of its own, downloaded once, with the chunk timeout (./error-log/chunks.ts:
 * a failed or hung download is a ChunkLoadError). Every caller gets the same promise while it
 * downloads, as React's `use` needs. After a failure:
 *  - `keepFailure`: load() keeps answering the failure, so that a render React retries gets the same
 *    answer, until someone asks again with retry();
 *  - otherwise the next load() fetches it again at once (a boundary's retry renders anew and asks).
 */
import { withChunkTimeout } from './error-log/chunks';

export interface LazyModule<T> {
  /** The module once downloaded. */
  loaded: () => T | undefined;
  load: () => Promise<T>;
  /** After a failed download: the next load() fetches it again. */
  retry: () => void;
}

export function lazyModule<T>(importer: () => Promise<T>, { keepFailure = false } = {}): LazyModule<T> {
  const download = withChunkTimeout(importer);
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const retry = () => {
    if (value === undefined) loading = undefined;
  };
  return {
    loaded: () => value,
    load: () => {
      if (!loading) {
        const attempt = download().then(
          (module) => (value = module),
          (error: unknown) => {
            // A retry() during this download has started another: that one stands.
            if (!keepFailure && loading === attempt) loading = undefined;
            throw error;
          },
        );
        loading = attempt;
      }
      return loading;
    },
    retry,
  };
}
