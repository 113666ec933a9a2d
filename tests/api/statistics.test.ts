/**
 * Statistics and the dashboard: after a known set of orders and payouts of members no other data
 * touches, GET /order/statisticsV2, the dashboard's today / yesterday / total and the balance
 * statistics agree with the orders and the ledger to the cent; test orders stay out;
 * CompleteTimeFilter switches the basis; the settings are read on every request; a merchant or a
 * supplier never gets another's figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { ledgerEntries, orders, users } from '../../server/db/schema/index.js';
import { markId, statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { createProfile } from '../../server/merchants/member-store.js';
import { setSwitch } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const ids: Record<string, number> = {};
let staff = '';
let counter = 0;

/** A member of its own (demo password), so no demo order is among its figures. */
async function member(account: string, role: 'merchant' | 'supplier', parentId: number | null = null) {
  const [user] = await db()
    .insert(users)
    .values({ account, nickname: `${account} Ltd`, role, parentId, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning();
  await createProfile(db(), user.id, role, true);
  ids[account] = user.id;
}

interface Placed {
  merchant: string;
  supplier: string;
  /** SQL time of creation; completion `paidAfter` minutes later when given. */
  at: string;
  status: OrderStatus;
  amount: number;
  merchantFee?: number;
  supplierFee?: number;
  productId?: number;
  paidAfter?: number;
  isTest?: boolean;
  mark?: number;
  payoutStatus?: number;
}

async function place(o: Placed) {
  counter += 1;
  const created = sql.raw(o.at);
  await db()
    .insert(orders)
    .values({
      orderCode: `STAT${counter}`,
      orderType: o.payoutStatus ? 2 : 1,
      merchantId: ids[o.merchant],
      supplierId: ids[o.supplier],
      merchantOrderNo: `STAT-M-${counter}`,
      productId: o.productId ?? 1034,
      status: statusId(o.status),
      payoutStatus: o.payoutStatus ?? null,
      amount: o.amount,
      payAmount: o.amount,
      merchantFee: o.merchantFee ?? 0,
      supplierFee: o.supplierFee ?? 0,
      notifyUrl: 'https://merchant.example/notify',
      isTest: o.isTest ?? false,
      mark: o.mark ?? 0,
      createdAt: sql`${created}`,
      completedAt: o.paidAfter === undefined ? null : sql`${created} + ${`${o.paidAfter} minutes`}::interval`,
    });
}

const TODAY = `date_trunc('day', now()) + interval '2 hours'`;
const YESTERDAY = `date_trunc('day', now()) - interval '20 hours'`;
const day = (text: string) => `'${text}'::timestamp::timestamptz`;

const statistics = (query: Record<string, unknown>, token = staff) => server.call('GET', '/order/statisticsV2', { token, query });
const dashboard = (period: 'today' | 'yesterday' | 'total', token = staff, query: Record<string, unknown> = {}) => server.call('GET', `/order/statistics/${period}`, { token, query });

beforeAll(async () => {
  staff = await server.login('admin');
  await member('statMerchantA', 'merchant');
  await member('statMerchantB', 'merchant');
  await member('statSupplierA', 'supplier');
  await member('statAgentA', 'supplier', ids.statSupplierA);
  await member('statSupplierB', 'supplier');
  const A = { merchant: 'statMerchantA', supplier: 'statSupplierA' };
  // Today: merchant A, two paid 1034 orders (one through the agent), one paid 1008, two unpaid.
  await place({ ...A, at: TODAY, status: 'submitted', amount: 1_234_567, merchantFee: 6_173, supplierFee: 3_704, paidAfter: 5 });
  await place({ ...A, supplier: 'statAgentA', at: TODAY, status: 'callbackSucceeded', amount: 50_001, merchantFee: 250, supplierFee: 150, paidAfter: 5 });
  await place({ ...A, at: TODAY, status: 'callbackFailed', amount: 9_999, merchantFee: 50, supplierFee: 30, productId: 1008, paidAfter: 5 });
  await place({ ...A, at: TODAY, status: 'allocated', amount: 70_000 });
  await place({ ...A, at: TODAY, status: 'timedOut', amount: 80_000 });
  // Today: merchant B with supplier B, one paid, one rejected.
  await place({ merchant: 'statMerchantB', supplier: 'statSupplierB', at: TODAY, status: 'submitted', amount: 300_000, merchantFee: 1_500, supplierFee: 900, paidAfter: 5 });
  await place({ merchant: 'statMerchantB', supplier: 'statSupplierB', at: TODAY, status: 'rejected', amount: 10_000 });
  // Left out everywhere: test orders, however they are test.
  await place({ ...A, at: TODAY, status: 'submitted', amount: 777_777, merchantFee: 1, paidAfter: 5, isTest: true });
  await place({ ...A, at: TODAY, status: 'submitted', amount: 888_888, merchantFee: 1, paidAfter: 5, mark: markId('test') });
  // Yesterday: merchant A, one paid.
  await place({ ...A, at: YESTERDAY, status: 'submitted', amount: 20_000, merchantFee: 100, supplierFee: 60, paidAfter: 5 });
  // Payouts of merchant A today: one completed, one waiting.
  await place({ ...A, at: TODAY, status: 'submitted', payoutStatus: 4, amount: 40_000, merchantFee: 400, supplierFee: 200, paidAfter: 5 });
  await place({ ...A, at: TODAY, status: 'waitingForProcessing', payoutStatus: 1, amount: 60_000, merchantFee: 600 });
  // A fixed past day, for time splits and the completion basis: created on the 10th, one paid on the 11th.
  await place({ ...A, at: day('2023-05-10 09:30:00'), status: 'submitted', amount: 10_000, merchantFee: 50, supplierFee: 30, paidAfter: 60 * 24 });
  await place({ ...A, at: day('2023-05-10 13:00:00'), status: 'submitted', amount: 5_000, merchantFee: 25, supplierFee: 15, paidAfter: 10 });
  await place({ ...A, at: day('2023-05-10 14:00:00'), status: 'timedOut', amount: 7_000 });
});

/** Merchant A's collection figures today, by hand from the orders placed above. */
const MERCHANT_A_TODAY = {
  created: 5,
  succeeded: 3,
  successAmount: 1_234_567 + 50_001 + 9_999,
  successRate: 0.6,
  merchantFee: 6_173 + 250 + 50,
  supplierFee: 3_704 + 150 + 30,
  platformIncome: 6_173 + 250 + 50 - (3_704 + 150 + 30),
};

/** The figures of the matching orders, summed by the database from the orders table itself. */
async function ordersSum(where: ReturnType<typeof sql>) {
  const success = sql`${orders.status} in (3, 4, 13)`;
  const [row] = await db()
    .select({
      created: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) filter (where ${success}))::int`,
      amount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${success}), 0)::text`,
      fee: sql<string>`coalesce(sum(${orders.merchantFee}) filter (where ${success}), 0)::text`,
    })
    .from(orders)
    .where(and(eq(orders.orderType, 1), eq(orders.isTest, false), sql`${orders.mark} <> 2`, where));
  return { created: row.created, succeeded: row.succeeded, successAmount: Number(row.amount), merchantFee: Number(row.fee) };
}

