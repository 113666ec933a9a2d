/**
 * Feeds the error log from everything that can go wrong outside a component: uncaught errors,
 * unhandled promise rejections and failed requests (providers/http.ts calls httpHooks.logError).
 * Render errors come from ErrorBoundary; chunk failures from chunks.ts.
 */
import { ApiError, httpHooks } from '../../providers/http';
import { recordError } from './store';

/** Browser noise that is not an error of the admin. */
const IGNORED = [/ResizeObserver loop/i];

const describe = (reason: unknown): { message: string; stack?: string } =>
  reason instanceof Error ? { message: `${reason.name}: ${reason.message}`, stack: reason.stack } : { message: String(reason) };

let installed = false;

/**
 * When the page began to leave (a reload, a typed address, a link out): the browser cuts the requests
 * it still had in flight, and the page may see them fail before it is gone. That is no failure of the
 * admin, and logged it would light the next page's error badge. Back from the page cache, it counts again.
 */
let leavingAt = 0;
const LEAVING_MS = 10_000;
const leaving = () => Date.now() - leavingAt < LEAVING_MS;

export function installErrorCapture(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const leave = () => (leavingAt = Date.now());
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => (leavingAt = 0));
  window.addEventListener('error', (event) => {
    const { message, stack } = event.error ? describe(event.error) : { message: event.message, stack: undefined };
    if (IGNORED.some((re) => re.test(message))) return;
    recordError({ type: 'error', message, stack });
  });
  window.addEventListener('unhandledrejection', (event) => {
    // A second-level password window the user cancelled (1024/1025): a prompt answered "no", not an
    // error, whichever caller let it through.
    if (event.reason instanceof ApiError && event.reason.promptCancelled) return event.preventDefault();
    // A request cut by the page leaving rejects with the browser's TypeError ("Failed to fetch").
    if (leaving() && event.reason instanceof TypeError) return;
    const { message, stack } = describe(event.reason);
    recordError({ type: 'rejection', message, stack });
  });
  httpHooks.logError = ({ message, url }) => {
    if (!leaving()) recordError({ type: 'request', message: `${url}: ${message}` });
  };
}
