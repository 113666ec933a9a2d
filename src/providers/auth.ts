/**
 * Refine auth provider: login (trims user name and Google code), user info loaded once and cached,
 * logout that revokes the session server-side. A failure to load user info clears the token.
 */
import type { AuthProvider } from '@refinedev/core';
import { ApiError, CODE, post } from './http';
import { clearTokens, getToken, setToken, setToken2 } from './token';
import type { Role } from '../../providers/roles';
import { sessionApi } from '../../resources/session/api';

export interface UserInfo {
  name: string;
  user_id: number;
  account: string;
  access: Role;
  showLogo: boolean;
  systemFlag: string;
  /** ISO 4217 code of the CardCountry setting: every amount is in it. */
  currency: string;
  enableGoogleVerify: boolean;
  googleSecret: string | null;
  confirmBind: boolean;
  /** A supplier's agents, whose rows are the supplier's too (abilities row checks). */
  agentIds?: number[];
  /** Set for an agent (a supplier who belongs to another supplier). */
  parentId?: number | null;
}

let info: Promise<UserInfo> | null = null;
const listeners = new Set<(user: UserInfo | null) => void>();

/** User info, fetched once per login. */
export function loadUserInfo(): Promise<UserInfo> {
  if (!info) {
    const request: Promise<UserInfo> = post<UserInfo>(sessionApi.getInfo, {}, { silent: true }).catch((error) => {
      // Only this request's failure is forgotten, not a newer one's (a new login replaced it).
      if (info === request) info = null;
      throw error;
    });
    info = request;
  }
  return info;
}

/** Called when the signed-in user changes (abilities are rebuilt from it). */
export function onUserChange(listener: (user: UserInfo | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads user info again (e.g. after binding Google Authenticator) and tells the listeners. */
export async function refreshUserInfo(): Promise<UserInfo> {
  info = null;
  const user = await loadUserInfo();
  listeners.forEach((l) => l(user));
  return user;
}

function resetSession(): void {
  info = null;
  listeners.forEach((l) => l(null));
}

export interface LoginInput {
  userName: string;
  password: string;
  googleCode?: string;
}

export const authProvider: AuthProvider = {
  async login({ userName, password, googleCode }: LoginInput) {
    try {
      const data = await post<{ token: string; tokenDays?: number }>(
        sessionApi.login,
        { userName: userName.trim(), password, googleCode: (googleCode ?? '').trim() },
        { silent: true },
      );
      resetSession();
      setToken(data.token, data.tokenDays);
      const user = await loadUserInfo();
      listeners.forEach((l) => l(user));
      // Verification switched on but no authenticator bound yet: bind it before anything else.
      const mustBind = user.enableGoogleVerify && !user.confirmBind;
      return { success: true, redirectTo: mustBind ? '/googleVerify' : '/home' };
    } catch (error) {
      return { success: false, error: { name: 'login', message: (error as Error).message } };
    }
  },

  async logout() {
    try {
      if (getToken()) await post(sessionApi.logout, {}, { silent: true });
    } catch {
      // The session is dropped locally whatever the server says.
    }
    clearTokens();
    resetSession();
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    if (!getToken()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      await loadUserInfo();
      return { authenticated: true };
    } catch (error) {
      // The server refused the user info: the session is over, so back to login. A call the browser
      // cut short (reload, navigation) or a server that is down says nothing about the session, so
      // the token is kept for the next try. A refusal of a token replaced meanwhile (a new login) is
      // about the old session: the new one is checked instead.
      if (error instanceof ApiError && error.staleSession) {
        // What was built on the old session (abilities, currency) is built again for the new one.
        resetSession();
        return authProvider.check();
      }
      if (error instanceof ApiError) {
        clearTokens();
        resetSession();
        return { authenticated: false, redirectTo: '/login', logout: true };
      }
      return { authenticated: false, redirectTo: '/login', error: error as Error };
    }
  },

  async onError(error) {
    if (error instanceof ApiError && error.code === CODE.tokenInvalid && !error.staleSession) return { logout: true, redirectTo: '/login' };
    return {};
  },

  async getIdentity() {
    if (!getToken()) return null;
    try {
      return await loadUserInfo();
    } catch {
      return null;
    }
  },

  async getPermissions() {
    if (!getToken()) return null;
    return (await loadUserInfo()).access;
  },
};

/** Second-level login, asked for by codes 1024 and 1025: yields token2 for the actions that need it. */
export async function secondLogin(password: string, logInReason: string): Promise<void> {
  const data = await post<{ token2: string }>(sessionApi.login2, { password, logInReason }, { silent: true });
  setToken2(data.token2);
}
