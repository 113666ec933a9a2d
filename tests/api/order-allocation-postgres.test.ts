/**
 * Allocation under real concurrency: two server instances (each its own pool) on one PostgreSQL
 * take simultaneous creations for one product, and no account limit is passed nor a pay amount
 * shared; an allocation holding one account does not hold up orders for another. Needs PostgreSQL
 * (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { orders, receivingAccounts } from '../../server/db/schema/index.js';
import { allocate } from '../../server/orders/allocation/allocate.js';
import type { Allocation, AllocateInfo } from '../../server/orders/allocation/types.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { DEMO_KEY, grantProduct, makeAccount, makeSupplier, orderNo, signed } from './order-create-fixture.js';
import { userIdOf } from './orders-fixture.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';
import { waitForLockWaiter, within } from './postgres-waits.js';

const { name: dbName, url: dbUrl } = throwawayDatabase('payadmin_alloc');
const P = 1008;

describe.skipIf(pgProblem !== null && !pgRequired)('allocation on PostgreSQL with two instances', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const db = () => databases[0].db;
  let supplierId = 0;

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    expect(await admin(`create database ${dbName}`)).toBeNull();
    setSecretsKey(TEST_SECRETS_KEY);
    databases.push(await openPostgres(dbUrl), await openPostgres(dbUrl));
    await seedDemo(db());
    const config = { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' };
    for (const database of databases) apps.push(await buildApp({ database, config }));
    await grantProduct(db(), await userIdOf(db(), 'merchant'), P, 'merchant');
    supplierId = await makeSupplier(db(), 'allocPgSupplier', [P]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  /** Places an order of `amount` on product P through instance `i`: the answer's code and the stored row. */
  const place = async (amount: number, i = 0) => {
    const body = signed({ productId: P, amount });
    const answer = (await apps[i % apps.length].inject({ method: 'POST', url: '/v1.0/api/order/create', payload: body })).json() as { code: number };
    const [order] = await db().select().from(orders).where(eq(orders.merchantOrderNo, String(body.mchOrderNo)));
    return { code: answer.code, order };
  };
  const retire = () => db().update(receivingAccounts).set({ deletedAt: new Date() }).where(eq(receivingAccounts.productId, P));

  it('keeps every account limit and unique pay amounts under 40 simultaneous creations', async () => {
    await retire();
    const amount = 10_000;
    // Each account is stopped by a different rule, and each would take more orders without it.
    const limits = [
      { rule: 'maxConcurrentOrders', values: { maxConcurrentOrders: 5, floatAmount: 5 }, takes: 5 },
      { rule: 'dailyCountLimit', values: { dailyCountLimit: 4, floatAmount: 5 }, takes: 4 },
      { rule: 'dailyAmountLimit', values: { dailyAmountLimit: 3 * amount, floatAmount: 5 }, takes: 3 },
      // A float of 2: at most 5 open orders of one amount can each have a pay amount of their own.
      { rule: 'floatExhausted', values: { floatAmount: 2 }, takes: 5 },
    ];
    const accounts = [];
    for (const limit of limits) accounts.push({ ...limit, id: await makeAccount(db(), supplierId, P, limit.values) });

    const placed = await Promise.all(Array.from({ length: 40 }, (_, i) => place(amount, i)));

    const capacity = limits.reduce((n, l) => n + l.takes, 0);
    expect(placed.filter((p) => p.code === 200)).toHaveLength(capacity);
    expect(placed.filter((p) => p.code === 4107)).toHaveLength(40 - capacity);
    for (const account of accounts) {
      const given = placed.filter((p) => p.order.accountId === account.id).map((p) => p.order);
      // Exactly its capacity: never more (a limit passed), never less (an order refused while it had room).
      expect(given, account.rule).toHaveLength(account.takes);
      const pays = given.map((o) => o.payAmount);
      expect(new Set(pays).size, account.rule).toBe(pays.length);
      const float = account.values.floatAmount;
      for (const pay of pays) expect(Math.abs(pay - amount), account.rule).toBeLessThanOrEqual(float);
    }
    // Every refused order says why each account could not take it.
    for (const { order } of placed.filter((p) => p.code === 4107)) {
      const info = order.allocateInfo as unknown as AllocateInfo;
      expect(info.outcome).toBe('allocationFailed');
      for (const account of accounts) expect(info.candidates.find((c) => c.accountId === account.id)?.reasons, account.rule).toContain(account.rule);
    }
  }, 60_000);

  /** Uploads a batch file of `count` orders of `amount` on product P through instance `i`. */
  const uploadBatch = async (count: number, amount: number, i = 0) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ mchId: '20001', key: DEMO_KEY, orderType: '1' })) form.append(k, v);
    const lines = Array.from({ length: count }, () => `${orderNo('B')},${P},${amount},https://shop.example.com/notify`);
    form.append('file', new Blob([['mchOrderNo,productId,amount,notifyUrl', ...lines].join('\n')], { type: 'text/csv' }), 'orders.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await apps[i % apps.length].inject({
      method: 'POST',
      url: '/v1.0/api/order/createBatch',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    return response.json() as { code: number; data: { allocated: number; allocationFailed: number } };
  };

  it('takes batches and single creations side by side without waiting in a circle, within the limits', async () => {
    await retire();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await makeAccount(db(), supplierId, P, { maxConcurrentOrders: 8, floatAmount: 10 }));
    const [first, second, ...singles] = await Promise.all([uploadBatch(10, 10_000, 0), uploadBatch(10, 10_000, 1), ...Array.from({ length: 12 }, (_, i) => place(10_000, i))]);
    expect([first.code, second.code]).toEqual([200, 200]);
    const allocated = first.data.allocated + second.data.allocated + singles.filter((s) => s.code === 200).length;
    expect(singles.every((s) => s.code === 200 || s.code === 4107)).toBe(true);
    expect(allocated).toBe(24);
    const open = await db()
      .select({ accountId: orders.accountId, n: sql<number>`count(*)::int`, pays: sql<number>`count(distinct ${orders.payAmount})::int` })
      .from(orders)
      .where(and(inArray(orders.accountId, ids), eq(orders.status, 2)))
      .groupBy(orders.accountId);
    expect(open.map((o) => [o.n, o.pays])).toEqual([
      [8, 8],
      [8, 8],
      [8, 8],
    ]);
  }, 60_000);

  it('spreads simultaneous creations over the accounts in rotation', async () => {
    await retire();
    const ids = [await makeAccount(db(), supplierId, P), await makeAccount(db(), supplierId, P), await makeAccount(db(), supplierId, P)];
    const placed = await Promise.all(Array.from({ length: 30 }, (_, i) => place(10_000, i)));
    expect(placed.map((p) => p.code)).toEqual(Array(30).fill(200));
    const counts = ids.map((id) => placed.filter((p) => p.order.accountId === id).length);
    // Side by side, several creations see the same least recently allocated account; the one that
    // finds it held passes on to the next. None is left idle, none takes the lion's share.
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('places orders for one account while an allocation holds another, which waits for it', async () => {
    await retire();
    const low = await makeAccount(db(), supplierId, P, { minAmount: 10_000, maxAmount: 20_000 });
    const high = await makeAccount(db(), supplierId, P, { minAmount: 30_000, maxAmount: 40_000 });

    // An allocation to `high` whose transaction stays open: it holds that account until it ends.
    const holder = holdAllocation(databases[1].db, 35_000);
    expect((await holder.allocation).set?.accountId).toBe(high);

    // An order only `low` takes is placed while `high` is held (with a lock on the product it would wait for the holder).
    const forLow = await within(place(15_000), 'an order for the account not held');
    expect(forLow).toMatchObject({ code: 200, order: { accountId: low } });

    // One only `high` takes waits for the holder...
    let settled = false;
    const forHigh = place(35_000, 1).finally(() => (settled = true));
    await waitForLockWaiter(db());
    expect(settled).toBe(false);
    // ...and is placed on it once the holder ends (its allocation wrote nothing: the account is free).
    await holder.end();
    expect(await forHigh).toMatchObject({ code: 200, order: { accountId: high } });
  }, 30_000);

  it('passes over an account another allocation holds, even when it comes first in the rotation', async () => {
    await retire();
    const first = await makeAccount(db(), supplierId, P);
    const second = await makeAccount(db(), supplierId, P);
    const holder = holdAllocation(databases[1].db, 10_000);
    // Neither has an order: the lower id comes first, and the holder took it.
    expect((await holder.allocation).set?.accountId).toBe(first);
    const passed = await within(place(10_000), 'an order while the first account is held');
    expect(passed).toMatchObject({ code: 200, order: { accountId: second } });
    const info = passed.order.allocateInfo as unknown as AllocateInfo;
    expect(info.candidates.find((c) => c.accountId === first)?.reasons).toEqual([]);
    await holder.end();
    const open = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.accountId, [first, second]), eq(orders.status, 2)));
    expect(open[0].n).toBe(1);
  }, 30_000);
});

/** An allocation on `db` whose transaction stays open, holding its account until `end`. */
function holdAllocation(db: Db, amount: number): { allocation: Promise<Allocation>; end: () => Promise<void> } {
  let letEnd!: () => void;
  const mayEnd = new Promise<void>((resolve) => (letEnd = resolve));
  let allocated!: (allocation: Allocation) => void;
  const allocation = new Promise<Allocation>((resolve) => (allocated = resolve));
  const done = db.transaction(async (tx) => {
    allocated(await allocate(tx as unknown as Db, { action: 'allocate', amount, productIds: [P] }));
    await mayEnd;
  });
  return { allocation, end: () => (letEnd(), done) };
}
