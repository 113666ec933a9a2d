/**
 * Statistics read from the daily summaries equal the orders' own figures to the cent: for every
 * filter and split, on both bases (creation, completion), over periods with whole past days, partial
 * edge days and today, and all time; and again right after old orders change (status, fees,
 * amount, supplier, completion time, mark, test flag) or are deleted, whatever day they belong to.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { orders, users } from '../../server/db/schema/index.js';
import { markId, statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { createProfile } from '../../server/merchants/member-store.js';
import { aggregate, aggregateRaw, rowsOf, type RawRow, type StatisticsRequest } from '../../server/statistics/engine.js';
import { expectedRows, storedOrders } from './statistics-oracle.js';
import { setSwitch } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const merchants: number[] = [];
const suppliers: number[] = [];
const placed: number[] = [];
let counter = 0;

async function member(account: string, role: 'merchant' | 'supplier') {
  const [user] = await db()
    .insert(users)
    .values({ account, nickname: `${account} Ltd`, role, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning();
  await createProfile(db(), user.id, role, true);
  return user.id;
}

const STATUSES: OrderStatus[] = ['submitted', 'callbackSucceeded', 'callbackFailed', 'allocated', 'timedOut', 'rejected'];

/** Orders from 6 days ago to today, at varied hours, with every kind of figure. */
async function seed() {
  for (let i = 0; i < 160; i += 1) {
    counter += 1;
    const daysAgo = i % 7;
    const status = STATUSES[i % STATUSES.length];
    const payout = i % 5 === 0;
    const paid = ['submitted', 'callbackSucceeded', 'callbackFailed'].includes(status);
    const created = `date_trunc('day', now()) - interval '${daysAgo} days' + interval '${(i * 37) % 1440} minutes'`;
    const [row] = await db()
      .insert(orders)
      .values({
        orderCode: `SUMM${counter}`,
        orderType: payout ? 2 : 1,
        merchantId: merchants[i % merchants.length],
        supplierId: i % 11 === 0 ? null : suppliers[i % suppliers.length],
        merchantOrderNo: `SUMM-M-${counter}`,
        productId: [1034, 1008, 1045][i % 3],
        status: statusId(status),
        payoutStatus: payout ? (paid ? 4 : 1) : null,
        amount: 10_000 + i * 101,
        payAmount: 10_000 + i * 101,
        merchantFee: paid ? 50 + i : 0,
        supplierFee: paid ? 30 + i : 0,
        notifyUrl: 'https://merchant.example/notify',
        isTest: i % 13 === 0,
        mark: i % 17 === 0 ? markId('test') : i % 4 === 0 ? 1 : 0,
        createdAt: sql.raw(created),
        // Some complete the next day (or the day after): the completion basis moves them.
        completedAt: paid ? sql.raw(`least(${created} + interval '${(i * 53) % 2000} minutes', now())`) : null,
      })
      .returning({ id: orders.id });
    placed.push(row.id);
  }
}

const day = (daysAgo: number, time = '00:00:00') => sql`to_char(current_date - ${daysAgo}::int, 'YYYY-MM-DD') || ' ' || ${time}`;
async function text(expr: ReturnType<typeof sql>): Promise<string> {
  return rowsOf<{ t: string }>(await db().execute(sql`select ${expr} as t`))[0].t;
}

const byKey = (rows: RawRow[]) => [...rows].sort((a, b) => String(a.key).localeCompare(String(b.key)));

/** Every combination of filters and splits the summaries answer (and some they leave to the orders). */
async function requests(): Promise<StatisticsRequest[]> {
  const periods = [
    { start: await text(day(6)), end: await text(day(-1)) },
    { start: await text(day(5, '13:30:00')), end: await text(day(1, '08:00:00')) },
    { start: await text(day(4)), end: await text(day(2)) },
    { start: await text(day(3, '10:00:00')), end: await text(day(0, '23:00:00')) },
    null,
  ];
  const out: StatisticsRequest[] = [];
  for (const period of periods)
    for (const byCompletion of [false, true])
      for (const orderType of [1, 2])
        for (const grouping of ['time', 'product', 'merchant', 'supplier', null] as const)
          for (const filter of [{}, { merchantIds: [merchants[0]] }, { supplierIds: [suppliers[1], suppliers[2]] }, { productId: 1008 }, { mark: 1 }, { merchantIds: [merchants[1]], supplierIds: [suppliers[0]] }, { merchantIds: [] }]) {
            if (grouping === 'time' && !period) continue;
            out.push({ orderType, period, byCompletion, grouping, timeFormat: { unit: 'day', pattern: 'YYYY-MM-DD' }, ...filter });
          }
  const week = periods[0]!;
  out.push({ orderType: 1, period: week, byCompletion: false, grouping: 'time', timeFormat: { unit: 'month', pattern: 'YYYY-MM' } });
  out.push({ orderType: 1, period: { start: await text(day(1)), end: await text(day(0, '12:00:00')) }, byCompletion: true, grouping: 'time', timeFormat: { unit: 'hour', pattern: 'YYYY-MM-DD HH24:MI' } });
  return out;
}

