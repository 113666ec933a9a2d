import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { authProvider, loadUserInfo, onUserChange } from '../../src/providers/auth';
import { ApiError } from '../../src/providers/http';

let reply: () => Promise<Response>;
beforeEach(() => {
  vi.stubGlobal('fetch', () => reply());
  Cookies.set('token', 'T1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('token');
});

describe('auth check', () => {
  it('clears the token when the server refuses the user info', async () => {
    reply = async () => new Response(JSON.stringify({ code: 1003, data: null, msg: 'expired' }));
    const result = await authProvider.check();
    expect(result).toMatchObject({ authenticated: false, redirectTo: '/login' });
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('keeps the token when the call never reached the server', async () => {
    reply = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await authProvider.check();
    expect(result.authenticated).toBe(false);
    expect(Cookies.get('token')).toBe('T1');
  });

  it('checks the new session when the old one is refused after a new login', async () => {
    const answers = [
      async () => {
        Cookies.set('token', 'NEW'); // a login in another tab while the old session's call was out
        return new Response(JSON.stringify({ code: 1003, data: null, msg: 'expired' }));
      },
      async () => new Response(JSON.stringify({ code: 200, data: { user_id: 2, access: 'admin', name: 'b' }, msg: '' })),
    ];
    reply = () => answers.shift()!();
    const told: unknown[] = [];
    const off = onUserChange((user) => told.push(user));
    expect(await authProvider.check()).toEqual({ authenticated: true });
    off();
    expect(Cookies.get('token')).toBe('NEW');
    // What was built on the old session is built again: the listeners hear it ended.
    expect(told).toEqual([null]);
    expect(await loadUserInfo()).toMatchObject({ user_id: 2 });
  });

  it('asks for a logout on a 1003 of the current session only', async () => {
    expect(await authProvider.onError(new ApiError(1003, 'expired', '/x'))).toMatchObject({ logout: true });
    expect(await authProvider.onError(new ApiError(1003, 'expired', '/x', true))).toEqual({});
  });

  it('answers authenticated once the user info loads', async () => {
    reply = async () => new Response(JSON.stringify({ code: 200, data: { user_id: 1, access: 'admin', name: 'a' }, msg: '' }));
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });
});
