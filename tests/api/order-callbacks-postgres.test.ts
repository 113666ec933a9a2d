/**
 * Two instances on one PostgreSQL (each with its own connection pool, so claims really race):
 * concurrent claims never hand out the same task, and two running workers never send an attempt
 * twice. Needs PostgreSQL at PG_TEST_URL, like postgres.test.ts: skips when none answers, except
 * in CI with PG_TEST_URL set, where an unreachable server is a failure.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { orderCallbacks } from '../../server/db/schema/index.js';
import { claimDue } from '../../server/orders/callbacks/worker.js';
import { attemptsOf, paidOrder, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { LOCAL_RECEIVERS } from './harness.js';

const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(statement: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(statement);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const problem = await admin('select 1');
const required = Boolean(process.env.CI && process.env.PG_TEST_URL);
const dbName = `payadmin_cb_${randomBytes(4).toString('hex')}`;

describe.skipIf(problem !== null && !required)('callbacks on PostgreSQL with two instances', () => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  let one: Database;
  let two: Database;
  let receiver: Receiver;

  beforeAll(async () => {
    if (problem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${problem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    one = await openPostgres(url.toString());
    two = await openPostgres(url.toString());
    await seedDemo(one.db);
    receiver = await startReceiver({
      '/ok': { status: 200, body: 'success' },
      // Fails once, then takes it.
      '/flaky': (count) => (count < 1 ? { status: 503, body: 'busy' } : { status: 200, body: 'success' }),
    });
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await one?.close();
    await two?.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('concurrent claims from two pools never hand out one task twice', async () => {
    const orders = [];
    for (let i = 0; i < 40; i++) orders.push(await paidOrder(one.db, { notifyUrl: receiver.url(i % 4 === 0 ? '/flaky' : '/ok') }));
    const claimed: number[] = [];
    for (let round = 0; round < 20; round++) {
      const batches = await Promise.all([claimDue(one.db, 3, 60_000), claimDue(two.db, 3, 60_000), claimDue(one.db, 3, 60_000), claimDue(two.db, 3, 60_000)]);
      claimed.push(...batches.flat().map((t) => t.orderId));
    }
    expect(claimed.length).toBe(new Set(claimed).size);
    expect([...claimed].sort()).toEqual(orders.map((o) => o.id).sort());
    // Due again for the workers below.
    await one.db.update(orderCallbacks).set({ nextAttemptAt: sql`now()` });
  }, 30_000);

  it('two running workers share the work without sending an attempt twice', async () => {
    const config = { ...readConfig({ ...LOCAL_RECEIVERS, CALLBACK_RETRY_SECONDS: '1', CALLBACK_TIMEOUT_SECONDS: '10' }), staticDir: '/nonexistent' };
    const apps = [await buildApp({ database: one, config }), await buildApp({ database: two, config })];
    await Promise.all(apps.map((app) => app.ready()));
    try {
      // This test's tasks (the demo orders' callbacks are finished ones, never claimed).
      const tasks = (await one.db.select().from(orderCallbacks)).filter((t) => t.url.startsWith(receiver.url('')));
      expect(tasks).toHaveLength(40);
      for (const task of tasks) await waitFor(async () => (await taskOf(one.db, task.orderId)).state === 'succeeded', 20_000, task.orderCode);
      for (const task of tasks) {
        const attempts = await attemptsOf(one.db, task.orderId);
        expect(receiver.of(task.orderCode), task.orderCode).toHaveLength(attempts.length);
        expect(attempts.filter((a) => a.success)).toHaveLength(1);
        expect(attempts.length).toBe(task.url.endsWith('/flaky') ? 2 : 1);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 60_000);
});
