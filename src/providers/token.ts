/** The session tokens, kept in cookies for TOKEN_DAYS (token2 only for the browser session). */
import Cookies from 'js-cookie';
import { TOKEN_DAYS } from './config';

const TOKEN = 'token';
const TOKEN2 = 'token2';
/** Over https the cookies are `secure`, so they never travel in clear; plain http (local use) keeps working. */
const attributes = () => ({ sameSite: 'strict' as const, path: '/', secure: typeof location !== 'undefined' && location.protocol === 'https:' });

export const getToken = (): string => Cookies.get(TOKEN) ?? '';
export const getToken2 = (): string => Cookies.get(TOKEN2) ?? '';

export function setToken(token: string, days = TOKEN_DAYS): void {
  Cookies.set(TOKEN, token, { ...attributes(), expires: days });
}

export const setToken2 = (token2: string): void => {
  Cookies.set(TOKEN2, token2, attributes());
};

export function clearTokens(): void {
  Cookies.remove(TOKEN, attributes());
  Cookies.remove(TOKEN2, attributes());
}
