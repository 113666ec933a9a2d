/**
 * Settings at work: for each setting, the behaviour it governs changes as soon as it is set, with
 * no restart (docs/settings.md lists every setting and its proof). Settings are set through the
 * store or, where it matters that the API does it, through /system-config/set<Name>.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestServer, type Envelope } from './harness.js';
import { create, makeAccount, makeSupplier, signed } from './order-create-fixture.js';
import { insertOrder, orderByCode, userIdOf } from './orders-fixture.js';
import { payoutOf, payoutSupplier, placeBankPayout } from './payout-fixture.js';
import { auditRecords, orderCallbacks, orders, sessions } from '../../server/db/schema/index.js';
import { settingPath } from '../../resources/system-config/settings.js';
import { assignPool } from '../../server/payouts/auto-assign.js';
import { allocate } from '../../server/orders/allocation/allocate.js';
import { statusId } from '../../resources/orders/statuses.js';
import type { Db } from '../../server/db/client.js';
import { clearFinishedOrders } from '../../server/order-clear-history/job.js';
import { ORDER_COUNT_LIMIT } from '../../server/orders/list.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
let superAdmin = '';
let superAdmin2 = '';
let admin = '';
let admin2 = '';

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
});

/** Sets a setting the way the config screen does. */
async function set(name: string, body: { enable: boolean } | { value: number | string }) {
  expect((await server.call('POST', settingPath('set', name), { token: superAdmin, token2: superAdmin2, body })).code).toBe(200);
}

/** A call from a chosen client address (the harness's own calls come from 127.0.0.1). */
async function callFrom(ip: string, url: string, token?: string): Promise<Envelope> {
  const response = await server.app.inject({ method: 'POST', url: `/v1.0${url}`, remoteAddress: ip, headers: { lang: 'en-US', ...(token ? { token } : {}) }, payload: {} });
  return response.json();
}

describe('orders', () => {
  it('OrderTimeoutMinutes: the next order expires after the new number of minutes', async () => {
    await set('OrderTimeoutMinutes', { value: 7 });
    try {
      const answer = await create(server, signed({}));
      expect(answer.code, answer.msg).toBe(200);
      const order = await orderByCode(db(), answer.data.orderCode);
      const minutes = (order.expiresAt!.getTime() - order.createdAt.getTime()) / 60_000;
      expect(minutes).toBeGreaterThan(6.9);
      expect(minutes).toBeLessThan(7.1);
    } finally {
      await set('OrderTimeoutMinutes', { value: 15 });
    }
  });

  it('ApiUrl: the pay link answered to the merchant starts with the address set, at once', async () => {
    await set('ApiUrl', { value: 'https://pay.example.org/' });
    try {
      const answer = await create(server, signed({}));
      expect(answer.data.payUrl).toBe(`https://pay.example.org/pay/order/${answer.data.orderCode}`);
    } finally {
      await set('ApiUrl', { value: '' });
    }
    expect((await create(server, signed({}))).data.payUrl).not.toContain('pay.example.org');
  });

  it('enableService: order creation is refused while it is off, taken again once on', async () => {
    await set('enableService', { enable: false });
    try {
      expect((await create(server, signed({}))).code).toBe(4120);
    } finally {
      await set('enableService', { enable: true });
    }
    expect((await create(server, signed({}))).code).toBe(200);
  });

  it('HighPerfOrderQuery: the order list stops counting at the cap while on, counts exactly while off', async () => {
    const merchantId = await userIdOf(db(), 'merchant');
    // Enough orders to pass the cap, written in one statement.
    await db().execute(sql`
      insert into orders (order_code, merchant_id, merchant_order_no, product_id, status, amount, pay_amount, notify_url)
      select 'HP' || g, ${merchantId}, 'HPM' || g, 1034, 5, 100, 100, 'http://127.0.0.1:9/n' from generate_series(1, ${ORDER_COUNT_LIMIT + 1}) g`);
    const exactTotal = Number((await db().select({ n: sql<string>`count(*)` }).from(orders).where(sql`${orders.orderType} = 1 and ${orders.status} <> 10`))[0].n);
    const list = async () => (await server.call('GET', '/order/getList', { token: admin, query: { pageIndex: 1, pageSize: 10, notInOrderStatusIds: 10 } })).data;
    await set('HighPerfOrderQuery', { enable: true });
    expect(await list()).toMatchObject({ total: ORDER_COUNT_LIMIT, totalCapped: true });
    await set('HighPerfOrderQuery', { enable: false });
    try {
      const exact = await list();
      expect(exact.total).toBe(exactTotal);
      expect(exact).not.toHaveProperty('totalCapped');
    } finally {
      await set('HighPerfOrderQuery', { enable: true });
      await db().delete(orders).where(sql`${orders.orderCode} like 'HP%' and ${orders.merchantOrderNo} like 'HPM%'`);
    }
  });

  it('DataClearCycle: finished orders older than the cycle are cleared, younger and unfinished ones stay', async () => {
    const at = (days: number) => ({ createdAt: new Date(Date.now() - days * 86_400_000), updatedAt: new Date(Date.now() - days * 86_400_000) });
    const older = await insertOrder(db(), { state: 'rejected', ...at(12) });
    const younger = await insertOrder(db(), { state: 'rejected', ...at(8) });
    const open = await insertOrder(db(), { state: 'allocated', ...at(12) });
    await set('DataClearCycle', { value: 10 });
    try {
      const run = await clearFinishedOrders(db());
      expect(run).toMatchObject({ cycleDays: 10 });
      expect(await orderByCode(db(), older.orderCode)).toBeUndefined();
      expect(await orderByCode(db(), younger.orderCode)).toBeDefined();
      expect(await orderByCode(db(), open.orderCode)).toBeDefined();
    } finally {
      await set('DataClearCycle', { value: 30 });
    }
  });
});

