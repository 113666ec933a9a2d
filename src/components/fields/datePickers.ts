/**
 * The date pickers' chunk (DateInput.tsx), loaded once: with the route of a screen that shows a time
 * input (src/screen-parts.ts, src/routes.tsx), so it is in before the screen renders. A failed or
 * timed-out download is tried again by the next call.
 */
import { withChunkTimeout } from '../../shell/error-log/chunks';

type DateInput = typeof import('./DateInput').default;

let loaded: DateInput | undefined;
let loading: Promise<DateInput> | undefined;

/** The pickers' component once its chunk is in. */
export const loadedDateInput = (): DateInput | undefined => loaded;

/** The same promise for every caller while the chunk downloads, as React's `use` needs. */
export function loadDateInput(): Promise<DateInput> {
  loading ??= withChunkTimeout(() => import('./DateInput'))().then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
