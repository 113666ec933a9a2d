/**
 * Allocation: ranges, daily limits, concurrency, float, minimum balance and rotation decide the
 * account; failures are stored with their reasons; reselect, retry and release run it again; the
 * explanation is shown to those who may read the order. Product 1008 is used with accounts made
 * per test, so the demo account (product 1034) stays out of the way.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, orders, receivingAccounts, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { payAmountFor } from '../../server/orders/allocation/pay-amount.js';
import { create, grantProduct, makeAccount, makeSupplier, orderCount, setAccepting, setAccount, signed } from './order-create-fixture.js';
import { orderByCode, userIdOf } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const P = 1008;
let supplierId = 0;
let admin = '';

beforeAll(async () => {
  await grantProduct(db(), await userIdOf(db(), 'merchant'), P, 'merchant');
  supplierId = await makeSupplier(db(), 'allocSupplier', [P]);
  admin = await server.login('admin');
});

// Every test starts with no account of the product; each makes its own.
beforeEach(async () => {
  await db().update(receivingAccounts).set({ deletedAt: new Date() }).where(eq(receivingAccounts.productId, P));
  await setSetting(db(), 'LimitMode', 'strict');
});

/** Places an order of `amount` on product 1008 and answers the stored row (or the refusal code). */
async function place(amount: number) {
  const body = signed({ productId: P, amount });
  const result = await create(server, body);
  const [order] = await db().select().from(orders).where(eq(orders.merchantOrderNo, String(body.mchOrderNo)));
  return { code: result.code, order };
}

const reasonsOf = (order: { allocateInfo: unknown }, accountId: number) => (order.allocateInfo as { candidates: { accountId: number; reasons: string[] }[] }).candidates.find((c) => c.accountId === accountId)?.reasons;
const lastOrder = async () => (await db().select().from(orders).orderBy(sql`${orders.id} desc`).limit(1))[0];
const timeOut = (id: number) => db().update(orders).set({ status: 10 }).where(eq(orders.id, id));

