/** POST /api/order/create: a signed order is stored and allocated; every refusal has its code and stores nothing. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, ledgerEntries, memberProfiles, orders, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { plainKey } from '../../server/merchants/member-store.js';
import { signOf } from '../../server/orders/sign.js';
import { create, DEMO_KEY, grantProduct, makeAccount, makeSupplier, orderCount, orderNo, setAccepting, signed } from './order-create-fixture.js';
import { orderByCode, userIdOf } from './orders-fixture.js';

const server = useTestServer({ PUBLIC_BASE_URL: 'https://pay.example.com' });
const db = () => server.database.db;
let merchantId = 0;
let supplierId = 0;

beforeAll(async () => {
  merchantId = await userIdOf(db(), 'merchant');
  supplierId = await userIdOf(db(), 'supplier');
});

/** Calls create and checks nothing was stored. */
async function refused(body: unknown) {
  const before = await orderCount(db());
  const result = await create(server, body);
  expect(await orderCount(db())).toBe(before);
  return result;
}

describe('order creation', () => {
  it('stores a signed order, allocates it to the demo account and answers its pay link', async () => {
    const body = signed({ amount: 12_345, userName: 'Payer One', ifscCode: 'SBIN0001234', bankName: 'SBI', channelRef: 'abc' });
    const result = await create(server, body);
    expect(result).toMatchObject({ code: 200, data: { mchOrderNo: body.mchOrderNo, amount: 12_345 } });
    expect(result.data.orderCode).toMatch(/^P\d{20}$/);
    expect(result.data.payUrl).toBe(`https://pay.example.com/pay/order/${result.data.orderCode}`);
    const order = await orderByCode(db(), result.data.orderCode);
    expect(order).toMatchObject({ merchantId, supplierId, status: 2, mark: 0, amount: 12_345, payAmount: 12_345, isTest: false, userName: 'Payer One', ifscCode: 'SBIN0001234' });
    expect(order.extras).toEqual({ bankName: 'SBI', channelRef: 'abc' });
    expect(order.expiresAt!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(order.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(order.allocateInfo).toMatchObject({ action: 'allocate', outcome: 'allocated', chosen: { accountId: order.accountId, payAmount: 12_345 } });
    const audit = await db().select().from(auditRecords).where(eq(auditRecords.target, order.orderCode));
    expect(audit.map((a) => a.action).sort()).toEqual(['order.allocate', 'order.create']);
  });

  it('takes amounts and ids written as digits, and the sign over the values as sent', async () => {
    const result = await create(server, signed({ mchId: '20001', productId: '1034', amount: '20000' }));
    expect(result).toMatchObject({ code: 200, data: { amount: 20_000 } });
  });

  it('reads product 1045 amounts as x10000 and refuses one that is not whole minor units', async () => {
    await grantProduct(db(), merchantId, 1045, 'merchant');
    await grantProduct(db(), supplierId, 1045, 'supplier');
    await makeAccount(db(), supplierId, 1045);
    const result = await create(server, signed({ productId: 1045, amount: 1_234_500 }));
    expect(result).toMatchObject({ code: 200, data: { amount: 1_234_500 } });
    expect((await orderByCode(db(), result.data.orderCode)).amount).toBe(12_345);
    expect(await refused(signed({ productId: 1045, amount: 1_234_550 }))).toMatchObject({ code: 4000, msg: expect.stringContaining('amount') });
  });

  it('refuses a wrong sign, an unknown merchant and a supplier’s mchId', async () => {
    expect(await refused(signed({}, 'wrongKey'))).toMatchObject({ code: 4101, msg: 'Signature verification failed' });
    const tampered = { ...signed({ amount: 10_000 }), amount: 90_000 };
    expect((await refused(tampered)).code).toBe(4101);
    expect(await refused(signed({ mchId: '29999' }))).toMatchObject({ code: 4102, msg: 'Unknown merchant' });
    expect((await refused(signed({ mchId: '30001' }))).code).toBe(4102);
  });

  it('refuses a deleted merchant, one not accepting orders, and a product the merchant lacks', async () => {
    const [merchant2] = await db().select({ user: users, profile: memberProfiles }).from(users).innerJoin(memberProfiles, eq(memberProfiles.userId, users.id)).where(eq(users.account, 'merchant2'));
    const key2 = plainKey(merchant2.profile);
    // merchant2 has 1034 and 3001, but 1008 is not its product.
    expect(await refused(signed({ mchId: '20002', productId: 1008 }, key2))).toMatchObject({ code: 4105, msg: 'Product 1008 is not enabled for this merchant' });
    await setAccepting(db(), merchant2.user.id, false);
    expect(await refused(signed({ mchId: '20002' }, key2))).toMatchObject({ code: 4104 });
    await setAccepting(db(), merchant2.user.id, true);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, merchant2.user.id));
    expect(await refused(signed({ mchId: '20002' }, key2))).toMatchObject({ code: 4103, msg: 'The merchant is disabled' });
    await db().update(users).set({ deletedAt: null }).where(eq(users.id, merchant2.user.id));
    expect((await create(server, signed({ mchId: '20002' }, key2))).code).toBe(200);
  });

  it('refuses a duplicate merchant order number, also from two identical requests at once', async () => {
    const body = signed({});
    expect((await create(server, body)).code).toBe(200);
    expect(await refused(body)).toMatchObject({ code: 4106, msg: `Duplicate merchant order number ${body.mchOrderNo}` });

    const before = await orderCount(db());
    const twin = signed({});
    const results = await Promise.all([create(server, twin), create(server, twin)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 4106]);
    expect(await orderCount(db())).toBe(before + 1);
    expect(await db().select().from(orders).where(and(eq(orders.merchantId, merchantId), eq(orders.merchantOrderNo, String(twin.mchOrderNo))))).toHaveLength(1);
  });

  it('refuses an amount outside every account’s range', async () => {
    expect(await refused(signed({ amount: 9_999 }))).toMatchObject({ code: 4108, msg: 'No receiving account accepts this amount' });
    expect((await refused(signed({ amount: 5_000_001 }))).code).toBe(4108);
  });

  it('refuses malformed fields, naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ notifyUrl: 'ftp://shop.example.com/n' }, 'notifyUrl'],
      [{ notifyUrl: 'javascript:alert(1)' }, 'notifyUrl'],
      [{ notifyUrl: 'https://user:pw@shop.example.com/' }, 'notifyUrl'],
      [{ returnUrl: 'shop.example.com' }, 'returnUrl'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: true }, 'amount'],
      [{ amount: '1e4' }, 'amount'],
      [{ amount: ' 10000' }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ mchOrderNo: 'has space' }, 'mchOrderNo'],
      [{ ifscCode: 'sbin0001234' }, 'ifscCode'],
      [{ cardNumber: '12345678901234567890123' }, 'cardNumber'],
      [{ clientIp: '300.1.1.1' }, 'clientIp'],
      [{ 'bad-key': 'x' }, 'bad-key'],
      [{ extraNumber: 5 }, 'extraNumber'],
    ];
    for (const [fields, field] of cases) {
      const result = await refused(signed(fields));
      expect(result.code, JSON.stringify(fields)).toBe(4000);
      expect(result.msg).toContain(field);
    }
    const { mchOrderNo: _omit, ...rest } = signed({});
    expect((await refused({ ...rest, sign: signOf(rest, DEMO_KEY) })).msg).toContain('mchOrderNo');
    expect((await refused({ ...signed({}), sign: undefined })).msg).toContain('sign');
  });

  it('refuses every order while the enableService switch is off', async () => {
    await setSetting(db(), 'enableService', false);
    expect(await refused(signed({}))).toMatchObject({ code: 4120, msg: 'The platform is not accepting orders at the moment' });
    await setSetting(db(), 'enableService', true);
    expect((await create(server, signed({}))).code).toBe(200);
  });

  it('stores an order no account can take as allocation failed, and says so', async () => {
    await setAccepting(db(), supplierId, false);
    const before = await orderCount(db());
    const body = signed({});
    expect(await create(server, body)).toMatchObject({ code: 4107, msg: 'Order allocation failed' });
    await setAccepting(db(), supplierId, true);
    expect(await orderCount(db())).toBe(before + 1);
    const [order] = await db().select().from(orders).where(eq(orders.merchantOrderNo, String(body.mchOrderNo)));
    expect(order).toMatchObject({ status: 5, accountId: null, supplierId: null });
    expect(order.allocateInfo).toMatchObject({ outcome: 'allocationFailed', chosen: null });
    expect((order.allocateInfo as { candidates: { reasons: string[] }[] }).candidates.some((c) => c.reasons.includes('supplierNotAccepting'))).toBe(true);
    // The number is taken by the stored order.
    expect((await refused(body)).code).toBe(4106);
  });
});

