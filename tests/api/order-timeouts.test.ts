/**
 * The timeout sweep: an allocated order past its expiresAt becomes timed out, through the state
 * machine, audited with the system as actor, exactly once even when two sweeps run at once (on
 * PostgreSQL: two instances, each with its own connection pool, on one database). The server runs
 * the sweep by itself; the expiry lives in the database, so nothing is lost across a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { auditRecords, orders } from '../../server/db/schema/index.js';
import { openPostgres } from '../../server/db/client.js';
import type { Db } from '../../server/db/client.js';
import { sweepTimeouts } from '../../server/orders/timeouts.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const past = () => new Date(Date.now() - 60_000);

async function timeoutAudits(database: Db, codes: string[]) {
  return database.select().from(auditRecords).where(and(inArray(auditRecords.target, codes), eq(auditRecords.action, 'order.timeout')));
}

describe('the timeout sweep', () => {
  it('times out expired allocated orders once, even with two sweeps at once, and nothing else', async () => {
    const expired = await Promise.all([1, 2, 3].map(() => insertOrder(db(), { expiresAt: past() })));
    const fresh = await insertOrder(db());
    const paying = await insertOrder(db(), { state: 'pendingConfirmation', expiresAt: past() });
    const codes = expired.map((o) => o.orderCode);

    const moved = await Promise.all([sweepTimeouts(db()), sweepTimeouts(db())]);
    expect(moved[0] + moved[1]).toBeGreaterThanOrEqual(3);
    for (const order of expired) expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('timedOut'));
    expect((await orderByCode(db(), fresh.orderCode)).status).toBe(statusId('allocated'));
    expect((await orderByCode(db(), paying.orderCode)).status).toBe(statusId('pendingConfirmation'));

    const audits = await timeoutAudits(db(), codes);
    expect(audits).toHaveLength(3);
    for (const audit of audits) expect(audit).toMatchObject({ userId: null, before: { status: 'allocated' }, after: { status: 'timedOut', reason: 'expired' } });
    // A later sweep finds nothing more to do.
    await sweepTimeouts(db());
    expect(await timeoutAudits(db(), codes)).toHaveLength(3);
  });

  it('goes by the test clock when one is set: an order due in a minute times out once the clock is past it', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'clock-')), 'offset');
    const dueSoon = await insertOrder(db(), { expiresAt: new Date(Date.now() + 60_000) });
    process.env.TEST_CLOCK_FILE = file;
    try {
      writeFileSync(file, '30000');
      await sweepTimeouts(db());
      expect((await orderByCode(db(), dueSoon.orderCode)).status).toBe(statusId('allocated'));
      writeFileSync(file, '65000');
      await sweepTimeouts(db());
      expect((await orderByCode(db(), dueSoon.orderCode)).status).toBe(statusId('timedOut'));
    } finally {
      delete process.env.TEST_CLOCK_FILE;
    }
  });

  it('runs in the server by itself', async () => {
    // Jobs start when the app is ready (listening, or at its first request).
    await server.app.ready();
    const order = await insertOrder(db(), { expiresAt: past() });
    const deadline = Date.now() + 15_000;
    while ((await orderByCode(db(), order.orderCode)).status !== statusId('timedOut') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('timedOut'));
  }, 20_000);
});

// Two instances on one PostgreSQL: the same test as above with two pools racing over many orders.
const adminUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const available = await pgAnswers();
const required = Boolean(process.env.CI && process.env.PG_TEST_URL);
const dbName = `payadmin_sweep_${randomBytes(4).toString('hex')}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!available && !required)('the timeout sweep on PostgreSQL', () => {
  afterAll(async () => {
    if (available) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('times each order out exactly once when two instances sweep at the same time', async () => {
    if (!available) throw new Error(`PG_TEST_URL does not answer (required in CI)`);
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const one = await openPostgres(url.toString());
    const two = await openPostgres(url.toString());
    try {
      const values = Array.from({ length: 500 }, (_, i) => ({
        orderCode: `PG${i}`,
        merchantId: 1,
        merchantOrderNo: `PGM${i}`,
        productId: 1034,
        supplierId: 2,
        accountId: 1,
        status: statusId('allocated'),
        amount: 10_000,
        payAmount: 10_000,
        notifyUrl: 'http://127.0.0.1:9/notify',
        expiresAt: past(),
      }));
      await one.db.insert(orders).values(values);
      const moved = await Promise.all([sweepTimeouts(one.db), sweepTimeouts(two.db), sweepTimeouts(one.db), sweepTimeouts(two.db)]);
      expect(moved.reduce((a, b) => a + b, 0)).toBe(500);
      const audits = await timeoutAudits(one.db, values.map((v) => v.orderCode));
      expect(audits).toHaveLength(500);
      expect(new Set(audits.map((a) => a.target)).size).toBe(500);
      const left = await one.db.select({ id: orders.id }).from(orders).where(eq(orders.status, statusId('allocated')));
      expect(left).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
});
