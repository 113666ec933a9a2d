/**
 * A module from a chunk of its own, downloaded once, with the chunk timeout (./error-log/chunks.ts:
 * a failed or hung download is a ChunkLoadError). Every caller gets the same promise while it
 * downloads, as React's `use` needs, and a failed download keeps answering its failure until someone
 * asks again with retry(): a render React tries again must see the failure to throw it to a
 * boundary, where a new download each try would keep it suspended for ever. The chunk-load panel's
 * retry reloads the page; the parts the shell and the inputs load call retry() themselves.
 */
import { withChunkTimeout } from '../error-log/chunks';

export interface LazyModule<T> {
  /** The module once downloaded. */
  loaded: () => T | undefined;
  load: () => Promise<T>;
  /** After a failed download: the next load() fetches it again. */
  retry: () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  const download = withChunkTimeout(importer);
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => value,
    load: () => (loading ??= download().then((module) => (value = module))),
    retry: () => {
      if (value === undefined) loading = undefined;
    },
  };
}
