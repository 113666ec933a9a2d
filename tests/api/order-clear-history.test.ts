/**
 * The DataClearCycle order cleanup on the real server: finished orders (collection and payout)
 * older than the cycle move to the archive; unfinished, young and still-notifying ones stay; every
 * ledger and audit row stays and the ledger's balances still equal the sum of their rows; each run
 * is recorded and listed for superAdmin and, read-only, for technical maintenance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { insertOrder } from './orders-fixture.js';
import { orderCallbacks, orderClearHistory, orders, ordersArchive } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { clearFinishedOrders } from '../../server/order-clear-history/job.js';
import { payoutStateId } from '../../resources/payouts/states.js';
import { statusId } from '../../resources/orders/statuses.js';

const server = useTestServer();
const db = () => server.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const old = () => ({ createdAt: daysAgo(40), updatedAt: daysAgo(40) });

/** A fingerprint of a whole table: rows and content. */
async function fingerprint(table: string): Promise<string> {
  const { rows } = (await db().execute(sql.raw(`select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) as f from "${table}" t`))) as unknown as { rows: { f: string }[] };
  return rows[0].f;
}

const codesIn = async (codes: string[]) => (await db().select({ code: orders.orderCode }).from(orders).where(inArray(orders.orderCode, codes))).map((r) => r.code);

let superAdmin = '';
let maintenance = '';

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  maintenance = await server.login('technicalMaintenance');
});