describe('callbacks', () => {
  it("TimeoutCallbackTime: a paid order's merchant callback is retried until that many minutes after it is scheduled", async () => {
    await set('TimeoutCallbackTime', { value: 45 });
    try {
      const order = await insertOrder(db(), { state: 'pendingConfirmation' });
      expect((await server.call('POST', '/order/confirmOrder', { token: admin, token2: admin2, body: { orderCode: order.orderCode } })).code).toBe(200);
      const [task] = await db().select().from(orderCallbacks).where(eq(orderCallbacks.orderId, order.id));
      const minutes = (task.deadlineAt.getTime() - task.createdAt.getTime()) / 60_000;
      expect(minutes).toBeGreaterThan(44.9);
      expect(minutes).toBeLessThan(45.1);
    } finally {
      await set('TimeoutCallbackTime', { value: 0 });
    }
  });
});

describe('allocation', () => {
  it("LimitUseSuccessAmount: an account's daily amount counts the orders given, or only the paid ones while on", async () => {
    const supplierId = await makeSupplier(db(), 'limitsup1', [1034]);
    const accountId = await makeAccount(db(), supplierId, 1034, { dailyAmountLimit: 15_000 });
    const given = await insertOrder(db(), { supplierId, accountId, amount: 10_000, payAmount: 10_000 });
    const outcome = async () => (await db().transaction((tx) => allocate(tx as unknown as Db, { action: 'release', amount: 10_000, productIds: [], onlyAccountId: accountId }))).info;
    const refused = await outcome();
    expect(refused.outcome).toBe('allocationFailed');
    expect(refused.candidates[0].reasons).toContain('dailyAmountLimit');
    await set('LimitUseSuccessAmount', { enable: true });
    try {
      // The order given today is not paid: it no longer counts.
      expect((await outcome()).outcome).toBe('allocated');
      await db().update(orders).set({ status: statusId('callbackSucceeded') }).where(eq(orders.id, given.id));
      expect((await outcome()).outcome).toBe('allocationFailed');
    } finally {
      await set('LimitUseSuccessAmount', { enable: false });
    }
  });
});

describe('payouts', () => {
  it('AutoAssignPayoutOrder: pool payouts are given to an eligible account only while it is on', async () => {
    await payoutSupplier(db(), 'autoassign1');
    const payout = await placeBankPayout(server);
    expect(await assignPool(db())).toBe(0);
    expect((await payoutOf(db(), payout.orderCode)).payoutStatus).toBe(1);
    await set('AutoAssignPayoutOrder', { enable: true });
    try {
      expect(await assignPool(db())).toBeGreaterThan(0);
      expect((await payoutOf(db(), payout.orderCode)).payoutStatus).toBe(2);
    } finally {
      await set('AutoAssignPayoutOrder', { enable: false });
    }
  });
});

describe('display', () => {
  it('ShowLogo: getInfo answers the switch as it now is', async () => {
    const token = await server.login('merchant');
    expect((await server.call('POST', '/user/getInfo', { token })).data.showLogo).toBe(true);
    await set('ShowLogo', { enable: false });
    try {
      expect((await server.call('POST', '/user/getInfo', { token })).data.showLogo).toBe(false);
    } finally {
      await set('ShowLogo', { enable: true });
    }
  });
});

describe('flag', () => {
  it('SysFlag: getInfo answers the flag as it now is', async () => {
    const token = await server.login('admin');
    await set('SysFlag', { value: 'PAY2' });
    try {
      expect((await server.call('POST', '/user/getInfo', { token })).data.systemFlag).toBe('PAY2');
    } finally {
      await set('SysFlag', { value: 'PAY' });
    }
  });
});