describe('statistics', () => {
  it('a merchant’s figures today agree with its orders, per product and in total, test orders left out', async () => {
    const { code, data, msg } = await statistics({ merchantUserId: ids.statMerchantA, groupBy: 'product' });
    expect(code, msg).toBe(200);
    expect(data.total).toEqual(MERCHANT_A_TODAY);
    expect(data.rows).toEqual([
      { key: 1034, label: null, created: 4, succeeded: 2, successAmount: 1_284_568, successRate: 0.5, merchantFee: 6_423, supplierFee: 3_854, platformIncome: 2_569 },
      { key: 1008, label: null, created: 1, succeeded: 1, successAmount: 9_999, successRate: 1, merchantFee: 50, supplierFee: 30, platformIncome: 20 },
    ]);
  });

  it('dashboard today = statisticsV2 today = the sum of the matching orders, to the cent', async () => {
    const [today, v2] = await Promise.all([dashboard('today'), statistics({})]);
    const todayWhere = sql`${orders.createdAt} >= date_trunc('day', now()) and ${orders.createdAt} < date_trunc('day', now()) + interval '1 day'`;
    const expected = await ordersSum(todayWhere);
    expect(today.data).toMatchObject(expected);
    expect(v2.data.total).toMatchObject(expected);
    expect(today.data).toMatchObject(v2.data.total);
    // Per group: the merchant split sums to the total, and each merchant's row is its orders' sum.
    const byMerchant = await statistics({ groupByMerchant: 'true' });
    expect(byMerchant.data.groupBy).toBe('merchant');
    expect(byMerchant.data.rows.reduce((s: number, r: { successAmount: number }) => s + r.successAmount, 0)).toBe(expected.successAmount);
    const rowB = byMerchant.data.rows.find((r: { key: number }) => r.key === ids.statMerchantB);
    expect(rowB).toMatchObject({ label: 'statMerchantB Ltd', created: 2, succeeded: 1, successAmount: 300_000, merchantFee: 1_500 });
    expect(await ordersSum(and(todayWhere, eq(orders.merchantId, ids.statMerchantB))!)).toMatchObject({ created: 2, successAmount: 300_000 });
  });

  it('yesterday and total of a member add up with its orders', async () => {
    const merchant = await server.login('statMerchantA');
    expect((await dashboard('yesterday', merchant)).data).toMatchObject({ created: 1, succeeded: 1, successAmount: 20_000, merchantFee: 100, supplierFee: null, platformIncome: null });
    expect((await dashboard('total', merchant)).data).toMatchObject({ created: 9, succeeded: 6, successAmount: MERCHANT_A_TODAY.successAmount + 20_000 + 15_000 });
    // A period given by dates.
    expect((await dashboard('today', merchant, { todayDate: '2023-05-10', tomorrowDate: '2023-05-11' })).data).toMatchObject({ created: 3, succeeded: 2, successAmount: 15_000 });
  });

  it('payouts: created, completed and their amount and fees', async () => {
    const { data } = await statistics({ orderType: 2, merchantUserId: ids.statMerchantA });
    expect(data.total).toEqual({ created: 2, succeeded: 1, successAmount: 40_000, successRate: 0.5, merchantFee: 400, supplierFee: 200, platformIncome: 200 });
  });

  it('splits a period by OrderStatisticsTimeFormat, every bucket answered; CompleteTimeFilter switches the basis', async () => {
    const period = { merchantUserId: ids.statMerchantA, startTime: '2023-05-10 00:00:00', endTime: '2023-05-11 23:59:59' };
    const byDay = await statistics(period);
    expect(byDay.data).toMatchObject({ groupBy: 'time', timeUnit: 'day', basis: 'created', startTime: '2023-05-10 00:00:00', endTime: '2023-05-11 23:59:59' });
    expect(byDay.data.rows.map((r: { label: string; created: number; successAmount: number }) => [r.label, r.created, r.successAmount])).toEqual([
      ['2023-05-10', 3, 15_000],
      ['2023-05-11', 0, 0],
    ]);
    await setSwitch(server, 'CompleteTimeFilter', true);
    try {
      const byCompletion = await statistics(period);
      expect(byCompletion.data.basis).toBe('completed');
      expect(byCompletion.data.rows.map((r: { label: string; successAmount: number }) => [r.label, r.successAmount])).toEqual([
        ['2023-05-10', 5_000],
        ['2023-05-11', 10_000],
      ]);
    } finally {
      await setSwitch(server, 'CompleteTimeFilter', false);
    }
    const token = await server.login('superAdmin');
    const token2 = await server.login2(token);
    await server.call('POST', '/system-config/setOrderStatisticsTimeFormat', { token, token2, body: { value: 'YYYY-MM-DD HH:mm' } });
    try {
      const byHour = await statistics({ ...period, endTime: '2023-05-10 14:59:59' });
      expect(byHour.data.timeUnit).toBe('hour');
      expect(byHour.data.rows).toHaveLength(15);
      expect(byHour.data.rows.filter((r: { created: number }) => r.created).map((r: { label: string }) => r.label)).toEqual(['2023-05-10 09:00', '2023-05-10 13:00', '2023-05-10 14:00']);
    } finally {
      await server.call('POST', '/system-config/setOrderStatisticsTimeFormat', { token, token2, body: { value: 'YYYY-MM-DD' } });
    }
  });

  it('a merchant or a supplier gets only its own figures, whatever it asks', async () => {
    const merchantA = await server.login('statMerchantA');
    const own = await statistics({}, merchantA);
    expect(own.data.total).toEqual({ ...MERCHANT_A_TODAY, supplierFee: null, platformIncome: null });
    expect((await statistics({ merchantUserId: ids.statMerchantB }, merchantA)).data.total).toMatchObject({ created: 0, successAmount: 0 });
    expect((await dashboard('today', merchantA)).data).toMatchObject({ created: 5, successAmount: MERCHANT_A_TODAY.successAmount });
    // A supplier: itself and its agent, never supplier B's orders; no merchant fee, no platform income.
    const supplierA = await server.login('statSupplierA');
    const team = await statistics({ groupBy: 'supplier' }, supplierA);
    expect(team.data.total).toEqual({ ...MERCHANT_A_TODAY, merchantFee: null, platformIncome: null });
    expect(team.data.rows.map((r: { key: number }) => r.key).sort()).toEqual([ids.statSupplierA, ids.statAgentA].sort());
    expect((await statistics({ supplierUserId: ids.statSupplierB }, supplierA)).data.total.created).toBe(0);
  });

  it('ShowUserStatisticInfo off: members get no split by merchant or supplier; staff still do', async () => {
    await setSwitch(server, 'ShowUserStatisticInfo', false);
    try {
      const supplierA = await server.login('statSupplierA');
      const refused = await statistics({ groupBy: 'supplier' }, supplierA);
      expect(refused.code).toBe(4140);
      const byTime = await statistics({}, supplierA);
      expect(byTime.data.showUserInfo).toBe(false);
      expect((await statistics({ groupBy: 'merchant' })).code).toBe(200);
    } finally {
      await setSwitch(server, 'ShowUserStatisticInfo', true);
    }
  });

  it('refuses bad filters, naming the field', async () => {
    const cases: Record<string, unknown>[] = [
      { startTime: '2024-02-30 00:00:00' },
      { startTime: '2024-03-11 00:00:00', endTime: '2024-03-10 00:00:00' },
      { orderType: 3 },
      { orderType: '0x1' },
      { orderMark: 9 },
      { groupBy: 'week' },
      { merchantUserId: '1e2' },
    ];
    for (const query of cases) expect((await statistics(query)).code, JSON.stringify(query)).toBe(4000);
    expect((await dashboard('today', staff, { todayDate: '2024-13-01' })).code).toBe(4000);
  });

  it('roles: the statistics and the dashboard are for the roles the abilities name', async () => {
    const support = await server.login('technicalSupport');
    expect((await statistics({}, support)).code).toBe(4003);
    expect((await dashboard('today', support)).code).toBe(4003);
    const cs = await server.login('customerService');
    expect((await statistics({}, cs)).code).toBe(200);
  });
});

