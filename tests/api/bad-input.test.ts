/**
 * Bad input never answers a 5xx (DESIGN section 6): numbers beyond the database's integer, NUL
 * bytes, wrong types, duplicate adds racing each other, and Fastify's own protocol refusals all get
 * a 4xx-class code with a translated msg naming the field, and write nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { users } from '../../server/db/schema/index.js';
import { refusalOf } from '../../server/http/register.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';

const server = useTestServer();
let admin = '';
beforeAll(async () => {
  admin = await server.login('admin');
});
const userCount = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

describe('numbers beyond the integer columns', () => {
  it.each([
    ['GET', '/admin/getUser', { query: { id: 99999999999 } }, 'id'],
    ['POST', '/user/setAllowModify', { body: { userId: 3e9, allowModify: true } }, 'userId'],
    ['POST', '/user/enableGoogleVerify', { body: { userId: 3e9, enableGoogleVerify: true } }, 'userId'],
    ['POST', '/message/has_read', { body: { msg_id: 1e12 } }, 'msg_id'],
    ['GET', '/message/content', { query: { msg_id: 1e12 } }, 'msg_id'],
    ['GET', '/resource/getResourceStaticInfo', { query: { supplierId: 99999999999 } }, 'supplierId'],
    ['GET', '/admin/deleteUser', { query: { id: 2147483648 } }, 'id'],
  ] as const)('%s %s answers invalidParam naming the field', async (method, url, options, field) => {
    const result = await server.call(method, url, { token: admin, ...options });
    expect(result.code, result.msg).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain('must not exceed 2147483647');
  });
});

describe('NUL bytes', () => {
  it('are refused in a body, naming the field, and nothing is written', async () => {
    const before = await userCount();
    const result = await server.call('POST', '/admin/addUser', { token: admin, body: { nickname: 'a\u0000b', account: 'nul01', password: 'Secret123', access: 'merchant' } });
    expect(result).toMatchObject({ code: 4000, msg: 'Invalid parameter: nickname contains a character that is not allowed' });
    expect(await userCount()).toBe(before);
  });

  it('are refused in a query and in a login', async () => {
    const list = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 10, account: 'a\u0000' } });
    expect(list).toMatchObject({ code: 4000, msg: 'Invalid parameter: account contains a character that is not allowed' });
    const login = await server.call('POST', '/user/login', { body: { userName: 'admin\u0000', password: 'x' }, lang: 'zh-CN' });
    expect(login.code).toBe(4000);
    expect(login.msg).toContain('userName');
    expect(login.msg).toContain('包含不允许的字符');
  });
});

describe('types', () => {
  it('says "has the wrong type" for a value of the wrong type and "is required" for a missing one', async () => {
    expect(await server.call('POST', '/user/login', { body: { userName: 42, password: 'x' } })).toMatchObject({ code: 4000, msg: 'Invalid parameter: userName has the wrong type' });
    expect(await server.call('POST', '/user/login', { body: { password: 'x' } })).toMatchObject({ code: 4000, msg: 'Invalid parameter: userName is required' });
    expect(await server.call('POST', '/user/login', { body: { userName: null, password: 'x' } })).toMatchObject({ code: 4000, msg: 'Invalid parameter: userName is required' });
  });

  it('bounds the login fields', async () => {
    const long = await server.call('POST', '/user/login', { body: { userName: 'a'.repeat(65), password: 'x' } });
    expect(long).toMatchObject({ code: 4000, msg: 'Invalid parameter: userName must be at most 64 characters' });
    const password = await server.call('POST', '/user/login', { body: { userName: 'admin', password: 'x'.repeat(129) } });
    expect(password.msg).toContain('password');
  });
});

describe('duplicates', () => {
  it('lets one of two simultaneous adds of the same account through and refuses the other as duplicate', async () => {
    const before = await userCount();
    const body = { nickname: 'Twin', account: 'twin01', password: 'Secret123', access: 'merchant' };
    const results = await Promise.all([server.call('POST', '/admin/addUser', { token: admin, body }), server.call('POST', '/admin/addUser', { token: admin, body })]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 4012]);
    expect(await userCount()).toBe(before + 1);
    expect((await server.database.db.select().from(users).where(eq(users.account, 'twin01'))).length).toBe(1);
  });

  it('maps the database refusals the central catch sees', () => {
    const wrapped = (code: string) => ({ message: 'Failed query', cause: { code, message: 'boom' } });
    expect(refusalOf(wrapped('23505'), 'en-US')).toMatchObject({ name: 'duplicate', code: 4012 });
    expect(refusalOf(wrapped('22003'), 'en-US')).toMatchObject({ name: 'invalidParam', params: { field: 'body', reason: 'is out of range' } });
    expect(refusalOf(wrapped('22P05'), 'en-US')).toMatchObject({ name: 'invalidParam' });
    expect(refusalOf(wrapped('22021'), 'en-US')).toMatchObject({ name: 'invalidParam' });
    expect(refusalOf(wrapped('57014'), 'en-US')).toBeNull();
    expect(refusalOf(new Error('x'), 'en-US')).toBeNull();
  });
});

describe("Fastify's own refusals", () => {
  const raw = (options: { payload?: string | Buffer; contentType?: string; lang?: string }) =>
    server.app.inject({
      method: 'POST',
      url: '/v1.0/user/login',
      headers: { lang: options.lang ?? 'en-US', ...(options.contentType ? { 'content-type': options.contentType } : {}) },
      payload: options.payload,
    });

  it('answer the envelope with a catalogue reason in the caller language', async () => {
    const empty = await raw({ payload: '', contentType: 'application/json' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ code: 4000, msg: 'Invalid parameter: body is empty (send a JSON object)' });
    const emptyZh = await raw({ payload: '', contentType: 'application/json', lang: 'zh-CN' });
    expect(emptyZh.json().msg).toBe('参数错误：body 为空（请发送 JSON 对象）');
    expect((await raw({ payload: '{"userName":', contentType: 'application/json' })).json()).toMatchObject({ code: 4000, msg: 'Invalid parameter: body is not valid JSON' });
    // Plain text arrives as a string where an object is expected.
    expect((await raw({ payload: 'userName=admin', contentType: 'text/plain' })).json()).toMatchObject({ code: 4000, msg: 'Invalid parameter: body has the wrong type' });
    expect((await raw({ payload: '<login/>', contentType: 'application/xml' })).json()).toMatchObject({
      code: 4000,
      msg: 'Invalid parameter: body must be sent as JSON (Content-Type: application/json)',
    });
    const big = await raw({ payload: Buffer.alloc(11 * 1024 * 1024, 'a'), contentType: 'application/json' });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ code: 4000, msg: 'Invalid parameter: body is too large' });
    for (const r of [empty, emptyZh]) expect(r.json().msg).not.toMatch(/Body cannot be empty|FST_/);
  });

  it('answer an unknown /v1.0 path with HTTP 200 and the notFound code', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await server.app.inject({ method, url: '/v1.0/no/such/call', headers: { lang: 'en-US' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 4004, data: null, msg: 'Not found' });
    }
  });
});

describe('client address and headers', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const forwarded = { 'x-forwarded-for': '6.6.6.6', 'content-type': 'application/json' };
    const payload = JSON.stringify({ userName: 'technicalSupport', password: 'Demo12345678' });
    expect((await server.app.inject({ method: 'POST', url: '/v1.0/user/login', headers: forwarded, payload })).json().code).toBe(200);
    const [plain] = await server.database.db.select().from(users).where(eq(users.account, 'technicalSupport'));
    expect(plain.lastLoginIp).toBe('127.0.0.1');

    const proxied = await buildApp({ database: server.database, config: { ...readConfig({ TRUST_PROXY: '127.0.0.1' }), staticDir: '/nonexistent' } });
    try {
      expect((await proxied.inject({ method: 'POST', url: '/v1.0/user/login', headers: forwarded, payload })).json().code).toBe(200);
      const [behindProxy] = await server.database.db.select().from(users).where(eq(users.account, 'technicalSupport'));
      expect(behindProxy.lastLoginIp).toBe('6.6.6.6');
    } finally {
      await proxied.close();
    }
  });

  it('allows connections to its own origin only', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1.0/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/ws:|wss:/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
