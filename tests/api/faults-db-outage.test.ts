/**
 * The database out of reach: a TCP proxy between the server and PostgreSQL is cut. Every API call,
 * the readiness check included, answers at once HTTP 503 with databaseUnavailable (no 500, no
 * stack, no hang), while the liveness check answers 200 and /metrics says payadmin_db_up 0; the
 * process lives on; once the proxy is back the server serves again by itself, without a restart,
 * and a money call refused meanwhile acts once when retried. Needs PostgreSQL
 * (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
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
import { scrape, total } from './metrics-fixture.js';

const METRICS_TOKEN = 'outage-metrics-token-0123456789';

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
    app = await buildApp({ database: viaProxy, config: { ...readConfig({ BACKGROUND_JOBS: 'off', METRICS_TOKEN }), staticDir: '/nonexistent' } });
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
    expect((await call('GET', '/ready')).json).toEqual({ code: 200, data: { status: 'ready' }, msg: 'success' });

    const up = await scrape(app, METRICS_TOKEN);
    expect(total(up, 'payadmin_db_up')).toBe(1);
    expect(total(up, 'payadmin_db_pool_connections', { state: 'max' })).toBe(10);
    expect(total(up, 'payadmin_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    await proxy.cut();
    // The scrape still answers, at once, and says the database is down.
    const started = Date.now();
    expect(total(await scrape(app, METRICS_TOKEN), 'payadmin_db_up')).toBe(0);
    expect(Date.now() - started).toBeLessThan(4000);
    // Alive, not ready: a liveness probe must not get the process restarted for the database's outage.
    expect((await call('GET', '/health')).status).toBe(200);
    const during = [await call('GET', '/ready'), await call('GET', '/merchant/getList'), await call('POST', '/merchant/adjustBalance', adjust, { 'idempotency-key': key })];
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ code: 4290, data: null, msg: 'The service is temporarily unavailable (its database cannot be reached): please try again shortly' });
      expect(answer.body).not.toMatch(/\bat \w|Error|ECONN|select /);
      expect(answer.ms).toBeLessThan(3000);
    }
    const inChinese = await app.inject({ method: 'GET', url: '/v1.0/ready', headers: { lang: 'zh-TW' } });
    expect(inChinese.json().msg).toBe('服務暫時無法使用（無法連線資料庫），請稍後重試');

    await proxy.restore();
    let ready = 0;
    for (const deadline = Date.now() + 10_000; ready !== 200 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) ready = (await call('GET', '/ready')).status;
    expect(ready).toBe(200);
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
