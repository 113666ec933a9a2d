/**
 * Test payouts from the API-test screens (POST /order/testPayout for the merchant itself,
 * /order/testAdminPayout for a merchant an operator names): signed on the server with the merchant's
 * key and placed through the creation API with its checks (the payee details its product requires),
 * behind the second-level password, since a test payout is a real one on the merchant's balance.
 * The screen follows it through the caller's payout list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema/index.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { orderCount } from './order-create-fixture.js';
import { orderByCode, userIdOf } from './orders-fixture.js';

// Background jobs off: the payout stays where creation left it (no automatic assignment meanwhile).
const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;

const NOTIFY = 'https://shop.example.com/notify';
const BANK = { productId: 3017, amount: 100_000, notifyUrl: NOTIFY, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };
const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const USDT = { productId: 3016, amount: 2_000, notifyUrl: NOTIFY, address: TRON };
let merchantId = 0;

beforeAll(async () => {
  merchantId = await userIdOf(db(), 'merchant');
});

/** A session with its second-level token. */
async function guarded(account: string) {
  const token = await server.login(account);
  return { token, token2: await server.login2(token) };
}

describe('test payouts', () => {
  it('asks for the second-level password before anything is placed', async () => {
    const token = await server.login('merchant');
    const before = { orders: await orderCount(db()), balance: await balanceOf(db(), merchantId) };
    expect((await server.call('POST', '/order/testPayout', { token, body: BANK })).code).toBe(1024);
    const admin = await server.login('admin');
    expect((await server.call('POST', '/order/testAdminPayout', { token: admin, body: { ...BANK, mchId: '20001' } })).code).toBe(1024);
    expect({ orders: await orderCount(db()), balance: await balanceOf(db(), merchantId) }).toEqual(before);
  });

  it('places a real payout for the merchant, marked test, reserving its balance, with no pay link', async () => {
    const merchant = await guarded('merchant');
    const before = await balanceOf(db(), merchantId);
    const result = await server.call('POST', '/order/testPayout', { ...merchant, body: BANK });
    expect(result, result.msg).toMatchObject({ code: 200, data: { amount: 100_000, payUrl: null } });
    const payout = await orderByCode(db(), result.data.orderCode);
    expect(payout).toMatchObject({ merchantId, orderType: 2, payoutStatus: 1, isTest: true, mark: 2, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234' });
    // Amount and its fee (1 % in the demo) are held from the balance.
    expect(await balanceOf(db(), merchantId)).toBe(before - 101_000n);

    // The screen follows it through the merchant's payout list, by its state.
    const listed = await server.call('GET', '/payProxyOrder/getList', { token: merchant.token, query: { orderCode: payout.orderCode, pageIndex: 1, pageSize: 10 } });
    expect(listed.data.list).toEqual([expect.objectContaining({ orderCode: payout.orderCode, payoutStatus: 1 })]);

    const usdt = await server.call('POST', '/order/testPayout', { ...merchant, body: USDT });
    expect(usdt, usdt.msg).toMatchObject({ code: 200, data: { payUrl: null } });
    expect(await orderByCode(db(), usdt.data.orderCode)).toMatchObject({ orderType: 2, usdtAddress: TRON, isTest: true });
  });

  it('refuses what the creation API refuses, naming the payee details as the screen labels them, and stores nothing', async () => {
    const merchant = await guarded('merchant');
    const before = await orderCount(db());
    const call = (body: Record<string, unknown>, lang = 'en-US') => server.call('POST', '/order/testPayout', { ...merchant, body, lang });
    expect((await call({ ...BANK, userName: '' })).msg).toBe('Invalid parameter: Payee name (userName) is required');
    expect((await call({ ...BANK, ifscCode: 'SBIN1234567' })).msg).toContain('Payee IFSC (ifscCode)');
    expect((await call({ ...USDT, address: undefined })).msg).toBe('Invalid parameter: Payee wallet address (USDT) (address) is required');
    expect((await call({ ...USDT, address: 'not-a-wallet' })).msg).toContain('Payee wallet address (USDT) (address) must be a TRON');
    expect((await call({ ...BANK, bankName: '' }, 'zh-CN')).msg).toMatch(/收款人银行（bankName）\s*不能为空/);
    // A collection product is no payout, and the test-order call takes no payout.
    expect((await call({ productId: 1034, amount: 15_000, notifyUrl: NOTIFY })).msg).toContain('Product (productId) is a collection product');
    expect((await server.call('POST', '/order/testOrder', { ...merchant, body: BANK })).msg).toContain('Product (productId) is a payout product');
    expect(await orderCount(db())).toBe(before);
  });

  it('lets an operator place a test payout for the merchant it names, and no other role', async () => {
    const admin = await guarded('admin');
    const result = await server.call('POST', '/order/testAdminPayout', { ...admin, body: { ...BANK, userId: merchantId } });
    expect(result, result.msg).toMatchObject({ code: 200, data: { payUrl: null } });
    const [row] = await db().select().from(orders).where(eq(orders.orderCode, result.data.orderCode));
    expect(row).toMatchObject({ merchantId, orderType: 2, isTest: true });
    expect((await server.call('POST', '/order/testAdminPayout', { ...admin, body: BANK })).msg).toContain('mchId');

    const merchant = await guarded('merchant');
    expect((await server.call('POST', '/order/testAdminPayout', { ...merchant, body: { ...BANK, mchId: '20001' } })).code).toBe(4003);
    expect((await server.call('POST', '/order/testPayout', { ...admin, body: BANK })).code).toBe(4003);
    const cs = await guarded('customerService');
    expect((await server.call('POST', '/order/testAdminPayout', { ...cs, body: { ...BANK, mchId: '20001' } })).code).toBe(4003);
  });
});
