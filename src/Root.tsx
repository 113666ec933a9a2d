/**
 * What the first paint needs, and no more. A visitor without a session on /login (or on any screen,
 * which sends them to /login?to=...) gets the login form alone: React, the few antd parts the form
 * shows and the login texts. Refine, the resource registry and the shell are the signed-in app
 * (App.tsx), a separate chunk loaded once the user has signed in, or at once with a session. While
 * the user types, the app's chunks are fetched ahead so signing in does not wait for them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { authProvider, type LoginInput } from './providers/auth';
import { loadAppTexts, loadTexts } from './providers/i18n';
import { getToken } from './providers/token';
import { isPublicPath, loadRegistry } from './registry/load';
import { withChunkTimeout } from './shell/error-log/chunks';
import { LoginForm } from './pages/login/LoginForm';
import { ConfigProvider } from 'antd';
import { THEME, WAVE } from './theme';
import { ErrorBoundary } from './shell/error-log/ErrorBoundary';

const loadApp = withChunkTimeout(() => Promise.all([import('./App').then((m) => m.appReady().then(() => m.App)), loadAppTexts()]).then(([App]) => ({ default: App })));
const App = lazy(loadApp);


/**
 * Fetches (and warms) what the app shows first, all at once rather than one after the other: its
 * chunk, the shell, the registry and their texts, the realtime link, and after a sign-in the home
 * screen too.
 */
let warmed = false;
/** The home screen's own texts (src/screens.ts SCREEN_TEXTS.HomePage, not imported: it would weigh on the login route). */
const HOME_TEXTS = ['home', 'statistics'];
function warmApp(signingIn: boolean): void {
  if (warmed) return;
  warmed = true;
  const ignore = () => undefined; // a failure here is retried, and shown, when the app really loads
  const home = signingIn ? [import('./pages/home/HomePage'), loadTexts(HOME_TEXTS)] : [];
  // The realtime link (src/realtime/LinkStatus.tsx) too, so that the socket starts as the shell mounts.
  void Promise.all([loadApp(), import('./shell/AppLayout'), loadRegistry(), import('./realtime/link'), ...home]).catch(ignore);
}

/**
 * Signed out on /login or on a screen (not on the other public pages: error pages, binding): the
 * login form, with the `to` the app's own redirect would carry (Refine's CatchAllNavigate).
 */
function startsSignedOut(): boolean {
  const { pathname, search } = window.location;
  if (getToken() || (pathname !== '/login' && isPublicPath(pathname))) return false;
  if (pathname !== '/login') {
    const from = `${pathname}${search}`;
    window.history.replaceState(null, '', from.length > 1 ? `/login?to=${encodeURIComponent(from)}` : '/login');
  }
  return true;
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  // The first key or click on the page starts fetching the app: it is fetched while the user types,
  // and a page that is only looked at (or measured) downloads the login route alone.
  useEffect(() => {
    const events = ['keydown', 'pointerdown', 'input'] as const;
    const start = () => {
      warmApp(true);
      events.forEach((e) => window.removeEventListener(e, start, true));
    };
    events.forEach((e) => window.addEventListener(e, start, { capture: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, start, true));
  }, []);

  const signIn = async (values: LoginInput) => {
    warmApp(true);
    const result = await authProvider.login(values);
    if (!result.success) return result.error?.message ?? '';
    // The form keeps its busy button until the app is there, so no blank page comes between them.
    await loadApp().catch(() => undefined);
    // Where Refine's login would go: the page asked for before login wins, else the provider's choice.
    const to = new URLSearchParams(window.location.search).get('to');
    window.history.replaceState(null, '', to ?? result.redirectTo ?? '/home');
    onSignedIn();
    return null;
  };
  return <LoginForm signIn={signIn} />;
}

export function Root() {
  const [signedOut, setSignedOut] = useState(startsSignedOut);
  // With a session the app's chunks load side by side, not each waiting for the one that imports it.
  if (!signedOut) warmApp(false);
  return (
    <ConfigProvider theme={THEME} wave={WAVE}>
      {/* A login form or an app chunk that fails gets the friendly panel, not a blank page. */}
      <ErrorBoundary fullPage>
        {signedOut ? (
          <SignIn onSignedIn={() => setSignedOut(false)} />
        ) : (
          // With a session the app loads at once; the page stays blank for that moment, as it did
          // while the whole admin loaded.
          <Suspense fallback={null}>
            <App />
          </Suspense>
        )}
      </ErrorBoundary>
    </ConfigProvider>
  );
}
