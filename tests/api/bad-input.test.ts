/**
 * Bad input never answers a 5xx: numbers beyond the database's integer, NUL
 * bytes and lone surrogates, bodies nested thousands deep, malformed urls, wrong types, duplicate
 * adds racing each other, and Fastify's own protocol refusals all get a 4xx-class code with a
 * translated msg naming the field, and write nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { users } from '../../server/db/schema/index.js';
import { refusalOf } from '../../server/http/register.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';

// Background jobs off: the test compares table contents before and after each refused call.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });
let admin = '';
let admin2 = '';
beforeAll(async () => {
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
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
    // The account switches are second-level calls: with token2 the input is what is refused.
    const result = await server.call(method, url, { token: admin, token2: admin2, ...options });
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

  it('says "Operation parameters missing" and names them all when a call is sent none of its parameters', async () => {
    const missing = { code: 4000, msg: 'Operation parameters missing: orderCode, rejectReason' };
    expect(await server.call('POST', '/order/reject', { token: admin, body: {} })).toMatchObject(missing);
    expect(await server.call('POST', '/order/reject', { token: admin })).toMatchObject(missing);
    expect((await server.call('POST', '/order/reject', { token: admin, body: {}, lang: 'zh-CN' })).msg).toBe('操作参数缺失：orderCode, rejectReason');
    // One parameter sent: the refusal names the field that is missing and why, as before.
    expect(await server.call('POST', '/order/reject', { token: admin, body: { orderCode: 'P1' } })).toMatchObject({ code: 4000, msg: 'Invalid parameter: rejectReason is required' });
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
    // A transaction the database ended to let a simultaneous one go on: a clear "try again", not a 500.
    expect(refusalOf(wrapped('40P01'), 'en-US')).toMatchObject({ name: 'concurrentChange', code: 4291 });
    expect(refusalOf(wrapped('40001'), 'zh-CN')).toMatchObject({ name: 'concurrentChange', code: 4291 });
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

describe('hostile bodies and urls', () => {
  const post = (url: string, payload: string, token?: string) =>
    server.app.inject({ method: 'POST', url: `/v1.0${url}`, headers: { lang: 'en-US', 'content-type': 'application/json', ...(token ? { token } : {}) }, payload });
  const nested = (depth: number, inner = '1') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const tooDeep = { code: 4000, data: null, msg: 'Invalid parameter: body is nested too deeply' };

  it('refuses a body nested 5,000 deep on every kind of route, before anything walks it', async () => {
    for (const url of ['/user/login', '/user/getInfo', '/admin/addUser', '/message/has_read', '/system-config/setSysFlag']) {
      for (const payload of [nested(5000), deepArray(5000)]) {
        const response = await post(url, payload, admin);
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual(tooDeep);
      }
    }
    const zh = await server.app.inject({ method: 'POST', url: '/v1.0/user/login', headers: { lang: 'zh-CN', 'content-type': 'application/json' }, payload: nested(5000) });
    expect(zh.json().msg).toBe('参数错误：body 嵌套层级过深');
  });

  it('leaves the session of a deep-bodied logout alive', async () => {
    const token = await server.login('customerService');
    const before = await userCount();
    expect((await post('/user/logout', nested(5000), token)).json()).toEqual(tooDeep);
    expect((await post('/user/logout', deepArray(100), token)).json()).toEqual(tooDeep);
    expect(await userCount()).toBe(before);
    expect((await server.call('POST', '/user/getInfo', { token })).code).toBe(200);
  });

  it('reads bodies up to 32 levels, and brackets inside strings do not count', async () => {
    const login = (extra: string) => post('/user/login', `{"userName":"nobody01","password":"x","extra":${extra}}`);
    expect((await login(deepArray(31))).json().code).toBe(4001);
    expect((await login(deepArray(32))).json()).toEqual(tooDeep);
    expect((await login(`"${'['.repeat(1000)}"`)).json().code).toBe(4001);
    expect((await post('/user/login', `{"userName":"${'{'.repeat(60)}","password":"x"}`)).json().code).toBe(4001);
  });

  it('refuses lone surrogates in any body text or key, naming the field, and writes nothing', async () => {
    const before = await userCount();
    const surrogate = 'Invalid parameter: nickname contains an incomplete Unicode character (a lone surrogate)';
    for (const nickname of ['\ud800x', 'x\udc00', '\udfff\ud800']) {
      const added = await server.call('POST', '/admin/addUser', { token: admin, body: { nickname, account: 'lone01', password: 'Secret123', access: 'merchant' } });
      expect(added).toMatchObject({ code: 4000, msg: surrogate });
    }
    // A proper pair (an emoji) is text like any other.
    const pair = await server.call('POST', '/admin/addUser', { token: admin, body: { nickname: 'ok\ud83d\ude00', account: 'pair01', password: 'Secret123', access: 'merchant' } });
    expect(pair.code, pair.msg).toBe(200);
    expect(await userCount()).toBe(before + 1);

    const superAdmin = await server.login('superAdmin');
    const flag = await server.call('POST', '/system-config/setSysFlag', { token: superAdmin, body: { value: 'PAY\ud800' } });
    expect(flag).toMatchObject({ code: 4000, msg: 'Invalid parameter: value contains an incomplete Unicode character (a lone surrogate)' });
    expect((await server.call('GET', '/system-config/getSysFlag', { token: superAdmin })).data).toEqual({ value: 'PAY' });
    const key = await post('/user/login', '{"userName":"admin","password":"x","\\ud800":1}');
    expect(key.json()).toMatchObject({ code: 4000, msg: 'Invalid parameter: body contains an incomplete Unicode character (a lone surrogate)' });
    const nested = await post('/user/login', '{"userName":"admin","password":"x","list":[{"a":"\\udc00"}]}');
    expect(nested.json().msg).toBe('Invalid parameter: list.0.a contains an incomplete Unicode character (a lone surrogate)');
  });

  it('never lets a lone surrogate through a query: whatever the encoding, the list answers the envelope', async () => {
    // HTTP carries no lone surrogate in a URL (it arrives as U+FFFD or as the literal escape); the
    // walk that refuses one in a query is the body's (unit-tested in tests/unit/input.test.ts).
    for (const account of ['%ED%A0%80x', '%uD800', '\ud800x']) {
      const response = await server.app.inject({ method: 'GET', url: `/v1.0/admin/getUserList?pageIndex=1&pageNum=10&account=${account}`, headers: { token: admin, lang: 'en-US' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 200, data: { total: 0 } });
    }
  });

  it('answers a malformed url with the envelope, naming the url', async () => {
    for (const url of ['/v1.0/%', '/v1.0/user/%zz', '/v1.0/%?x=1']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await server.app.inject({ method, url, headers: { lang: 'en-US' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({ code: 4000, data: null, msg: 'Invalid parameter: url is not a valid address (malformed % escape)' });
      }
    }
    const zh = await server.app.inject({ method: 'GET', url: '/v1.0/%', headers: { lang: 'zh-TW' } });
    expect(zh.json().msg).toBe('參數錯誤：url 不是有效的位址（% 跳脫格式錯誤）');
    const page = await server.app.inject({ method: 'GET', url: '/order/%' });
    expect(page.statusCode).toBe(400);
    expect(page.json().code).toBe(4000);
  });
});
