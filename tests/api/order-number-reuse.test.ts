/**
 * A merchant order number is used once, for ever: after the order cleanup moved its order to the
 * archive, the byte-identical signed request is refused as a duplicate and creates nothing (no
 * order, no reserve), by the create API, in a batch file and for payouts alike; the database
 * refuses the number whatever writes the order, and its migration takes the numbers already used,
 * archived ones included.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { ledgerEntries, orderCallbacks, orders, ordersArchive } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { clearFinishedOrders } from '../../server/order-clear-history/job.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { create, DEMO_KEY, orderCount, orderNo, signed } from './order-create-fixture.js';
import { insertOrder, orderByCode, userIdOf } from './orders-fixture.js';
import { moveTo, payoutOf } from './payout-fixture.js';

const server = useTestServer();
checkLedgerAfterAll(server);
const db = () => server.database.db;
const DAY = 86_400_000;
const old = { createdAt: new Date(Date.now() - 40 * DAY), updatedAt: new Date(Date.now() - 40 * DAY) };
let merchantId = 0;

beforeAll(async () => {
  merchantId = await userIdOf(db(), 'merchant');
  await setSetting(db(), 'DataClearCycle', 30);
});

/** Makes the order old enough (and finished) and runs the cleanup; checks it left `orders` for the archive. */
async function archive(orderCode: string, finished: Partial<typeof orders.$inferInsert> = {}) {
  await db().update(orders).set({ ...finished, ...old }).where(eq(orders.orderCode, orderCode));
  // A notification still due keeps an order (a rejected payout's is): this one is taken as delivered.
  await db().update(orderCallbacks).set({ state: 'succeeded', nextAttemptAt: null }).where(eq(orderCallbacks.orderCode, orderCode));
  await clearFinishedOrders(db());
  expect(await db().select().from(orders).where(eq(orders.orderCode, orderCode))).toEqual([]);
  expect(await db().select({ code: ordersArchive.orderCode }).from(ordersArchive).where(eq(ordersArchive.orderCode, orderCode))).toHaveLength(1);
}

const withNumber = (mchOrderNo: string) => db().select().from(orders).where(and(eq(orders.merchantId, merchantId), eq(orders.merchantOrderNo, mchOrderNo)));
const merchantRows = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(eq(ledgerEntries.userId, merchantId)))[0].n;

