/**
 * Which built page (providers/admin-pages.ts) answers a request for the admin (/, /login, any
 * client route): a browser that holds a session gets the app's page, any other the login page with
 * its form already rendered, in the language the spec's rule picks (providers/languages.ts) from
 * what the server can see before any script runs: the first language of Accept-Language (the
 * browser's language) and the language cookies the admin keeps beside its local storage.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pickLanguage } from '../../providers/languages.js';
import { LANGUAGE_CHOSEN_COOKIE, LANGUAGE_COOKIE } from '../../providers/language-cookies.js';
import { SIGNED_IN_PAGE, loginPageFile } from '../../providers/admin-pages.js';

/** The session cookie the admin sets (src/providers/token.ts). */
const TOKEN_COOKIE = 'token';

/** name -> value of a Cookie header (the first of a repeated name). */
function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A value that is no valid escape is no value of ours.
    }
  }
  return cookies;
}

/** The page's file name for these request headers. */
function adminPageFor(headers: { cookie?: string; 'accept-language'?: string }): string {
  const cookies = readCookies(headers.cookie);
  if (cookies.get(TOKEN_COOKIE)) return SIGNED_IN_PAGE;
  const browser = (headers['accept-language'] ?? '').split(',')[0].split(';')[0].trim();
  return loginPageFile(pickLanguage({ browser, saved: cookies.get(LANGUAGE_COOKIE), chosen: cookies.get(LANGUAGE_CHOSEN_COOKIE) === '1' }));
}

/**
 * The page to send from `root`: the chosen one if the build wrote it, else index.html (a build
 * from before the pages were split, or a page removed by hand).
 */
export function adminPageIn(root: string): (headers: { cookie?: string; 'accept-language'?: string }) => string {
  const built = new Map<string, boolean>();
  return (headers) => {
    const file = adminPageFor(headers);
    if (!built.has(file)) built.set(file, existsSync(path.join(root, file)));
    return built.get(file) ? file : 'index.html';
  };
}