describe('allocation rules', () => {
  it('gives an order to an account whose range admits it, and refuses one no range admits', async () => {
    const low = await makeAccount(db(), supplierId, P, { minAmount: 10_000, maxAmount: 20_000 });
    const high = await makeAccount(db(), supplierId, P, { minAmount: 30_000, maxAmount: 40_000 });
    const a = await place(15_000);
    expect(a.order.accountId).toBe(low);
    expect(reasonsOf(a.order, high)).toEqual(['belowMinAmount']);
    expect((await place(35_000)).order.accountId).toBe(high);
    expect((await place(40_000)).order.accountId).toBe(high);
    const before = await orderCount(db());
    expect((await place(25_000)).code).toBe(4108);
    expect(await orderCount(db())).toBe(before);
  });

  it('rotates fairly: the least recently allocated account goes first', async () => {
    const accounts = [await makeAccount(db(), supplierId, P), await makeAccount(db(), supplierId, P), await makeAccount(db(), supplierId, P)];
    const given = [];
    for (let i = 0; i < 6; i++) given.push((await place(10_000)).order.accountId);
    expect(given).toEqual([...accounts, ...accounts]);
  });

  it('floats the pay amount to keep it unique among the account’s open orders, within the float', async () => {
    const account = await makeAccount(db(), supplierId, P, { floatAmount: 2 });
    const pays = [];
    for (let i = 0; i < 5; i++) pays.push((await place(10_000)).order.payAmount);
    expect(pays).toEqual([10_000, 10_001, 9_999, 10_002, 9_998]);
    const full = await place(10_000);
    expect(full.code).toBe(4107);
    expect(reasonsOf(await lastOrder(), account)).toEqual(['floatExhausted']);
    // A timed-out order frees its pay amount.
    const [second] = await db().select().from(orders).where(eq(orders.payAmount, 10_001)).orderBy(sql`${orders.id} desc`).limit(1);
    await timeOut(second.id);
    expect((await place(10_000)).order).toMatchObject({ accountId: account, payAmount: 10_001 });
    // Without a float, equal amounts share the account.
    expect(payAmountFor(10_000, 0, [10_000])).toBe(10_000);
  });

  it('holds max concurrent orders under simultaneous creations, and counts them as processing', async () => {
    const account = await makeAccount(db(), supplierId, P, { maxConcurrentOrders: 2 });
    const results = await Promise.all([1, 2, 3, 4].map(() => create(server, signed({ productId: P, amount: 10_000 }))));
    expect(results.map((r) => r.code).sort()).toEqual([200, 200, 4107, 4107]);
    expect(reasonsOf(await lastOrder(), account)).toEqual(['maxConcurrentOrders']);
    const detail = await server.call('GET', '/resource/getResourceDetailInfo', { token: admin, query: { resourceId: account } });
    expect(detail.data).toMatchObject({ processingOrderCount: 2, processingOrderAmount: 20_000 });
  });

  it('stops at the daily count limit; relaxed mode does not count timed-out orders', async () => {
    const account = await makeAccount(db(), supplierId, P, { dailyCountLimit: 2 });
    const first = await place(10_000);
    await place(10_000);
    expect((await place(10_000)).code).toBe(4107);
    expect(reasonsOf(await lastOrder(), account)).toEqual(['dailyCountLimit']);
    await timeOut(first.order.id);
    expect((await place(10_000)).code).toBe(4107);
    await setSetting(db(), 'LimitMode', 'relaxed');
    expect((await place(10_000)).order.accountId).toBe(account);
    expect((await lastOrder()).allocateInfo).toMatchObject({ limitMode: 'relaxed' });
  });

  it('stops at the daily amount limit, counting only today’s orders', async () => {
    const account = await makeAccount(db(), supplierId, P, { minAmount: 1_000, dailyAmountLimit: 25_000 });
    const first = await place(10_000);
    await place(10_000);
    expect((await place(10_000)).code).toBe(4107);
    expect(reasonsOf(await lastOrder(), account)).toEqual(['dailyAmountLimit']);
    expect((await place(5_000)).order.accountId).toBe(account);
    await db().update(orders).set({ createdAt: new Date(Date.now() - 26 * 3600_000) }).where(eq(orders.id, first.order.id));
    expect((await place(10_000)).order.accountId).toBe(account);
  });

  it('needs the supplier’s ledger balance to reach the minimum accepting balance', async () => {
    const account = await makeAccount(db(), supplierId, P, { minAcceptBalance: 1 });
    expect((await place(10_000)).code).toBe(4107);
    expect(reasonsOf(await lastOrder(), account)).toEqual(['balanceBelowMin']);
    await setAccount(db(), account, { minAcceptBalance: 0 });
    expect((await place(10_000)).order.accountId).toBe(account);
  });

  it('skips disabled accounts and suppliers that are deleted, not accepting or lack the product; agents work under their supplier', async () => {
    const off = await makeAccount(db(), supplierId, P, { enabled: false });
    const idle = await makeSupplier(db(), 'allocIdle', [P]);
    await setAccepting(db(), idle, false);
    const idleAccount = await makeAccount(db(), idle, P);
    const lacking = await makeSupplier(db(), 'allocLacking', [1034]);
    const lackingAccount = await makeAccount(db(), lacking, P);
    const gone = await makeSupplier(db(), 'allocGone', [P]);
    const goneAccount = await makeAccount(db(), gone, P);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
    expect((await place(10_000)).code).toBe(4107);
    const failed = await lastOrder();
    expect(reasonsOf(failed, off)).toEqual(['accountDisabled']);
    expect(reasonsOf(failed, idleAccount)).toEqual(['supplierNotAccepting']);
    expect(reasonsOf(failed, lackingAccount)).toEqual(['supplierProductDisabled']);
    expect(reasonsOf(failed, goneAccount)).toEqual(['supplierDeleted']);

    const [agent] = await db().insert(users).values({ account: 'allocAgent', nickname: 'agent', role: 'supplier', passwordHash: 'x', parentId: supplierId }).returning();
    const agentAccount = await makeAccount(db(), agent.id, P);
    expect((await place(10_000)).order).toMatchObject({ accountId: agentAccount, supplierId: agent.id });
  });
});

