/**
 * Money of orders: paying an order posts rows that sum to zero across the merchant, the supplier and
 * the platform's accounts; every balance the admin shows is the sum of its rows; undoing an order
 * brings every balance back. Figures: amount 100.00, merchant rate 0.005 + 1.00 fixed (fee 1.50),
 * supplier rate 0.003 (fee 0.30), as docs/orders.md works them out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderApi } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import { useTestServer } from './harness.js';
import { balanceOf, postBalanced } from '../../server/ledger/ledger.js';
import type { Db } from '../../server/db/client.js';
import { accountSum, insertOrder, orderByCode, orderLedger, orderNet, rowsSum, setSwitch, userIdOf } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
let admin = '';
// The money actions need the second-level token too.
let admin2 = '';
let merchantId = 0;
let supplierId = 0;

beforeAll(async () => {
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
  merchantId = await userIdOf(db(), 'merchant');
  supplierId = await userIdOf(db(), 'supplier');
});

const act = async (path: string, body: unknown) => {
  const result = await server.call('POST', path, { token: admin, token2: admin2, body });
  expect(result.code, result.msg).toBe(200);
  return result;
};

/** The balance the member lists show (summed by the server from the ledger). */
async function shownBalance(list: '/merchant/getList' | '/supplier/getList', account: string): Promise<number> {
  const page = await server.call('GET', list, { token: admin, query: { pageIndex: 1, pageSize: 10, account } });
  return page.data.list.find((m: { account: string }) => m.account === account).balance;
}

/** Every balance an order touches, as shown and as summed from the rows, which must agree. */
async function books() {
  const merchant = await shownBalance('/merchant/getList', 'merchant');
  const supplier = await shownBalance('/supplier/getList', 'supplier');
  expect(BigInt(merchant)).toBe(await rowsSum(db(), merchantId));
  expect(BigInt(supplier)).toBe(await rowsSum(db(), supplierId));
  return { merchant, supplier, platformFee: Number(await accountSum(db(), 'platformFee')), supplierClearing: Number(await accountSum(db(), 'supplierClearing')) };
}

const delta = (before: Record<string, number>, after: Record<string, number>) => Object.fromEntries(Object.keys(before).map((k) => [k, after[k] - before[k]]));

/** The order's rows sum to zero. */
async function balanced(orderCode: string) {
  expect((await orderLedger(db(), orderCode)).sum).toBe(0n);
}

describe('with IsSupplierRemoveBalanceOnOrderFinished off (the default)', () => {
  it('confirming credits the merchant less its fee, the supplier its fee, and books the collected money as owed', async () => {
    const before = await books();
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await act(orderApi.confirm, { orderCode: order.orderCode });
    await balanced(order.orderCode);
    expect(delta(before, await books())).toEqual({ merchant: 9850, supplier: 30, platformFee: 120, supplierClearing: -10_000 });

    await act(orderApi.reverse, { orderCode: order.orderCode });
    await balanced(order.orderCode);
    expect(await books()).toEqual(before);
    expect(await orderNet(db(), order.orderCode)).toEqual({});
  });

  it('charges the supplier side on what was received (the amount with its float)', async () => {
    const before = await books();
    const order = await insertOrder(db(), { payAmount: 10_037 });
    await act(orderApi.supplement, { orderCode: order.orderCode, utr: 'FLOAT1' });
    await balanced(order.orderCode);
    expect((await orderByCode(db(), order.orderCode)).receivedAmount).toBe(10_037);
    // Supplier fee 10037 x 0.003 = 30.111 -> 30; the platform keeps 10037 - 9850 - 30.
    expect(delta(before, await books())).toEqual({ merchant: 9850, supplier: 30, platformFee: 157, supplierClearing: -10_037 });
  });
});

describe('with IsSupplierRemoveBalanceOnOrderFinished on', () => {
  it("takes the collected money, less the supplier's fee, from the supplier's balance", async () => {
    await setSwitch(server, 'IsSupplierRemoveBalanceOnOrderFinished', true);
    try {
      const before = await books();
      const order = await insertOrder(db(), { state: 'pendingConfirmation' });
      await act(orderApi.confirm, { orderCode: order.orderCode });
      await balanced(order.orderCode);
      expect(delta(before, await books())).toEqual({ merchant: 9850, supplier: -9970, platformFee: 120, supplierClearing: 0 });
      // Undone after the switch went off: the reversal undoes what was posted, not what the switch says now.
      await setSwitch(server, 'IsSupplierRemoveBalanceOnOrderFinished', false);
      await act(orderApi.reverse, { orderCode: order.orderCode });
      await balanced(order.orderCode);
      expect(await books()).toEqual(before);
    } finally {
      await setSwitch(server, 'IsSupplierRemoveBalanceOnOrderFinished', false);
    }
  });
});