describe('test orders', () => {
  it('lets a merchant place a test order signed on the server with its own key', async () => {
    const token = await server.login('merchant');
    const result = await server.call('POST', '/order/testOrder', { token, body: { productId: 1034, amount: 15_000, notifyUrl: 'https://shop.example.com/notify', subject: '' } });
    expect(result).toMatchObject({ code: 200, data: { amount: 15_000 } });
    expect(JSON.stringify(result)).not.toContain(DEMO_KEY);
    const order = await orderByCode(db(), result.data.orderCode);
    expect(order).toMatchObject({ merchantId, isTest: true, mark: 2, testStatus: 'testReady', status: 2, clientIp: '127.0.0.1' });
    expect(order.merchantOrderNo).toMatch(/^T\d+$/);
    const [audit] = await db().select().from(auditRecords).where(and(eq(auditRecords.target, order.orderCode), eq(auditRecords.action, 'order.create')));
    expect(audit.userId).toBe(merchantId);
  });

  it('refuses a test order with bad fields or a duplicate number, storing nothing', async () => {
    const token = await server.login('merchant');
    const before = await orderCount(db());
    const bad = await server.call('POST', '/order/testOrder', { token, body: { productId: 1034, amount: 15_000, notifyUrl: 'nope' } });
    expect(bad).toMatchObject({ code: 4000, msg: expect.stringContaining('notifyUrl') });
    const mchOrderNo = orderNo('T');
    const body = { productId: 1034, amount: 15_000, notifyUrl: 'https://shop.example.com/notify', mchOrderNo };
    expect((await server.call('POST', '/order/testOrder', { token, body })).code).toBe(200);
    expect((await server.call('POST', '/order/testOrder', { token, body })).code).toBe(4106);
    expect(await orderCount(db())).toBe(before + 1);
  });

  it('lets an admin place a test order for a named merchant, and no one else', async () => {
    const admin = await server.login('admin');
    const body = { productId: 1034, amount: 30_000, notifyUrl: 'https://shop.example.com/notify' };
    const result = await server.call('POST', '/order/testAdminOrder', { token: admin, body: { ...body, mchId: '20001' } });
    expect(result.code).toBe(200);
    expect(await orderByCode(db(), result.data.orderCode)).toMatchObject({ merchantId, isTest: true, mark: 2, testStatus: 'testReady' });
    const byId = await server.call('POST', '/order/testAdminOrder', { token: admin, body: { ...body, userId: merchantId } });
    expect(byId.code).toBe(200);
    expect((await server.call('POST', '/order/testAdminOrder', { token: admin, body })).msg).toContain('mchId');
    expect((await server.call('POST', '/order/testAdminOrder', { token: admin, body: { ...body, mchId: '30001' } })).code).toBe(4102);

    const merchant = await server.login('merchant');
    expect((await server.call('POST', '/order/testAdminOrder', { token: merchant, body: { ...body, mchId: '20001' } })).code).toBe(4003);
    expect((await server.call('POST', '/order/testOrder', { token: admin, body })).code).toBe(4003);
    const cs = await server.login('customerService');
    expect((await server.call('POST', '/order/testAdminOrder', { token: cs, body: { ...body, mchId: '20001' } })).code).toBe(4003);
    const tests = await db().select().from(orders).where(and(eq(orders.isTest, true), inArray(orders.merchantId, [merchantId])));
    expect(tests.every((o) => o.mark === 2)).toBe(true);
  });

  // The server signs a test order itself, and a test payout holds the merchant's real balance for a
  // real payout a supplier claims: the test-order routes, which ask no second factor, take none
  // (test payouts go to routes behind the second-level password: order-test-payout.test.ts).
  it('refuses a test order of a payout product, on both screens, writing neither an order nor a ledger row', async () => {
    const admin = await server.login('admin');
    const merchant = await server.login('merchant');
    const ledgerRows = async () => (await db().select({ id: ledgerEntries.id }).from(ledgerEntries)).length;
    const before = { orders: await orderCount(db()), ledger: await ledgerRows() };
    const bank = { productId: 3017, amount: 100_000, notifyUrl: 'https://shop.example.com/notify', userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };
    const usdt = { productId: 3016, amount: 100_000, notifyUrl: 'https://shop.example.com/notify', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' };
    for (const body of [bank, usdt]) {
      const refusedAdmin = await server.call('POST', '/order/testAdminOrder', { token: admin, body: { ...body, mchId: '20001' } });
      expect(refusedAdmin).toMatchObject({ code: 4000, msg: 'Invalid parameter: Product (productId) is a payout product: place it as a test payout, behind the second-level password', data: null });
      expect((await server.call('POST', '/order/testOrder', { token: merchant, body })).msg).toContain('Product (productId) is a payout product');
    }
    expect({ orders: await orderCount(db()), ledger: await ledgerRows() }).toEqual(before);
    // The same payout through the merchant's own signed API is an ordinary payout.
    expect((await create(server, signed({ ...bank, notifyUrl: 'https://shop.example.com/notify' }))).code).toBe(200);
  });
});

describe('a supplier of its own', () => {
  it('does not take orders of a product it lacks', async () => {
    const own = await makeSupplier(db(), 'createSupplierX', [1008]);
    await makeAccount(db(), own, 1034, { minAmount: 1, maxAmount: 9_999 });
    // Its 1034 account would admit 50.00, but 1034 is not its product: the amount is still outside every working account.
    expect((await refused(signed({ amount: 5_000 }))).code).toBe(4108);
  });
});