/** Both the summaries' path and the orders' own path give the figures worked out from the stored orders. */
async function expectSummariesExact() {
  const stored = await storedOrders(db());
  for (const req of await requests()) {
    const expected = byKey(expectedRows(stored, req));
    expect(byKey(await aggregate(db(), req)), JSON.stringify(req)).toEqual(expected);
    expect(byKey(await aggregateRaw(db(), req)), `raw ${JSON.stringify(req)}`).toEqual(expected);
  }
}

const statistics = (token: string, query: Record<string, unknown>) => server.call('GET', '/order/statisticsV2', { token, query });

beforeAll(async () => {
  for (let i = 0; i < 3; i += 1) merchants.push(await member(`summMerchant${i}`, 'merchant'));
  for (let i = 0; i < 4; i += 1) suppliers.push(await member(`summSupplier${i}`, 'supplier'));
  await seed();
});

describe('statistics summaries', () => {
  it('answer what the orders answer, for every filter and split', async () => {
    await expectSummariesExact();
    const built = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from order_stat_merchant`))[0].n;
    expect(built).toBeGreaterThan(0);
  }, 180_000);

  it('stay exact right after old orders change or are deleted', async () => {
    await expectSummariesExact();
    const old = (n: number) => placed[placed.length - 1 - n * 7 - 3];
    await db().update(orders).set({ status: statusId('submitted'), merchantFee: 999, supplierFee: 111, completedAt: sql`${orders.createdAt} + interval '3 hours'` }).where(eq(orders.id, old(1)));
    await db().update(orders).set({ merchantFee: 12_345, amount: 77_777 }).where(eq(orders.id, old(2)));
    await db().update(orders).set({ supplierId: suppliers[3] }).where(eq(orders.id, old(3)));
    await db().update(orders).set({ completedAt: sql`${orders.completedAt} - interval '2 days'` }).where(inArray(orders.id, [old(4), old(5)]));
    await db().update(orders).set({ mark: markId('test') }).where(eq(orders.id, old(6)));
    await db().update(orders).set({ isTest: true }).where(eq(orders.id, old(7)));
    await db().update(orders).set({ status: statusId('timedOut'), payoutStatus: 1 }).where(eq(orders.id, old(8)));
    await db().update(orders).set({ createdAt: sql`${orders.createdAt} - interval '1 day'` }).where(eq(orders.id, old(9)));
    await db().delete(orders).where(eq(orders.id, old(10)));
    await expectSummariesExact();
  }, 180_000);

  it('statisticsV2 and the dashboard total agree with the orders on both bases', async () => {
    const staff = await server.login('admin');
    for (const completion of [false, true]) {
      await setSwitch(server, 'CompleteTimeFilter', completion);
      const period = { start: await text(day(6)), end: await text(day(-1)) };
      const query = { startTime: period.start, endTime: await text(day(0, '23:59:59')), merchantUserId: merchants[2] };
      for (const groupBy of ['time', 'product', 'supplier']) {
        const { code, data, msg } = await statistics(staff, { ...query, groupBy });
        expect(code, msg).toBe(200);
        const [raw] = expectedRows(await storedOrders(db()), { orderType: 1, period, byCompletion: completion, grouping: null, timeFormat: { unit: 'day', pattern: 'YYYY-MM-DD' }, merchantIds: [merchants[2]] });
        expect(raw.created).toBeGreaterThan(0);
        expect(data.total).toMatchObject({ created: raw.created, succeeded: raw.succeeded, successAmount: raw.successAmount, merchantFee: raw.merchantFee, supplierFee: raw.supplierFee });
      }
      await db().update(orders).set({ merchantFee: sql`${orders.merchantFee} + 1` }).where(eq(orders.id, placed[5]));
      const total = await server.call('GET', '/order/statistics/total', { token: staff });
      const [all] = expectedRows(await storedOrders(db()), { orderType: 1, period: null, byCompletion: completion, grouping: null, timeFormat: { unit: 'day', pattern: 'YYYY-MM-DD' } });
      expect(total.data).toMatchObject({ created: all.created, succeeded: all.succeeded, successAmount: all.successAmount, merchantFee: all.merchantFee, supplierFee: all.supplierFee });
    }
    await setSwitch(server, 'CompleteTimeFilter', false);
  }, 60_000);
});
