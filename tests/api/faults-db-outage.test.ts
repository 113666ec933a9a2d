/**
 * The database out of reach: a TCP proxy between the server and PostgreSQL is cut. Every API call,
 * the health check included, answers at once HTTP 503 with databaseUnavailable (no 500, no stack,
 * no hang) and the process lives on; once the proxy is back the server serves again by itself,
 * without a restart, and a money call refused meanwhile acts once when retried. Needs PostgreSQL
 * (tests/api/postgres-fixture.ts): skips when none answers, outside CI, and in the API_DB=postgres pass.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openPostgres, type Database } from '../../server/db/client.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { checkLedger, formatLedgerReport } from '../../server/ledger/invariants.js';
import { isDatabaseUnavailable } from '../../server/http/db-unavailable.js';
import { pgProblem } from './postgres-fixture.js';
import { seededDatabase, skipFaults, tcpProxy, type Proxy } from './faults-fixture.js';

describe.skipIf(skipFaults)('database out of reach', () => {
  let seeded: Awaited<ReturnType<typeof seededDatabase>>;
  let proxy: Proxy;
  let viaProxy: Database;
  let app: FastifyInstance;
  let token = '';
  let token2 = '';

  const call = async (method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const response = await app.inject({ method, url: `/v1.0${url}`, headers: { lang: 'en-US', token, token2, ...headers }, ...(body ? { payload: body } : {}) });
    return { status: response.statusCode, body: response.body, json: response.json(), ms: Date.now() - started };
  };

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    seeded = await seededDatabase('payadmin_outage');
    const target = new URL(seeded.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(seeded.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    viaProxy = await openPostgres(proxied.toString());
    app = await buildApp({ database: viaProxy, config: { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' } });
    token = (await call('POST', '/user/login', { userName: 'admin', password: DEMO_PASSWORD })).json.data.token;
    token2 = (await call('POST', '/user/login2', { password: DEMO_PASSWORD, logInReason: 'test' })).json.data.token2;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.close();
    await seeded?.drop();
  });

  it('answers 503 databaseUnavailable at once while cut, and recovers by itself when restored', async () => {
    const [merchant] = await seeded.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant2'));
    const adjust = { id: merchant.id, amount: 777, reason: 'outage test' };
    const key = randomUUID();
    expect((await call('GET', '/health')).status).toBe(200);

    await proxy.cut();
    const during = [await call('GET', '/health'), await call('GET', '/merchant/getList'), await call('POST', '/merchant/adjustBalance', adjust, { 'idempotency-key': key })];
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ code: 4290, data: null, msg: 'The service is temporarily unavailable (its database cannot be reached): please try again shortly' });
      expect(answer.body).not.toMatch(/\bat \w|Error|ECONN|select /);
      expect(answer.ms).toBeLessThan(3000);
    }
    const inChinese = await app.inject({ method: 'GET', url: '/v1.0/health', headers: { lang: 'zh-TW' } });
    expect(inChinese.json().msg).toBe('服務暫時無法使用（無法連線資料庫），請稍後重試');

    await proxy.restore();
    let health = 0;
    for (const deadline = Date.now() + 10_000; health !== 200 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) health = (await call('GET', '/health')).status;
    expect(health).toBe(200);
    // The same session still works, and the adjustment refused during the outage acts once on retry.
    expect((await call('GET', '/merchant/getList')).json.code).toBe(200);
    const first = await call('POST', '/merchant/adjustBalance', adjust, { 'idempotency-key': key });
    const again = await call('POST', '/merchant/adjustBalance', adjust, { 'idempotency-key': key });
    expect(first.json.code, first.json.msg).toBe(200);
    expect(again.json).toEqual(first.json);
    const rows = await seeded.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, merchant.id), eq(ledgerEntries.note, 'outage test')));
    expect(rows).toHaveLength(1);
    const report = await checkLedger(seeded.database.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
  }, 40_000);
});

describe('what counts as the database out of reach', () => {
  it('is a lost or refused connection, not a refused query or an outbound call', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBe(false);
  });
});
