/**
 * Where the interface language is remembered: localStorage, which the app reads, and cookies of the
 * same names, which the server reads to send the login page in that language before any script runs
 * (server/http/admin-page.ts). Free of i18next, so the login page can use it without the app.
 */
import Cookies from 'js-cookie';
import { pickLanguage, type Language, type LanguageSources } from '../../providers/languages';
import { LANGUAGE_COOKIE, LANGUAGE_CHOSEN_COOKIE } from '../../providers/language-cookies';

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const COOKIE = { expires: 365, path: '/', sameSite: 'lax' as const };

function currentSources(): LanguageSources {
  return {
    browser: typeof navigator === 'undefined' ? undefined : navigator.language,
    saved: storage()?.getItem(LANGUAGE_COOKIE),
    chosen: storage()?.getItem(LANGUAGE_CHOSEN_COOKIE) === '1',
  };
}

/** The language the rule picks in this browser now. */
export const browserLanguage = (): Language => pickLanguage(currentSources());

/** Remembers the language; `chosen` marks a pick made with the switch. */
export function saveLanguage(lang: Language, chosen: boolean): void {
  storage()?.setItem(LANGUAGE_COOKIE, lang);
  if (chosen) storage()?.setItem(LANGUAGE_CHOSEN_COOKIE, '1');
  Cookies.set(LANGUAGE_COOKIE, lang, COOKIE);
  if (storage()?.getItem(LANGUAGE_CHOSEN_COOKIE) === '1') Cookies.set(LANGUAGE_CHOSEN_COOKIE, '1', COOKIE);
}
