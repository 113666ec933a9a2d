import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { ApiError, get, httpHooks, post } from '../../src/providers/http';

type Reply = { code: number; data?: unknown; msg?: string } | { status: number };
let replies: Reply[] = [];
let calls: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  replies = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? { code: 200, data: null, msg: '' };
    if ('status' in reply) return new Response('Bad gateway', { status: reply.status });
    return new Response(JSON.stringify({ data: null, msg: '', ...reply }), { status: 200 });
  });
  httpHooks.navigate = vi.fn();
  httpHooks.showError = vi.fn();
  httpHooks.logError = vi.fn();
  httpHooks.secondLogin = vi.fn(async () => true);
  Cookies.set('token', 'T1');
  Cookies.set('token2', 'T2');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('token');
  Cookies.remove('token2');
});

describe('http envelope', () => {
  it('returns data on 200 and sends token, token2 and credentials', async () => {
    replies.push({ code: 200, data: { a: 1 } });
    await expect(get('/x', { q: ' ', n: 2 })).resolves.toEqual({ a: 1 });
    const { url, init } = calls[0];
    expect(url).toBe('/v1.0/x?q=+&n=2');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).token).toBe('T1');
    expect((init.headers as Record<string, string>).token2).toBe('T2');
  });

  it('on 1003 clears the token and goes to /login once for many failing calls', async () => {
    replies.push({ code: 1003, msg: 'expired' }, { code: 1003, msg: 'expired' }, { code: 1003, msg: 'expired' });
    const results = await Promise.allSettled([get('/a'), get('/b'), get('/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(httpHooks.navigate).toHaveBeenCalledTimes(1);
    expect(httpHooks.navigate).toHaveBeenCalledWith('/login');
    expect(sessionStorage.getItem('payadmin.sessionExpired')).toBe('1');
    expect(Cookies.get('token')).toBeUndefined();
    expect(httpHooks.logError).not.toHaveBeenCalled();
  });

  describe('a 1003 for a call sent with a token no longer held', () => {
    let answers: ((response: Response) => void)[] = [];
    const answer = (reply: { code: number; data?: unknown }) => answers.shift()!(new Response(JSON.stringify({ data: null, msg: 'expired', ...reply }), { status: 200 }));
    beforeEach(() => {
      answers = [];
      sessionStorage.clear();
      vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Promise<Response>((resolve) => answers.push(resolve));
      });
    });
    const sentTokens = () => calls.map((c) => (c.init.headers as Record<string, string>).token);
    const untouched = () => {
      expect(httpHooks.navigate).not.toHaveBeenCalled();
      expect(sessionStorage.getItem('payadmin.sessionExpired')).toBeNull();
    };

    it('after a new login: a write rejects as stale and the new session is kept', async () => {
      const pending = post('/old-screen/save', { a: 1 });
      Cookies.set('token', 'NEW');
      answer({ code: 1003 });
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).staleSession).toBe(true);
      expect(sentTokens()).toEqual(['T1']);
      expect(Cookies.get('token')).toBe('NEW');
      untouched();
    });

    it('after a new login: a read is made again for the new session', async () => {
      const pending = get('/old-screen/list');
      Cookies.set('token', 'NEW');
      answer({ code: 1003 });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      answer({ code: 200, data: ['row'] });
      await expect(pending).resolves.toEqual(['row']);
      expect(sentTokens()).toEqual(['T1', 'NEW']);
      untouched();
    });

    it('after a logout: nothing is said of an expired login, read or write', async () => {
      const read = get('/old-screen/list');
      const write = post('/old-screen/save', {});
      Cookies.remove('token');
      answer({ code: 1003 });
      answer({ code: 1003 });
      for (const call of [read, write]) expect(((await call.catch((e: unknown) => e)) as ApiError).staleSession).toBe(true);
      expect(calls).toHaveLength(2);
      untouched();
    });

    it('sent with no token (after a logout) and answered after the next login: the new session is kept', async () => {
      Cookies.remove('token');
      const read = get('/old-screen/count');
      const write = post('/old-screen/save', {});
      Cookies.set('token', 'NEW');
      answer({ code: 1003 });
      answer({ code: 1003 });
      expect(((await write.catch((e: unknown) => e)) as ApiError).staleSession).toBe(true);
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      answer({ code: 200, data: 3 });
      await expect(read).resolves.toBe(3);
      expect(sentTokens()).toEqual(['', '', 'NEW']);
      expect(Cookies.get('token')).toBe('NEW');
      untouched();
    });

    it('sent and answered with no token held: nothing is said of an expired login', async () => {
      Cookies.remove('token');
      const read = get('/old-screen/count');
      answer({ code: 1003 });
      expect(((await read.catch((e: unknown) => e)) as ApiError).staleSession).toBe(true);
      expect(calls).toHaveLength(1);
      untouched();
    });
  });

  it('on 1024 opens the second login and retries the call', async () => {
    replies.push({ code: 1024, msg: 'need token2' }, { code: 200, data: 'done' });
    await expect(post('/balance', { x: 1 })).resolves.toBe('done');
    expect(httpHooks.secondLogin).toHaveBeenCalledWith(1024);
    expect(calls).toHaveLength(2);
    expect(calls[1].init.body).toBe(JSON.stringify({ x: 1 }));
  });

  it('on 1025 rejects when the second login is cancelled', async () => {
    httpHooks.secondLogin = vi.fn(async () => false);
    replies.push({ code: 1025, msg: 'expired token2' });
    await expect(post('/balance')).rejects.toMatchObject({ code: 1025 });
    expect(httpHooks.logError).not.toHaveBeenCalled();
  });

  it('shows the msg of any other code and rejects with it', async () => {
    replies.push({ code: 4000, msg: 'Invalid parameter: ifscCode' });
    const error: any = await post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid parameter: ifscCode');
    expect(httpHooks.showError).toHaveBeenCalledWith('Invalid parameter: ifscCode');
    // A refused call belongs in the error log too, with its code and msg.
    expect(httpHooks.logError).toHaveBeenCalledWith({ type: 'request', message: '[4000] Invalid parameter: ifscCode', url: '/x' });
  });

  it('rejects transport errors', async () => {
    replies.push({ status: 502 });
    await expect(get('/x')).rejects.toBeInstanceOf(ApiError);
  });
});
