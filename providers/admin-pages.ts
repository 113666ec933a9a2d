/**
 * The built admin's HTML pages (dist/), written by the build (scripts/login-page.ts) and chosen per
 * request by the server (server/http/admin-page.ts): the login page in each language, rendered
 * with its form, and the page for a browser that holds a session (the app alone, no form to flash).
 * index.html is the login page in the default language, for a host that cannot choose.
 */
import type { Language } from './languages';

export const loginPageFile = (lang: Language): string => `index.${lang}.html`;
export const SIGNED_IN_PAGE = 'index.app.html';