describe('balance statistics', () => {
  /** Available balances from the ledger itself (account member). */
  async function ledgerSum(userIds: number[]): Promise<number> {
    const [row] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.userId, userIds), eq(ledgerEntries.account, 'member')));
    return Number(row.total);
  }
  const roleIds = async (role: string) => (await db().select({ id: users.id }).from(users).where(eq(users.role, role))).map((u) => u.id);

  it('staff: total merchant and code-merchant balance = the ledger; a merchant its own; a supplier its team', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(ledgerEntries).values([
        { userId: ids.statMerchantA, amount: 123_45n, reason: 'opening' },
        { userId: ids.statSupplierA, amount: 500_00n, reason: 'opening' },
        { userId: ids.statAgentA, amount: 1_01n, reason: 'opening' },
        { userId: null, account: 'platformEquity', amount: -624_46n, reason: 'opening' },
      ]);
    });
    const { data } = await server.call('GET', '/user/getTotalBalance', { token: staff });
    expect(data).toEqual({ merchantBalance: await ledgerSum(await roleIds('merchant')), supplierBalance: await ledgerSum(await roleIds('supplier')) });
    const merchant = await server.call('GET', '/user/getTotalBalance', { token: await server.login('statMerchantA') });
    expect(merchant.data).toEqual({ merchantBalance: 123_45, supplierBalance: null });
    const supplier = await server.call('GET', '/user/getTotalBalance', { token: await server.login('statSupplierA') });
    expect(supplier.data).toEqual({ merchantBalance: null, supplierBalance: 501_01 });
  });

  it('the service state is readable by every dashboard reader', async () => {
    const merchant = await server.login('statMerchantA');
    expect((await server.call('GET', '/home/getServiceState', { token: merchant })).data).toEqual({ enable: true });
  });
});