describe('reselect, retry and release', () => {
  const act = (path: string, body: unknown, token = admin) => server.call('POST', path, { token, body });

  it('retries a failed order: still failing it records the new reasons, then allocates once an account can', async () => {
    const account = await makeAccount(db(), supplierId, P);
    await setAccepting(db(), supplierId, false);
    const failed = (await place(10_000)).order;
    expect(failed.status).toBe(5);
    const firstAt = (failed.allocateInfo as { at: string }).at;
    expect(await act('/order/retryOrder', { orderCode: failed.orderCode })).toMatchObject({ code: 4107 });
    const again = await orderByCode(db(), failed.orderCode);
    expect(again.status).toBe(5);
    expect((again.allocateInfo as { action: string; at: string }).action).toBe('retry');
    expect((again.allocateInfo as { at: string }).at).not.toBe(firstAt);
    expect(await db().select().from(auditRecords).where(eq(auditRecords.action, 'order.retryFailed'))).toHaveLength(1);

    await setAccepting(db(), supplierId, true);
    const done = await act('/order/retryOrder', { orderCode: failed.orderCode });
    expect(done).toMatchObject({ code: 200, data: { status: 2, accountId: account, payAmount: 10_000 } });
    expect(await act('/order/retryOrder', { orderCode: failed.orderCode })).toMatchObject({ code: 4113 });
  });

  it('reselects an order onto an account of the listed products, never its current one', async () => {
    const target = await makeAccount(db(), supplierId, P);
    const created = await create(server, signed({ amount: 10_000 }));
    const order = await orderByCode(db(), created.data.orderCode);
    const onlyCurrent = await act('/order/reselect', { orderCode: order.orderCode, productIdList: [1034] });
    expect(onlyCurrent.code).toBe(4107);
    expect(await orderByCode(db(), order.orderCode)).toMatchObject({ accountId: order.accountId, status: 2 });

    const moved = await act('/order/reselect', { orderCode: order.orderCode, productIdList: [1034, P], userName: 'New Payer', ifscCode: 'HDFC0000123', bankName: 'HDFC' });
    expect(moved).toMatchObject({ code: 200, data: { accountId: target, status: 2 } });
    const row = await orderByCode(db(), order.orderCode);
    expect(row).toMatchObject({ productId: 1034, supplierId, userName: 'New Payer', ifscCode: 'HDFC0000123' });
    expect(row.extras).toMatchObject({ bankName: 'HDFC' });
    expect(row.allocateInfo).toMatchObject({ action: 'reselect', productIds: [1034, P] });
    expect((await act('/order/reselect', { orderCode: order.orderCode, productIdList: [3016] })).code).toBe(4000);
    expect((await act('/order/reselect', { orderCode: order.orderCode, productIdList: [] })).code).toBe(4000);
  });

  it('releases a timed-out order on its own account with a new timeout, while the account allows it', async () => {
    const account = await makeAccount(db(), supplierId, P, { floatAmount: 5 });
    const { order } = await place(10_000);
    await db().update(orders).set({ status: 10, expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));
    const released = await act('/order/releaseOrder', { orderCode: order.orderCode });
    expect(released).toMatchObject({ code: 200, data: { status: 2, accountId: account, payAmount: 10_000 } });
    expect(new Date(released.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await act('/order/releaseOrder', { orderCode: order.orderCode })).code).toBe(4113);

    await timeOut(order.id);
    await setAccount(db(), account, { enabled: false });
    expect((await act('/order/releaseOrder', { orderCode: order.orderCode })).code).toBe(4107);
    expect((await orderByCode(db(), order.orderCode)).status).toBe(10);
  });

  it('refuses a locked order, someone without the action, and an unknown order', async () => {
    await makeAccount(db(), supplierId, P);
    const { order } = await place(10_000);
    await timeOut(order.id);
    await db().update(orders).set({ locked: true }).where(eq(orders.id, order.id));
    expect(await act('/order/releaseOrder', { orderCode: order.orderCode })).toMatchObject({ code: 4112 });
    await db().update(orders).set({ locked: false }).where(eq(orders.id, order.id));
    for (const account of ['customerService', 'supplier', 'merchant']) {
      const token = await server.login(account);
      expect((await act('/order/releaseOrder', { orderCode: order.orderCode }, token)).code, account).toBe(4003);
      expect((await act('/order/reselect', { orderCode: order.orderCode, productIdList: [P] }, token)).code, account).toBe(4003);
    }
    expect((await act('/order/retryOrder', { orderCode: 'P000' })).code).toBe(4004);
    expect((await orderByCode(db(), order.orderCode)).status).toBe(10);
  });

  it('says "Cannot find supplier" when no supplier has an account of the products at all', async () => {
    const { code, order } = await place(10_000);
    // The merchant's answer stays the allocation failure; the order records why.
    expect(code).toBe(4107);
    expect(order).toMatchObject({ status: 5, accountId: null });
    expect(order.allocateInfo).toMatchObject({ outcome: 'noSupplier', candidates: [] });
    expect(await act('/order/retryOrder', { orderCode: order.orderCode })).toMatchObject({ code: 4114, msg: 'Cannot find supplier: no supplier has an account of the chosen products' });
    expect(await act('/order/reselect', { orderCode: order.orderCode, productIdList: [P] })).toMatchObject({ code: 4114 });
    const zh = await server.call('POST', '/order/retryOrder', { token: admin, body: { orderCode: order.orderCode }, lang: 'zh-CN' });
    expect(zh.msg).toBe('找不到码商：没有码商拥有所选产品的账户');
    expect(((await orderByCode(db(), order.orderCode)).allocateInfo as { outcome: string }).outcome).toBe('noSupplier');
    // An account of the product, even one that cannot take the order now, is a supplier found: the allocation failed.
    const account = await makeAccount(db(), supplierId, P);
    await setAccepting(db(), supplierId, false);
    expect(await act('/order/retryOrder', { orderCode: order.orderCode })).toMatchObject({ code: 4107 });
    await setAccepting(db(), supplierId, true);
    expect(await act('/order/retryOrder', { orderCode: order.orderCode })).toMatchObject({ code: 200, data: { accountId: account } });
  });
});

