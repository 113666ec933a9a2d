/**
 * The trail of the order and payout details shows each role only what its row shows: the audit
 * rows' before and after go through the same field rules (`onlyFor`) as the columns, so a merchant
 * never reads the supplier, the account or the allocation explanation of its order, and a supplier
 * never reads the merchant or its fee of a payout it holds. Staff see the trail whole.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderApi } from '../../resources/orders/api.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { payoutSupplier, placeBankPayout } from './payout-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const tokens: Record<string, string> = {};

type Trail = { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
/** Every key any before or after of the trail names. */
const keysOf = (trail: Trail) => new Set(trail.flatMap((r) => [...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})]));

beforeAll(async () => {
  for (const role of ['admin', 'customerService', 'merchant', 'supplier']) tokens[role] = await server.login(role);
});

describe('order detail trail', () => {
  let orderCode = '';
  const detail = async (role: string) => {
    const answer = await server.call('GET', orderApi.one, { token: tokens[role], query: { orderCode } });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    const placed = await create(server, signed({}));
    expect(placed.code, placed.msg).toBe(200);
    orderCode = placed.data.orderCode;
  });

  it("shows staff who took the order and why, in the row and the trail", async () => {
    for (const role of ['admin', 'customerService']) {
      const order = await detail(role);
      expect(order).toMatchObject({ supplierId: expect.any(Number), accountId: expect.any(Number), merchantName: expect.any(String), supplierName: expect.any(String) });
      const allocate = (order.audit as Trail).find((r) => r.action === 'allocate')!;
      expect(allocate.after).toMatchObject({ supplierId: order.supplierId, accountId: order.accountId, allocateInfo: { candidates: expect.any(Array) } });
      expect(keysOf(order.audit)).toContain('mchOrderNo');
    }
  });

  it("keeps the supplier, its account and the allocation explanation from the merchant's trail", async () => {
    const order = await detail('merchant');
    expect(order).not.toHaveProperty('supplierId');
    expect(order).not.toHaveProperty('accountId');
    const keys = keysOf(order.audit);
    for (const hidden of ['supplierId', 'accountId', 'allocateInfo', 'supplierFee']) expect(keys, hidden).not.toContain(hidden);
    // What the merchant's row shows, its trail shows too.
    expect((order.audit as Trail).find((r) => r.action === 'create')!.after).toMatchObject({ mchOrderNo: order.merchantOrderNo, amount: 10_000 });
    expect((order.audit as Trail).find((r) => r.action === 'allocate')!.after).toMatchObject({ status: 'allocated', payAmount: expect.any(Number) });
  });

  it("keeps the merchant and its order number from the supplier's row and trail", async () => {
    const order = await detail('supplier');
    for (const hidden of ['merchantId', 'merchantOrderNo', 'merchantFee', 'notifyUrl', 'allocateInfo']) expect(order, hidden).not.toHaveProperty(hidden);
    const keys = keysOf(order.audit);
    for (const hidden of ['merchantId', 'mchOrderNo', 'allocateInfo']) expect(keys, hidden).not.toContain(hidden);
    expect((order.audit as Trail).find((r) => r.action === 'allocate')!.after).toMatchObject({ accountId: order.accountId });
  });
});

describe('payout detail trail', () => {
  let id = 0;
  let supplier = '';
  const detail = async (token: string) => {
    const answer = await server.call('GET', payoutApi.one, { token, query: { id } });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    await payoutSupplier(db(), 'trailClaimer');
    supplier = await server.login('trailClaimer');
    const payout = await placeBankPayout(server);
    id = payout.id;
    const claimed = await server.call('POST', payoutApi.claim, { token: supplier, query: { orderId: id } });
    expect(claimed.code, claimed.msg).toBe(200);
  });

  it("keeps the merchant and its fee from the supplier's trail", async () => {
    const payout = await detail(supplier);
    expect(payout).not.toHaveProperty('merchantFee');
    const keys = keysOf(payout.audit);
    for (const hidden of ['merchantId', 'merchantFee', 'mchOrderNo']) expect(keys, hidden).not.toContain(hidden);
    expect((payout.audit as Trail).find((r) => r.action === 'claim')!.after).toMatchObject({ payoutStatus: 'preparing', accountId: payout.accountId });
  });

  it("keeps the supplier and its account from the merchant's trail; staff see both sides", async () => {
    const keys = keysOf((await detail(tokens.merchant)).audit);
    for (const hidden of ['supplierId', 'accountId']) expect(keys, hidden).not.toContain(hidden);
    expect(keys).toContain('merchantFee');
    const staff = keysOf((await detail(tokens.admin)).audit);
    for (const shown of ['merchantId', 'merchantFee', 'supplierId', 'accountId']) expect(staff, shown).toContain(shown);
  });
});
