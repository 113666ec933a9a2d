/**
 * The races of the routes that move money, where they can really race: two server instances (each
 * its own pool) on one PostgreSQL, the data made through the real routes. On PGlite one transaction
 * runs at a time, so a missing row lock or conditional update passes there and only shows here:
 * one claim of a payout wins, concurrent balance operations add up and never overdraw, and one
 * order confirmed many times at once is credited once. Runs in `npm test` (not only in the
 * PostgreSQL pass of the whole suite). Needs PostgreSQL (tests/api/postgres-fixture.ts): skips
 * when none answers, outside CI.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { checkLedger, formatLedgerReport } from '../../server/ledger/invariants.js';
import { orderApi } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { serverOn, type TestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { orderByCode } from './orders-fixture.js';
import { payoutOf, payoutSupplier, placeBankPayout } from './payout-fixture.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';

const { name: dbName, url: dbUrl } = throwawayDatabase('payadmin_races');

describe.skipIf(pgProblem !== null && !pgRequired)('money routes racing on PostgreSQL with two instances', () => {
  const databases: Database[] = [];
  const servers: TestServer[] = [];
  const db = (): Db => databases[0].db;
  /** The i-th of concurrent calls goes to one instance or the other. */
  const on = (i: number) => servers[i % 2];

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    databases.push(await openPostgres(dbUrl), await openPostgres(dbUrl));
    await seedDemo(db());
    for (const database of databases) servers.push(await serverOn(database, { BACKGROUND_JOBS: 'off' }));
  }, 60_000);
  afterAll(async () => {
    // The money invariants after every race.
    if (databases.length) {
      const report = await checkLedger(db());
      expect(report.ok, formatLedgerReport(report)).toBe(true);
    }
    await Promise.all(servers.map((s) => s.app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('gives one of 20 concurrent claims of a payout, from two suppliers on two instances, the payout', async () => {
    const a = await payoutSupplier(db(), 'racer01');
    const b = await payoutSupplier(db(), 'racer02');
    const tokens = [await servers[0].login('racer01'), await servers[1].login('racer02')];
    const payout = await placeBankPayout(servers[0]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => on(i).call('POST', '/payoutOrderClaim/claimOrder', { token: tokens[Math.floor(i / 2) % 2], query: { orderId: payout.id } })),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.code === 4121)).toHaveLength(19);
    const row = await payoutOf(db(), payout.orderCode);
    expect(row.payoutStatus).toBe(2);
    expect([a.id, b.id]).toContain(row.supplierId);
  }, 30_000);

  describe('balance operations of one merchant', () => {
    let merchant2 = 0;
    const tokens: { token: string; token2: string }[] = [];
    const adjust = (i: number, amount: number) =>
      on(i).call('POST', '/merchant/adjustBalance', { ...tokens[i % 2], body: { id: merchant2, amount, reason: 'race' }, headers: { 'idempotency-key': randomUUID() } });
    const balanceOf = async () => (await servers[0].call('GET', '/merchant/getOne', { token: tokens[0].token, query: { id: merchant2 } })).data.balance as number;

    beforeAll(async () => {
      merchant2 = (await db().select().from(users).where(eq(users.account, 'merchant2')))[0].id;
      for (const server of servers) {
        const token = await server.login('admin');
        tokens.push({ token, token2: await server.login2(token) });
      }
    });

    it('adds up ten concurrent credits, each posted once with its running balance', async () => {
      const before = await balanceOf();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => adjust(i, 1_00)));
      expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
      expect(await balanceOf()).toBe(before + 10_00);
      // Each running balance follows the one before it: no two postings read the same balance.
      const after = answers.map((a) => a.data.balance as number).sort((x, y) => x - y);
      expect(after).toEqual(Array.from({ length: 10 }, (_, i) => before + (i + 1) * 1_00));
    }, 30_000);

    it('lets concurrent debits take the balance to zero at most: three of eight debits of a third succeed', async () => {
      const before = await balanceOf();
      const third = Math.floor(before / 3);
      expect(third).toBeGreaterThan(2);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => adjust(i, -third)));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.code === 4131)).toHaveLength(5);
      expect(await balanceOf()).toBe(before - 3 * third);
    }, 30_000);
  });

  it('credits an order confirmed ten times at once, from two instances, once', async () => {
    const placed = await create(servers[0], signed({ amount: 777_00, userName: 'Race Payer' }));
    expect(placed.code, placed.msg).toBe(200);
    const { orderCode } = placed.data as { orderCode: string };
    // The payer's reference, on the pay page.
    const utr = await servers[1].app.inject({
      method: 'POST',
      url: `/pay/order/${orderCode}/utr`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ utr: `RACE${Date.now()}` }).toString(),
    });
    expect(utr.statusCode).toBe(303);
    expect((await orderByCode(db(), orderCode)).status).toBe(statusId('pendingConfirmation'));

    const staff: { token: string; token2: string }[] = [];
    for (const server of servers) {
      const token = await server.login('admin');
      staff.push({ token, token2: await server.login2(token) });
    }
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => on(i).call('POST', orderApi.confirm, { ...staff[i % 2], body: { orderCode } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 4113)).toHaveLength(9);
    const order = await orderByCode(db(), orderCode);
    expect(order.status).toBe(statusId('submitted'));
    // The merchant's credit for the order: one posting.
    const credits = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, orderCode), eq(ledgerEntries.userId, order.merchantId), eq(ledgerEntries.account, 'member')));
    expect(credits).toHaveLength(1);
  }, 30_000);
});