describe('allocation info', () => {
  it('shows operators every candidate, and a merchant or supplier only the outcome of its own orders', async () => {
    const created = await create(server, signed({ amount: 10_000 }));
    const orderCode = created.data.orderCode;
    const get = (token: string) => server.call('GET', '/order/getOrderAllocateInfo', { token, query: { orderCode } });

    const full = await get(admin);
    expect(full).toMatchObject({ code: 200, data: { orderCode, status: 2, statusCode: 'allocated', allocateInfo: { outcome: 'allocated', candidates: expect.any(Array) } } });
    expect(full.data.allocateInfo.candidates[0]).toMatchObject({ chosen: true, figures: expect.objectContaining({ balance: expect.any(Number) }) });
    expect((await get(await server.login('customerService'))).data.allocateInfo.candidates).toBeDefined();

    for (const account of ['merchant', 'supplier']) {
      const own = await get(await server.login(account));
      expect(own.data.allocateInfo, account).toEqual({ action: 'allocate', at: expect.any(String), outcome: 'allocated', amount: 10_000, payAmount: 10_000 });
    }
    for (const account of ['merchant2', 'supplier2']) expect((await get(await server.login(account))).code, account).toBe(4004);
    expect((await server.call('GET', '/order/getOrderAllocateInfo', { token: admin, query: { orderCode: 'nope' } })).code).toBe(4004);
  });
});
