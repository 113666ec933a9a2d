/**
 * What the login page's HTML (./markup.ts, rendered at build time) and its script (./static-login.ts)
 * agree on: the texts it shows and the ids of its parts. Kept apart from the markup, whose icons and
 * templates the script does not need.
 */
import type { Language } from '../../../providers/languages';

/** The page's texts, by their key in locales/ (area.key). */
export const LOGIN_TEXT_KEYS = [
  'app.title',
  'auth.userName',
  'auth.password',
  'auth.googleCode',
  'auth.googleCodeHint',
  'auth.login',
  'auth.loginFailed',
  'auth.userNameRequired',
  'auth.passwordRequired',
  'auth.sessionExpired',
  'auth.needsScript',
  'shell.language',
  'shell.errors.chunkTitle',
] as const;
export type LoginTextKey = (typeof LOGIN_TEXT_KEYS)[number];
export type LoginTexts = Record<LoginTextKey, string>;
/** Each language's texts, and each language's name in itself (the switch's options). */
export interface LoginTextTable {
  texts: Record<Language, LoginTexts>;
  names: Record<Language, string>;
}

/** Where the texts travel in the page, and the ids the script finds the page's parts by. */
export const LOGIN_IDS = {
  page: 'login',
  form: 'login-form',
  texts: 'login-texts',
  language: 'login-language',
  expired: 'login-expired',
  error: 'login-error',
  submit: 'login-submit',
} as const;
