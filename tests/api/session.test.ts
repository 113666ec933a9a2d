import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { sessions } from '../../server/db/schema/index.js';
import { ROLES } from '../../providers/roles.js';

const server = useTestServer();

describe('sessions', () => {
  it('logs every demo account in and answers its user info', async () => {
    for (const role of ROLES) {
      const token = await server.login(` ${role} `);
      const info = await server.call('POST', '/user/getInfo', { token });
      expect(info.code).toBe(200);
      expect(info.data).toMatchObject({ account: role, access: role, enableGoogleVerify: false });
    }
  });

  it('refuses a wrong password with a clear message', async () => {
    const result = await server.call('POST', '/user/login', { body: { userName: 'admin', password: 'nope' } });
    expect(result).toMatchObject({ code: 4001, msg: 'Wrong user name or password', data: null });
  });

  it('answers 1003 for a missing, unknown or revoked token', async () => {
    expect((await server.call('POST', '/user/getInfo')).code).toBe(1003);
    expect((await server.call('POST', '/user/getInfo', { token: 'not-a-token' })).code).toBe(1003);
    const token = await server.login('merchant');
    expect((await server.call('POST', '/user/logout', { token })).code).toBe(200);
    expect((await server.call('POST', '/user/getInfo', { token })).code).toBe(1003);
  });

  it('answers a malformed body with the field named and writes nothing', async () => {
    const count = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0];
    const before = await count();
    const missing = await server.call('POST', '/user/login', { body: { userName: 'admin' } });
    expect(missing.code).toBe(4000);
    expect(missing.msg).toContain('password');
    const wrongType = await server.call('POST', '/user/login', { body: { userName: 42, password: 'x' } });
    expect(wrongType.code).toBe(4000);
    expect(wrongType.msg).toContain('userName');
    const notJson: { statusCode: number; json: () => any } = await server.app.inject({ method: 'POST', url: '/v1.0/user/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(notJson.statusCode).toBe(200);
    expect(notJson.json().code).toBe(4000);
    expect(await count()).toEqual(before);
  });

  it('answers in the caller language', async () => {
    const zh = await server.call('POST', '/user/getInfo', { lang: 'zh-CN' });
    expect(zh.msg).toBe('登录已过期，请重新登录');
  });
});

describe('server basics', () => {
  it('reports health', async () => {
    expect(await server.call('GET', '/health')).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it('sends security headers and no-store on the API', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1.0/health' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    // Browsers keep to https for a year once served over it (the proxy's TLS), and send no referrer.
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // No CORS header at all: another origin's page cannot read an answer.
    const foreign = await server.app.inject({ method: 'GET', url: '/v1.0/health', headers: { origin: 'https://evil.example' } });
    expect(Object.keys(foreign.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('answers an unknown API path with the not-found code', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1.0/nothing/here' });
    expect(response.json().code).toBe(4004);
  });
});
