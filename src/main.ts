/**
 * The admin's entry, the login route's only script. Without a session, on /login or on a screen
 * (which becomes /login?to=...), the page already shows the login form, rendered when the admin was
 * built (src/pages/login/markup.ts): this takes it over. With a session, or on the other public
 * pages (error pages, binding), it loads the app (src/Root.tsx), React and all.
 */
import { installErrorCapture } from './common/error-log/capture';
import { getToken } from './providers/token';
import { isPublicPath } from './registry/public-paths';
import { takeOverLogin } from './pages/login/static-login';
import { LOGIN_IDS } from './pages/login/parts';

// Errors are captured from the start, before any screen has a chance to fail.
installErrorCapture();

const loadRoot = () => import('./Root');
const root = document.getElementById('root')!;
const loginPage = document.getElementById(LOGIN_IDS.page);

/** Signed out on /login or on a screen: the login form, with the `to` the app's own redirect would carry. */
function startsSignedOut(): boolean {
  const { pathname, search } = window.location;
  if (getToken() || (pathname !== '/login' && isPublicPath(pathname))) return false;
  if (pathname !== '/login') {
    const from = `${pathname}${search}`;
    window.history.replaceState(null, '', from.length > 1 ? `/login?to=${encodeURIComponent(from)}` : '/login');
  }
  return true;
}

/** A page sent without the form (its session ended between the page and this script) is asked for again, once. */
const RELOADED = 'payadmin.loginReloaded';

if (!startsSignedOut()) {
  loginPage?.remove();
  void loadRoot().then((m) => m.startApp(root));
} else if (!loginPage) {
  if (!sessionStorage.getItem(RELOADED)) {
    sessionStorage.setItem(RELOADED, '1');
    window.location.reload();
  }
} else {
  sessionStorage.removeItem(RELOADED);
  takeOverLogin(document, {
    warm: () => void loadRoot().then((m) => m.warmApp(true), () => undefined),
    async enter(to, language) {
      const m = await loadRoot();
      await m.appReady(language);
      // An address of another site is no place to go after a login.
      try {
        window.history.replaceState(null, '', to);
      } catch {
        window.history.replaceState(null, '', '/home');
      }
      loginPage.remove();
      m.startApp(root);
    },
  });
}
