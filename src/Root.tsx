/**
 * The signed-in app's root, loaded by src/main.ts: at once with a session; without one, as soon as
 * the user starts typing on the login page (which is no React, src/pages/login), so that signing in
 * does not wait for it. React, antd's theme, the texts, and the app's chunk (src/App.tsx: Refine,
 * the registry, the shell) all come from here.
 */
// antd 5 needs its React 19 render hook before anything else renders.
import './antd-react19';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { ConfigProvider } from 'antd';
import './styles.css';
import { changeLanguage, initI18n, loadAppTexts, loadTexts } from './providers/i18n';
import { httpHooks } from './providers/http';
import { isLanguage } from '../providers/languages';
import { loadRegistry } from './registry/load';
import { withChunkTimeout } from './common/error-log/chunks';
import { THEME, WAVE } from './theme';
import { FORMS } from './common/forms';
import { ErrorBoundary } from './common/error-log/ErrorBoundary';

let texts: Promise<unknown> | null = null;
/** i18next with the interface language, once; server messages and the admin's own notices follow it. */
function textsReady(): Promise<unknown> {
  texts ??= initI18n().then(
    () => {
      httpHooks.language = () => i18next.language;
      httpHooks.text = (key) => i18next.t(key);
    },
    (error: unknown) => {
      texts = null; // a failed download is tried again next time
      throw error;
    },
  );
  return texts;
}

const loadApp = withChunkTimeout(() =>
  textsReady()
    .then(() => Promise.all([import('./App').then((m) => m.appReady().then(() => m.App)), loadAppTexts()]))
    .then(([App]) => ({ default: App })),
);
const App = lazy(loadApp);

/** The home screen's own texts (src/screens.ts SCREEN_TEXTS.HomePage, not imported: it would weigh on this chunk). */
const HOME_TEXTS = ['home', 'statistics'];
let warmed = false;
/**
 * Fetches (and warms) what the app shows first, all at once rather than one after the other: its
 * chunk, the shell, the registry and their texts, the realtime link, and when signing in the home
 * screen too.
 */
export function warmApp(signingIn: boolean): void {
  if (warmed) return;
  warmed = true;
  const ignore = () => undefined; // a failure here is retried, and shown, when the app really loads
  const home = signingIn ? [import('./pages/home/HomePage'), textsReady().then(() => loadTexts(HOME_TEXTS))] : [];
  // The realtime link (src/realtime/LinkStatus.tsx) too, so that the socket starts as the shell mounts.
  void Promise.all([loadApp(), import('./shell/AppLayout'), loadRegistry(), import('./realtime/link'), ...home]).catch(ignore);
}

/** Resolves once the app can be drawn at once in `language` (the one the login page showed). */
export async function appReady(language: string): Promise<void> {
  await textsReady();
  if (isLanguage(language) && language !== i18next.language) await changeLanguage(language);
  await loadApp();
}

/** Draws the app into `element`. */
export function startApp(element: HTMLElement): void {
  warmApp(false);
  createRoot(element).render(
    <ConfigProvider theme={THEME} wave={WAVE} form={FORMS}>
      {/* An app chunk that fails gets the friendly panel, not a blank page. */}
      <ErrorBoundary fullPage>
        {/* The page stays blank for the moment the app's chunks take, as it did while the whole admin loaded. */}
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </ErrorBoundary>
    </ConfigProvider>,
  );
}