describe('money follows every status move', () => {
  it('moves nothing for moves between unpaid statuses or between paid ones', async () => {
    const before = await books();
    const order = await insertOrder(db());
    await act(orderApi.freeResource, { orderCode: order.orderCode });
    await act(orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('rejected'), reason: 'payer cancelled' });
    expect(await orderLedger(db(), order.orderCode)).toEqual({ rows: [], sum: 0n });
    expect(await books()).toEqual(before);

    const paid = await insertOrder(db(), { state: 'pendingConfirmation' });
    await act(orderApi.confirm, { orderCode: paid.orderCode });
    const rows = (await orderLedger(db(), paid.orderCode)).rows.length;
    await act(orderApi.repairStatus, { orderCode: paid.orderCode, status: statusId('callbackSucceeded'), reason: 'merchant confirmed receipt' });
    expect((await orderLedger(db(), paid.orderCode)).rows.length).toBe(rows);
  });

  it('posts on a repair into a paid status and reverses on a repair out of one', async () => {
    const before = await books();
    const order = await insertOrder(db(), { state: 'timedOut' });
    await act(orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('submitted'), reason: 'paid late, bank statement checked' });
    await balanced(order.orderCode);
    expect(delta(before, await books()).merchant).toBe(9850);
    await act(orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('timedOut'), reason: 'statement was for another order' });
    await balanced(order.orderCode);
    expect(await books()).toEqual(before);
  });

  it('pays a reversed order again as one posting', async () => {
    const before = await books();
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await act(orderApi.confirm, { orderCode: order.orderCode });
    await act(orderApi.reverse, { orderCode: order.orderCode });
    await act(orderApi.supplement, { orderCode: order.orderCode, utr: 'AGAIN1' });
    await balanced(order.orderCode);
    expect(await orderNet(db(), order.orderCode)).toEqual({ [`member:${merchantId}`]: 9850, [`member:${supplierId}`]: 30, platformFee: 120, supplierClearing: -10_000 });
    expect(delta(before, await books())).toEqual({ merchant: 9850, supplier: 30, platformFee: 120, supplierClearing: -10_000 });
  });

  it('refuses to reverse an order whose merchant has paid its credit out: nothing posted, the order stays paid', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await act(orderApi.confirm, { orderCode: order.orderCode });
    // All but 10.00 of the merchant's available balance frozen: less than the 98.50 the reversal takes back.
    const moveFunds = (amount: bigint) =>
      db().transaction((tx) =>
        postBalanced(tx as unknown as Db, [
          { userId: merchantId, amount: -amount, reason: amount > 0n ? 'freeze' : 'unfreeze' },
          { userId: merchantId, account: 'frozen', amount, reason: amount > 0n ? 'freeze' : 'unfreeze' },
        ]),
      );
    const frozen = (await balanceOf(db(), merchantId)) - 1000n;
    await moveFunds(frozen);
    try {
      const paid = await orderByCode(db(), order.orderCode);
      const net = await orderNet(db(), order.orderCode);
      const available = await balanceOf(db(), merchantId);
      const refused = await server.call('POST', orderApi.reverse, { token: admin, token2: admin2, body: { orderCode: order.orderCode } });
      expect(refused).toMatchObject({ code: 4131, msg: 'The amount exceeds the available balance' });
      expect((await orderByCode(db(), order.orderCode)).status).toBe(paid.status);
      expect(await orderNet(db(), order.orderCode)).toEqual(net);
      expect(await balanceOf(db(), merchantId)).toBe(available);
    } finally {
      await moveFunds(-frozen);
    }
    // With the money back the reversal goes through.
    await act(orderApi.reverse, { orderCode: order.orderCode });
    await balanced(order.orderCode);
  });

  it('writes no money when the move is refused', async () => {
    const order = await insertOrder(db(), { state: 'submitted' });
    const before = await books();
    expect((await server.call('POST', orderApi.confirm, { token: admin, token2: admin2, body: { orderCode: order.orderCode } })).code).toBe(4113);
    expect(await books()).toEqual(before);
  });
});
