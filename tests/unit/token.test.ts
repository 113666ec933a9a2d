/** Token cookies: sameSite strict on path /, the token for TOKEN_DAYS, and `secure` whenever the admin runs over https. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cookies = vi.hoisted(() => ({ set: vi.fn(), get: vi.fn(), remove: vi.fn() }));
vi.mock('js-cookie', () => ({ default: cookies }));

import { clearTokens, setToken, setToken2 } from '../../src/providers/token';

describe('token cookies', () => {
  beforeEach(() => {
    cookies.set.mockClear();
    cookies.remove.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are secure over https', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    setToken('t1', 3);
    setToken2('t2');
    clearTokens();
    expect(cookies.set).toHaveBeenCalledWith('token', 't1', { sameSite: 'strict', path: '/', secure: true, expires: 3 });
    expect(cookies.set).toHaveBeenCalledWith('token2', 't2', { sameSite: 'strict', path: '/', secure: true });
    expect(cookies.remove).toHaveBeenCalledWith('token', { sameSite: 'strict', path: '/', secure: true });
  });

  it('still work over plain http (local use)', () => {
    vi.stubGlobal('location', { protocol: 'http:' });
    setToken('t1', 1);
    expect(cookies.set).toHaveBeenCalledWith('token', 't1', { sameSite: 'strict', path: '/', secure: false, expires: 1 });
  });
});