describe('order cleanup (DataClearCycle)', () => {
  const finished: string[] = [];
  const kept: string[] = [];
  let paidWithLedger = '';

  it('clears finished orders older than the cycle and nothing else; ledger and audit untouched', async () => {
    await setSetting(db(), 'DataClearCycle', 30);
    // A seeded paid order with ledger rows, made old: its rows must survive it.
    const { rows: paid } = (await db().execute(sql`
      select o.order_code from orders o where o.status = ${statusId('callbackSucceeded')} and o.order_type = 1
        and exists (select 1 from ledger_entries l where l.ref_type = 'order' and l.ref_id = o.order_code) limit 1`)) as unknown as { rows: { order_code: string }[] };
    expect(paid.length).toBe(1);
    paidWithLedger = paid[0].order_code;
    await db().update(orders).set(old()).where(eq(orders.orderCode, paidWithLedger));
    await db().delete(orderCallbacks).where(sql`${orderCallbacks.orderCode} = ${paidWithLedger} and ${orderCallbacks.state} = 'pending'`);
    finished.push(paidWithLedger);

    for (const state of ['callbackFailed', 'rejected', 'timedOut'] as const) finished.push((await insertOrder(db(), { state, ...old() })).orderCode);
    finished.push((await insertOrder(db(), { state: 'submitted', orderType: 2, payoutStatus: payoutStateId('completed'), ...old() })).orderCode);
    finished.push((await insertOrder(db(), { state: 'rejected', orderType: 2, payoutStatus: payoutStateId('revoked'), ...old() })).orderCode);

    // Unfinished (open, paid but notifying, waiting payout), young, and finished but still notifying.
    kept.push((await insertOrder(db(), { state: 'allocated', ...old() })).orderCode);
    kept.push((await insertOrder(db(), { state: 'pendingConfirmation', ...old() })).orderCode);
    kept.push((await insertOrder(db(), { state: 'submitted', ...old() })).orderCode);
    kept.push((await insertOrder(db(), { state: 'waitingForProcessing', orderType: 2, payoutStatus: payoutStateId('waiting'), ...old() })).orderCode);
    kept.push((await insertOrder(db(), { state: 'callbackSucceeded', createdAt: daysAgo(10), updatedAt: daysAgo(10) })).orderCode);
    kept.push((await insertOrder(db(), { state: 'rejected', createdAt: daysAgo(40), updatedAt: daysAgo(2) })).orderCode);
    const notifying = await insertOrder(db(), { state: 'callbackFailed', ...old() });
    await db().insert(orderCallbacks).values({ orderId: notifying.id, orderCode: notifying.orderCode, merchantOrderNo: notifying.merchantOrderNo, merchantId: notifying.merchantId, url: 'http://127.0.0.1:9/n', deadlineAt: new Date(Date.now() + DAY) });
    kept.push(notifying.orderCode);

    const ledgerBefore = await fingerprint('ledger_entries');
    const auditBefore = await fingerprint('audit_records');
    const total = Number((await db().select({ n: sql<string>`count(*)` }).from(orders))[0].n);

    // Two orders per chunk: the run goes through the finished orders in several, and counts them all.
    const run = await clearFinishedOrders(db(), 2);
    expect(run).not.toBeNull();

    expect(await codesIn(finished)).toEqual([]);
    expect((await codesIn(kept)).sort()).toEqual([...kept].sort());
    expect(Number((await db().select({ n: sql<string>`count(*)` }).from(orders))[0].n)).toBe(total - run!.collectionCount - run!.payoutCount);
    expect(await fingerprint('ledger_entries')).toBe(ledgerBefore);
    expect(await fingerprint('audit_records')).toBe(auditBefore);

    // The archive holds each cleared order whole, under the code the ledger names.
    const archived = await db().select().from(ordersArchive).where(inArray(ordersArchive.orderCode, finished));
    expect(archived.map((a) => a.orderCode).sort()).toEqual([...finished].sort());
    const paidArchive = archived.find((a) => a.orderCode === paidWithLedger)!;
    expect((paidArchive.data as { order_code: string; amount: number }).order_code).toBe(paidWithLedger);
    expect(archived.every((a) => a.runId === run!.id)).toBe(true);
  });

  it('keeps every member balance equal to the sum of its rows and its newest running balance', async () => {
    const { rows } = (await db().execute(sql`
      select user_id, account, sum(amount)::text as total, (array_agg(balance_after order by id desc))[1]::text as newest
      from ledger_entries where user_id is not null group by user_id, account`)) as unknown as { rows: { total: string; newest: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.newest).toBe(row.total);
    const { rows: unbalanced } = (await db().execute(sql`select ref_type, ref_id from ledger_entries group by ref_type, ref_id having sum(amount) <> 0`)) as unknown as { rows: unknown[] };
    expect(unbalanced).toEqual([]);
  });

  it('records the run: when, the cycle, how many of each kind and the range cleared', async () => {
    const [run] = await db().select().from(orderClearHistory).orderBy(sql`${orderClearHistory.id} desc`).limit(1);
    expect(run.cycleDays).toBe(30);
    expect(run.collectionCount).toBeGreaterThanOrEqual(4);
    expect(run.payoutCount).toBeGreaterThanOrEqual(2);
    expect(run.rangeStart!.getTime()).toBeLessThanOrEqual(run.rangeEnd!.getTime());
    expect(run.rangeEnd!.getTime()).toBeLessThan(run.cutoff.getTime());
    expect(Math.abs(run.cutoff.getTime() - daysAgo(30).getTime())).toBeLessThan(60_000);
  });

  it('reads the cycle on each run: a longer cycle clears nothing of what a shorter one would', async () => {
    const middle = await insertOrder(db(), { state: 'rejected', createdAt: daysAgo(20), updatedAt: daysAgo(20) });
    await setSetting(db(), 'DataClearCycle', 25);
    const first = await clearFinishedOrders(db());
    expect(first!.collectionCount + first!.payoutCount).toBe(0);
    expect(await codesIn([middle.orderCode])).toEqual([middle.orderCode]);
    await setSetting(db(), 'DataClearCycle', 15);
    const second = await clearFinishedOrders(db());
    expect(second!.collectionCount).toBe(1);
    expect(second!.cycleDays).toBe(15);
    expect(await codesIn([middle.orderCode])).toEqual([]);
  });

  it('is off below one day: nothing cleared, no run recorded', async () => {
    await setSetting(db(), 'DataClearCycle', 0);
    const runs = (await db().select().from(orderClearHistory)).length;
    expect(await clearFinishedOrders(db())).toBeNull();
    expect((await db().select().from(orderClearHistory)).length).toBe(runs);
    await setSetting(db(), 'DataClearCycle', 30);
  });
});

describe('order clear history screens', () => {
  it('lists the runs for superAdmin and, read-only, for technical maintenance', async () => {
    for (const token of [superAdmin, maintenance]) {
      const page = await server.call('GET', '/orderClearHistory/getList', { token, query: { pageIndex: 1, pageSize: 10 } });
      expect(page.code).toBe(200);
      expect(page.data.total).toBeGreaterThanOrEqual(3);
      expect(page.data.list[0]).toHaveProperty('collectionCount');
    }
  });

  it('refuses other roles, and technical maintenance cannot change the cycle', async () => {
    for (const account of ['admin', 'merchant', 'supplier', 'customerService']) {
      const token = await server.login(account);
      expect((await server.call('GET', '/orderClearHistory/getList', { token, query: { pageIndex: 1, pageSize: 10 } })).code).toBe(4003);
    }
    expect((await server.call('POST', '/system-config/setDataClearCycle', { token: maintenance, body: { value: 1 } })).code).toBe(4003);
    expect((await server.call('GET', '/system-config/getDataClearCycle', { token: superAdmin })).data.value).toBe(30);
  });
});
