/**
 * The date pickers' chunk (DateInput.tsx), loaded once: with the route of a form that shows a time
 * input (src/screen-parts.ts, src/routes.tsx), so it is in before the form renders; elsewhere when
 * the first time input renders (LazyDateInput.tsx). A failed or timed-out download stays failed, so
 * that a render retried by React gets the same answer, until someone asks for it again
 * (retryDateInput).
 */
import { withChunkTimeout } from '../../shell/error-log/chunks';

type DateInput = typeof import('./DateInput').default;

let loaded: DateInput | undefined;
let loading: Promise<DateInput> | undefined;

/** The pickers' component once its chunk is in. */
export const loadedDateInput = (): DateInput | undefined => loaded;

/** The same promise for every caller while the chunk downloads, as React's `use` needs. */
export function loadDateInput(): Promise<DateInput> {
  loading ??= withChunkTimeout(() => import('./DateInput'))().then((m) => (loaded = m.default));
  return loading;
}

/** After a failed download: the next loadDateInput() fetches the chunk again. */
export function retryDateInput(): void {
  if (!loaded) loading = undefined;
}
