/**
 * Feeds the error log from everything that can go wrong outside a component: uncaught errors,
 * unhandled promise rejections and failed requests (providers/http.ts calls httpHooks.logError).
 * Render errors come from ErrorBoundary; chunk failures from chunks.ts.
 */
import { httpHooks } from '../../providers/http';
import { recordError } from './store';

/** Browser noise that is not an error of the admin. */
const IGNORED = [/ResizeObserver loop/i];

const describe = (reason: unknown): { message: string; stack?: string } =>
  reason instanceof Error ? { message: `${reason.name}: ${reason.message}`, stack: reason.stack } : { message: String(reason) };

let installed = false;

export function installErrorCapture(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    const { message, stack } = event.error ? describe(event.error) : { message: event.message, stack: undefined };
    if (IGNORED.some((re) => re.test(message))) return;
    recordError({ type: 'error', message, stack });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const { message, stack } = describe(event.reason);
    recordError({ type: 'rejection', message, stack });
  });
  httpHooks.logError = ({ message, url }) => recordError({ type: 'request', message: `${url}: ${message}` });
}
