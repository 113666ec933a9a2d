/**
 * GET /metrics and GET /v1.0/ready. Orders created, paid and timed out move their counters (read
 * before and after, through the real routes and the server's own jobs); a refused request counts
 * nothing it wrote; requests are labelled by route pattern, never the URL; each app instance counts
 * its own; without the token the endpoint is closed. Readiness answers 200 on a migrated database
 * and 503 with the reason when a migration is missing (the database out of reach:
 * tests/api/faults-db-outage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orderApi } from '../../resources/orders/api.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { allJobs } from '../../server/jobs.js';
import { useTestServer } from './harness.js';
import { create, orderNo, signed, uploadBatch } from './order-create-fixture.js';
import { insertOrder } from './orders-fixture.js';
import { startReceiver, waitFor, type Receiver } from './callback-fixture.js';
import { scrape, total, type Sample } from './metrics-fixture.js';

const TOKEN = 'metrics-test-token-0123456789';
// The server's own jobs run (the default): the timeout sweep and the callback sender are measured too.
const server = useTestServer({ METRICS_TOKEN: TOKEN });
const read = () => scrape(server.app, TOKEN);
const orders = (samples: Sample[], event: string) => total(samples, 'payadmin_orders_total', { event, product: '1034' });
const requests = (samples: Sample[], labels: Record<string, string>) => total(samples, 'payadmin_http_request_duration_seconds_count', labels);
const jobRuns = (samples: Sample[], job: string) => total(samples, 'payadmin_job_runs_total', { job, result: 'ok' });

let receiver: Receiver;
let admin = { token: '', token2: '' };
beforeAll(async () => {
  receiver = await startReceiver({ '/ok': { status: 200, body: 'success' } });
  const token = await server.login('admin');
  admin = { token, token2: await server.login2(token) };
});
afterAll(async () => receiver?.close());

const batch = (lines: string[]) => uploadBatch(server, { file: { name: 'orders.csv', content: ['mchOrderNo,productId,amount,notifyUrl', ...lines].join('\r\n') } });

describe('GET /metrics', () => {
  it('counts orders created and paid, and the callback sent, as they happen', async () => {
    const before = await read();
    const first = await create(server, signed({ notifyUrl: receiver.url('/ok') }));
    const second = await create(server, signed({ notifyUrl: receiver.url('/ok') }));
    expect([first.code, second.code]).toEqual([200, 200]);
    expect((await create(server, signed({}, 'wrongKey'))).code).toBe(4101);
    const paid = await server.call('POST', orderApi.supplement, { ...admin, body: { orderCode: first.data.orderCode, utr: `UTR${Date.now()}` } });
    expect(paid.code, paid.msg).toBe(200);

    const after = await read();
    expect(orders(after, 'created') - orders(before, 'created')).toBe(2);
    expect(orders(after, 'paid') - orders(before, 'paid')).toBe(1);
    // Refused or not, each call is a request of its route: two created, one refused by its sign.
    const createCalls = { method: 'POST', route: '/v1.0/api/order/create', status_code: '200' };
    expect(requests(after, createCalls) - requests(before, createCalls)).toBe(3);

    // The sender's call to the merchant: one attempt, acknowledged.
    await waitFor(async () => receiver.of(first.data.orderCode).length > 0, 20_000, 'the callback');
    const acknowledged = (samples: Sample[]) => total(samples, 'payadmin_callback_attempts_total', { result: 'acknowledged' });
    await waitFor(async () => acknowledged(await read()) === acknowledged(before) + 1, 10_000, 'the attempt counted');
  });

  it('counts nothing a refused request wrote: a batch rolled back at its second row', async () => {
    const taken = signed({});
    expect((await create(server, taken)).code).toBe(200);
    const before = await read();
    const refused = await batch([`${orderNo('B')},1034,10000,https://shop.example.com/n`, `${String(taken.mchOrderNo)},1034,10000,https://shop.example.com/n`]);
    expect(refused.code).toBe(4111);
    expect(orders(await read(), 'created')).toBe(orders(before, 'created'));
    const ok = await batch([`${orderNo('B')},1034,10000,https://shop.example.com/n`, `${orderNo('B')},1034,10000,https://shop.example.com/n`]);
    expect(ok.code, ok.msg).toBe(200);
    expect(orders(await read(), 'created') - orders(before, 'created')).toBe(2);
  });

  it('counts an order timed out by the sweep, and measures every job', async () => {
    // Wait for a sweep to have run, so the one after the order's expiry is the one counted.
    const start = await waitFor(async () => {
      const samples = await read();
      return jobRuns(samples, 'orderTimeouts') > 0 && samples;
    }, 20_000, 'a first sweep');
    await insertOrder(server.database.db, { expiresAt: new Date(Date.now() - 60_000) });
    const after = await waitFor(async () => {
      const samples = await read();
      return jobRuns(samples, 'orderTimeouts') >= jobRuns(start, 'orderTimeouts') + 2 && samples;
    }, 20_000, 'the next sweeps');
    expect(orders(after, 'timedOut') - orders(start, 'timedOut')).toBe(1);
    for (const job of allJobs) {
      expect(total(after, 'payadmin_job_interval_seconds', { job: job.name }), job.name).toBe(job.everyMs / 1000);
      expect(after.some((s) => s.name === 'payadmin_job_lag_seconds' && s.labels.job === job.name), job.name).toBe(true);
    }
    expect(total(after, 'payadmin_job_lag_seconds', { job: 'orderTimeouts' })).toBeLessThan(10);
    expect(total(after, 'payadmin_job_run_duration_seconds_count', { job: 'orderCallbacks' })).toBeGreaterThan(0);
  });

  it('labels requests by route pattern, never by the URL', async () => {
    const order = await insertOrder(server.database.db);
    await server.app.inject({ method: 'GET', url: `/pay/order/${order.orderCode}` });
    await server.app.inject({ method: 'GET', url: `/v1.0/no/such/${order.orderCode}` });
    const samples = (await read()).filter((s) => s.name === 'payadmin_http_request_duration_seconds_count');
    expect(samples.filter((s) => s.labels.route === '/pay/order/:orderCode').length).toBeGreaterThan(0);
    expect(samples.filter((s) => s.labels.route === 'unmatched').length).toBeGreaterThan(0);
    expect(samples.filter((s) => Object.values(s.labels).some((v) => v.includes(order.orderCode)))).toEqual([]);
  });

  it('reports the database, the callback backlog and the process', async () => {
    const samples = await read();
    expect(total(samples, 'payadmin_db_up')).toBe(1);
    for (const name of ['payadmin_db_ping_seconds', 'payadmin_callback_backlog', 'payadmin_callback_oldest_due_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(samples.some((s) => s.name === name), name).toBe(true);
    }
  });

  it('is closed without the token: 401 with a wrong or missing one, 404 when none is set', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('payadmin_');
    }
    const closed = await buildApp({ database: server.database, config: { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' } });
    const response = await closed.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('payadmin_');
    await closed.close();
  });

  it('counts per app instance: another app on the same database has counts of its own', async () => {
    const other = await buildApp({ database: server.database, config: { ...readConfig({ BACKGROUND_JOBS: 'off', METRICS_TOKEN: TOKEN }), staticDir: '/nonexistent' } });
    const mine = orders(await read(), 'created');
    const answer = await other.inject({ method: 'POST', url: '/v1.0/api/order/create', payload: signed({}) });
    expect(answer.json().code).toBe(200);
    expect(orders(await scrape(other, TOKEN), 'created')).toBe(1);
    expect(orders(await read(), 'created')).toBe(mine);
    await other.close();
  });
});

describe('GET /v1.0/ready', () => {
  it('answers 200 on a migrated database and 503 with the reason while a migration is missing', async () => {
    expect(await server.call('GET', '/ready')).toEqual({ code: 200, data: { status: 'ready' }, msg: 'success' });
    const { db } = server.database;
    const [latest] = ((await db.execute(sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest.id}`);
    try {
      const response = await server.app.inject({ method: 'GET', url: '/v1.0/ready', headers: { lang: 'en-US' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 4292, data: { status: 'notReady', missingMigrations: 1 }, msg: 'The database lacks 1 migration(s) this server needs: it cannot serve until they are applied' });
      // Liveness is another question: the process still answers.
      expect((await server.call('GET', '/health')).code).toBe(200);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at}::bigint)`);
    }
    expect((await server.app.inject({ method: 'GET', url: '/v1.0/ready' })).statusCode).toBe(200);
  });
});
