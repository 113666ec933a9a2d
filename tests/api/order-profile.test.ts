/** GET /order/profile: per-bucket created, succeeded, success rate and time to success, test orders left out. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { orders, users } from '../../server/db/schema/index.js';
import { markId, statusId, type OrderStatus } from '../../resources/orders/statuses.js';

const server = useTestServer();
let superAdmin = '';
let counter = 0;

/** An order created at `at` (platform time), paid `paidAfter` seconds later when given. */
async function order(at: string, status: OrderStatus, extra: { paidAfter?: number; isTest?: boolean; mark?: number; orderType?: number } = {}) {
  const [merchant] = await server.database.db.select().from(users).where(eq(users.account, 'merchant'));
  const created = sql`${at}::timestamp::timestamptz`;
  await server.database.db.insert(orders).values({
    orderCode: `PROF${++counter}`,
    orderType: extra.orderType ?? 1,
    merchantId: merchant.id,
    merchantOrderNo: `PROF-M-${counter}`,
    productId: 1034,
    status: statusId(status),
    amount: 10_000,
    payAmount: 10_000,
    notifyUrl: 'https://merchant.example/notify',
    isTest: extra.isTest ?? false,
    mark: extra.mark ?? 0,
    createdAt: created,
    completedAt: extra.paidAfter === undefined ? null : sql`${created} + ${`${extra.paidAfter} seconds`}::interval`,
  });
}

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  await order('2024-03-10 08:59:00', 'allocated');
  await order('2024-03-10 10:05:00', 'allocated');
  await order('2024-03-10 10:20:00', 'submitted', { paidAfter: 100 });
  await order('2024-03-10 10:40:00', 'callbackSucceeded', { paidAfter: 300 });
  await order('2024-03-10 11:10:00', 'timedOut');
  await order('2024-03-10 11:30:00', 'callbackFailed', { paidAfter: 60 });
  // Left out: test orders however they are test, and payouts.
  await order('2024-03-10 10:30:00', 'submitted', { paidAfter: 5, isTest: true });
  await order('2024-03-10 11:00:00', 'submitted', { paidAfter: 5, mark: markId('test') });
  await order('2024-03-10 11:05:00', 'submitted', { paidAfter: 5, orderType: 2 });
});

const profile = (query: Record<string, string>, token = superAdmin) => server.call('GET', '/order/profile', { token, query });

describe('order profile', () => {
  it('answers every hour of the period with its figures, and the period’s summary', async () => {
    const { code, data } = await profile({ startTime: '2024-03-10 09:00:00', endTime: '2024-03-10 12:59:59', granularity: 'hour' });
    expect(code).toBe(200);
    expect(data).toMatchObject({ granularity: 'hour', startTime: '2024-03-10 09:00:00', endTime: '2024-03-10 12:59:59' });
    expect(data.buckets).toEqual([
      { time: '2024-03-10 09:00:00', created: 0, succeeded: 0, successRate: null, avgSuccessSeconds: null },
      { time: '2024-03-10 10:00:00', created: 3, succeeded: 2, successRate: 0.6667, avgSuccessSeconds: 200 },
      { time: '2024-03-10 11:00:00', created: 2, succeeded: 1, successRate: 0.5, avgSuccessSeconds: 60 },
      { time: '2024-03-10 12:00:00', created: 0, succeeded: 0, successRate: null, avgSuccessSeconds: null },
    ]);
    expect(data.summary).toEqual({ created: 5, succeeded: 3, successRate: 0.6, avgSuccessSeconds: 153.3 });
  });

  it('answers days, daily by default', async () => {
    const { data } = await profile({ startTime: '2024-03-09 00:00:00', endTime: '2024-03-11 23:59:59' });
    expect(data.granularity).toBe('day');
    expect(data.buckets.map((b: { time: string; created: number }) => [b.time, b.created])).toEqual([
      ['2024-03-09 00:00:00', 0],
      ['2024-03-10 00:00:00', 6],
      ['2024-03-11 00:00:00', 0],
    ]);
    expect(data.summary).toMatchObject({ created: 6, succeeded: 3, successRate: 0.5 });
  });

  it('without times covers the last week by day, or the last day by hour', async () => {
    const daily = await profile({});
    expect(daily.code).toBe(200);
    expect(daily.data.buckets).toHaveLength(8);
    expect(daily.data.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const hourly = await profile({ granularity: 'hour' });
    expect(hourly.data.buckets).toHaveLength(25);
  });

  it('refuses a bad period or granularity, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ startTime: '2024-03-11 00:00:00', endTime: '2024-03-10 00:00:00' }, 'endTime must not be earlier than the start time'],
      [{ startTime: '2024-01-01 00:00:00', endTime: '2024-03-01 00:00:00', granularity: 'hour' }, 'startTime must be within the longest period'],
      [{ startTime: '2020-01-01 00:00:00', endTime: '2024-03-01 00:00:00' }, 'startTime must be within the longest period'],
      [{ granularity: 'week' }, 'granularity is not one of the allowed values'],
      [{ startTime: '2024-03-10T00:00:00' }, 'startTime has an invalid format'],
    ];
    for (const [query, message] of cases) {
      const result = await profile(query);
      expect(result.code, JSON.stringify(query)).toBe(4000);
      expect(result.msg).toContain(message);
    }
  });

  it('is for superAdmin only', async () => {
    for (const account of ['admin', 'merchant', 'customerService']) {
      expect((await profile({}, await server.login(account))).code, account).toBe(4003);
    }
  });
});
