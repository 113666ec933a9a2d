/**
 * Lazy screens: a chunk that fails to load, or takes longer than 120 s, becomes a
 * ChunkLoadError, which the content's error boundary shows with a retry button.
 */
const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError|Unable to preload CSS/i;

export const isChunkError = (error: unknown): boolean => error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));

/** Wraps a lazy loader so it rejects with ChunkLoadError on failure or after the timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(isChunkError(error) ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}