describe('money and security', () => {
  const balancePost = (url: string, body: object) => server.call('POST', url, { token: superAdmin, token2: superAdmin2, body, headers: { 'idempotency-key': randomUUID() } });

  it('CanClearMerchantBalance: clearing a balance is refused while off and done while on', async () => {
    const merchant2 = await userIdOf(db(), 'merchant2');
    await set('CanClearMerchantBalance', { enable: false });
    expect((await balancePost('/merchant/clearBalance', { id: merchant2, reason: 'closing' })).code).toBe(4133);
    await set('CanClearMerchantBalance', { enable: true });
    try {
      const cleared = await balancePost('/merchant/clearBalance', { id: merchant2, reason: 'closing' });
      expect(cleared.code, cleared.msg).toBe(200);
      expect(cleared.data.balance).toBe(0);
    } finally {
      await set('CanClearMerchantBalance', { enable: false });
    }
  });

  it('the Google-verify switches: each asks its own operations for a Google code only while on', async () => {
    const merchant2 = await userIdOf(db(), 'merchant2');
    const adjust = () => server.call('POST', '/merchant/adjustBalance', { token: admin, token2: admin2, body: { id: merchant2, amount: 100, reason: 'check' }, headers: { 'idempotency-key': randomUUID() } });
    const supplement = async () => server.call('POST', '/order/replenishmentOrder', { token: admin, token2: admin2, body: { orderCode: (await insertOrder(db())).orderCode, utr: `UTR${Date.now()}` } });
    // A batch that does not exist: refused as not found, unless the code is asked first.
    const batch = () => server.call('POST', '/payoutBatch/export', { token: admin, token2: admin2, body: { id: 999_999 }, headers: { 'idempotency-key': randomUUID() } });
    const cases: [string, () => Promise<Envelope>][] = [
      ['GoogleVerifyBalanceOperation', adjust],
      ['GoogleVerifyManualSupplement', supplement],
      ['GoogleVerifyBatchOperations', batch],
    ];
    for (const [name, call] of cases) {
      expect((await call()).code, `${name} off`).not.toBe(4010);
      await set(name, { enable: true });
      try {
        expect((await call()).code, `${name} on`).toBe(4010);
        // Only its own operations: the others still go through without a code.
        for (const [other, otherCall] of cases) if (other !== name) expect((await otherCall()).code, `${other} while ${name} on`).not.toBe(4010);
      } finally {
        await set(name, { enable: false });
      }
    }
  });

  it('EnableIpChangedCheck: a session used from another address ends (1003, revoked, audited) only while on', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/v1.0/user/login', remoteAddress: '203.0.113.10', headers: { lang: 'en-US' }, payload: { userName: 'customerService', password: DEMO_PASSWORD } });
    const token = login.json().data.token as string;
    expect((await callFrom('203.0.113.10', '/user/getInfo', token)).code).toBe(200);
    // Off: another address is served.
    expect((await callFrom('198.51.100.20', '/user/getInfo', token)).code).toBe(200);
    await set('EnableIpChangedCheck', { enable: true });
    try {
      expect((await callFrom('203.0.113.10', '/user/getInfo', token)).code).toBe(200);
      expect((await callFrom('198.51.100.20', '/user/getInfo', token)).code).toBe(1003);
      // Ended for good: the login address is refused too.
      expect((await callFrom('203.0.113.10', '/user/getInfo', token)).code).toBe(1003);
      const ended = await db().select().from(sessions).where(and(eq(sessions.ip, '203.0.113.10'), sql`${sessions.revokedAt} is not null`));
      expect(ended.length).toBe(1);
      const [audit] = await db().select().from(auditRecords).where(eq(auditRecords.action, 'session.ipChanged'));
      expect(audit).toMatchObject({ ip: '198.51.100.20', before: { ip: '203.0.113.10' }, after: { revoked: true } });
    } finally {
      await set('EnableIpChangedCheck', { enable: false });
    }
  });

  it("EnablePayPassword: a supplier's confirm needs its payment password while on; an admin's does not", async () => {
    const supplier = await server.login('supplier');
    // Confirming moves money: it needs the second-level token as well, for either.
    const seconds = new Map([[supplier, await server.login2(supplier)], [admin, admin2]]);
    const confirm = async (token: string, extra: object = {}) =>
      server.call('POST', '/order/confirmOrder', { token, token2: seconds.get(token), body: { orderCode: (await insertOrder(db(), { state: 'pendingConfirmation' })).orderCode, ...extra } });
    expect((await confirm(supplier)).code).toBe(200);
    await set('EnablePayPassword', { enable: true });
    try {
      expect((await confirm(supplier)).code).toBe(4210);
      expect((await server.call('POST', '/profile/setPayPassword', { token: supplier, body: { loginPassword: DEMO_PASSWORD, payPassword: 'PayPass123', confirmPayPassword: 'PayPass123' } })).code).toBe(200);
      expect((await confirm(supplier)).code).toBe(4211);
      expect((await confirm(supplier, { payPassword: 'Wrong12345' })).code).toBe(4212);
      const paid = await confirm(supplier, { payPassword: 'PayPass123' });
      expect(paid.code, paid.msg).toBe(200);
      expect((await confirm(admin)).code).toBe(200);
    } finally {
      await set('EnablePayPassword', { enable: false });
    }
  });
});