describe('a merchant order number after its order was archived', () => {
  it('refuses the replayed signed request as a duplicate, creating nothing', async () => {
    const body = signed({});
    const first = await create(server, body);
    expect(first.code).toBe(200);
    await archive(first.data.orderCode, { status: statusId('timedOut') });

    const before = await orderCount(db());
    expect(await create(server, body)).toMatchObject({ code: 4106, msg: `Duplicate merchant order number ${body.mchOrderNo}` });
    // Two at once: neither gets through.
    expect((await Promise.all([create(server, body), create(server, body)])).map((r) => r.code)).toEqual([4106, 4106]);
    expect(await orderCount(db())).toBe(before);
    expect(await withNumber(String(body.mchOrderNo))).toEqual([]);
  });

  it('refuses it as a payout too: no order, nothing reserved', async () => {
    const body = signed({ productId: 3017, amount: 50_000, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' });
    const first = await create(server, body);
    expect(first.code, first.msg).toBe(200);
    await moveTo(db(), await payoutOf(db(), first.data.orderCode), { action: 'reject', to: 'revoked', reason: 'not paid' });
    await archive(first.data.orderCode);

    const before = { orders: await orderCount(db()), ledger: await merchantRows() };
    expect(await create(server, body)).toMatchObject({ code: 4106 });
    expect({ orders: await orderCount(db()), ledger: await merchantRows() }).toEqual(before);
  });

  it('refuses a batch file naming it, storing none of the file', async () => {
    const mchOrderNo = orderNo('AR');
    const first = await create(server, signed({ mchOrderNo }));
    await archive(first.data.orderCode, { status: statusId('rejected') });
    const fresh = orderNo('AR');
    const header = 'mchOrderNo,productId,amount,notifyUrl';
    const content = [header, `${fresh},1034,10000,https://shop.example.com/notify`, `${mchOrderNo},1034,10000,https://shop.example.com/notify`].join('\n');
    const form = new FormData();
    for (const [k, v] of Object.entries({ mchId: '20001', key: DEMO_KEY, orderType: '1' })) form.append(k, v);
    form.append('file', new Blob([content], { type: 'text/csv' }), 'orders.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const before = await orderCount(db());
    const answer = (
      await server.app.inject({ method: 'POST', url: '/v1.0/api/order/createBatch', headers: { 'content-type': request.headers.get('content-type')!, lang: 'en-US' }, payload: Buffer.from(await request.arrayBuffer()) })
    ).json();
    expect(answer).toMatchObject({ code: 4111, msg: `Row 3 is not standard: Duplicate merchant order number ${mchOrderNo}` });
    expect(await orderCount(db())).toBe(before);
    expect(await withNumber(fresh)).toEqual([]);
  });

  it('is refused by the database, whatever writes the order; a live number is still taken as before', async () => {
    const archived = await insertOrder(db(), { state: 'rejected', ...old });
    await clearFinishedOrders(db());
    await expect(insertOrder(db(), { merchantOrderNo: archived.merchantOrderNo })).rejects.toThrow();
    expect(await withNumber(archived.merchantOrderNo)).toEqual([]);
    // Another merchant may use the same number.
    const other = await insertOrder(db(), { merchant: 'merchant2', merchantOrderNo: archived.merchantOrderNo });
    expect((await orderByCode(db(), other.orderCode)).merchantOrderNo).toBe(archived.merchantOrderNo);
    const live = signed({});
    expect((await create(server, live)).code).toBe(200);
    expect((await create(server, live)).code).toBe(4106);
  });
});

describe('migration 0015 on a database with orders and an archive', () => {
  it('takes every number used, live or archived, so none is given again', async () => {
    // The migrations up to 0014: a copy of the folder whose journal stops before 0015.
    const dir = mkdtempSync(path.join(tmpdir(), 'numbers-'));
    const folder = path.resolve('server/db/migrations');
    const earlier = path.join(dir, 'migrations');
    cpSync(folder, earlier, { recursive: true });
    const journalFile = path.join(earlier, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0015_merchant_order_numbers'));
    writeFileSync(journalFile, JSON.stringify(journal));
    const client = await PGlite.create();
    const pg = drizzle(client);
    try {
      await migrate(pg, { migrationsFolder: earlier });
      const order = (code: string, merchant: number, no: string) => sql`insert into orders (order_code, merchant_id, merchant_order_no, product_id, status, amount, pay_amount, notify_url) values (${code}, ${merchant}, ${no}, 1034, 2, 100, 100, 'https://a.example/n')`;
      const archived = (id: number, merchant: number, no: string) =>
        sql`insert into orders_archive (id, order_code, order_type, merchant_id, status, created_at, data, run_id) values (${id}, ${`A${id}`}, 1, ${merchant}, 10, now(), ${JSON.stringify({ merchant_order_no: no })}::jsonb, 1)`;
      await pg.execute(order('L1', 7, 'LIVE-1'));
      await pg.execute(archived(901, 7, 'OLD-1'));
      // The bug's own leftover: a number archived and then given again to a live order.
      await pg.execute(archived(902, 7, 'LIVE-1'));
      await pg.execute(archived(903, 8, 'OLD-1'));
      await migrate(pg, { migrationsFolder: folder });
      const { rows } = (await pg.execute(sql`select merchant_id, merchant_order_no from merchant_order_numbers order by 1, 2`)) as unknown as { rows: unknown[] };
      expect(rows).toEqual([
        { merchant_id: 7, merchant_order_no: 'LIVE-1' },
        { merchant_id: 7, merchant_order_no: 'OLD-1' },
        { merchant_id: 8, merchant_order_no: 'OLD-1' },
      ]);
      await expect(pg.execute(order('L2', 7, 'OLD-1'))).rejects.toThrow();
      await pg.execute(order('L3', 9, 'OLD-1'));
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
