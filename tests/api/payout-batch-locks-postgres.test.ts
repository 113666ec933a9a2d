/**
 * Two batches settled at once on PostgreSQL: each locks the members its postings touch up front, in
 * id order, so two batches holding payouts of the same merchants in opposite orders never deadlock
 * (posting by posting, one held the first merchant and waited for the second, the other the reverse):
 * the exception handling and the bank's result file.
 * Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutStateId } from '../../resources/payouts/states.js';
import { batchStateId } from '../../resources/payout-batches/states.js';
import type { Db } from '../../server/db/client.js';
import { orders, payoutBatches } from '../../server/db/schema/index.js';
import { lockBalances, postBalanced } from '../../server/ledger/ledger.js';
import { findMerchant } from '../../server/orders/create/merchant.js';
import type { OrderRow } from '../../server/orders/order-row.js';
import { applyResult, markException } from '../../server/payout-batches/settle.js';
import type { ResultRow } from '../../server/payout-batches/bank-file.js';
import { placePayout } from '../../server/payouts/create.js';
import { setSetting } from '../../server/settings/store.js';
import type { CreateOrderPayload } from '../../resources/orders/create-schema.js';
import { grantProduct, orderNo } from './order-create-fixture.js';
import { inTx, userIdOf } from './payout-batch-fixture.js';
import { pgProblem, pgRequired } from './postgres-fixture.js';
import { holding, useSeededPostgres, waitForLockWaiter } from './postgres-waits.js';

const actor = { userId: null };
type Batch = { batch: typeof payoutBatches.$inferSelect; ids: number[]; codes: string[] };

describe.skipIf(pgProblem !== null && !pgRequired)('payout batches settled at once on PostgreSQL', () => {
  const db = useSeededPostgres('payadmin_batchlocks');

  /** A bank payout of the merchant with this mchId, funded first, in the pool. */
  async function payoutOf(mchId: string): Promise<OrderRow> {
    const merchant = await findMerchant(db(), { mchId });
    const payload = { mchId, productId: 3017, mchOrderNo: orderNo('L'), amount: 10_000, notifyUrl: 'https://shop.example.com/notify', userName: 'Payee', cardNumber: '500000000001', ifscCode: 'ICIC0001234', bankName: 'ICICI Bank', sign: '' } as CreateOrderPayload;
    return inTx(db(), (tx) => placePayout(tx, merchant, payload, { actor }));
  }

  /** A platform batch holding the payouts, in `state` (preparing: batched; paying: exported to the bank). */
  async function batchOf(payouts: OrderRow[], state: 'preparing' | 'paying'): Promise<Batch> {
    const [batch] = await db()
      .insert(payoutBatches)
      .values({ batchNo: orderNo('LOCKS'), templateId: 'standard', maxCount: 10, state: batchStateId(state === 'paying' ? 'exported' : 'created') })
      .returning();
    const ids = payouts.map((p) => p.id);
    await db().update(orders).set({ batchId: batch.id, payoutStatus: payoutStateId(state) }).where(inArray(orders.id, ids));
    return { batch, ids, codes: payouts.map((p) => p.orderCode) };
  }

  /**
   * Two batches whose payouts (by id) name the merchants (low, high) and (high, low), settled at once
   * by `settle` while a posting of the lower merchant is in progress: the first waits for it at its
   * first payout; the second, posting payout by payout, would hold the higher merchant and wait for
   * the lower. Answers how each ended and the payouts' states after.
   */
  async function settleTwoAtOnce(state: 'preparing' | 'paying', settle: (tx: Db, batch: Batch) => Promise<unknown>) {
    const [low, high] = (await Promise.all([userIdOf(db(), 'merchant'), userIdOf(db(), 'merchant2')])).sort((a, b) => a - b);
    const mchIdOf = new Map([
      [await userIdOf(db(), 'merchant'), '20001'],
      [await userIdOf(db(), 'merchant2'), '20002'],
    ]);
    const a1 = await payoutOf(mchIdOf.get(low)!);
    const b1 = await payoutOf(mchIdOf.get(high)!);
    const b2 = await payoutOf(mchIdOf.get(low)!);
    const a2 = await payoutOf(mchIdOf.get(high)!);
    const first = await batchOf([a1, a2], state);
    const second = await batchOf([b1, b2], state);
    const holder = holding(db(), (tx) => lockBalances(tx, low));
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      await holder.started;
      const one = inTx(db(), (tx) => settle(tx, first));
      await waitForLockWaiter(db(), 1);
      const two = inTx(db(), (tx) => settle(tx, second));
      await waitForLockWaiter(db(), 2);
      await holder.end();
      outcomes = await Promise.allSettled([one, two]);
    } finally {
      await holder.end();
    }
    const after = await db().select({ status: orders.payoutStatus }).from(orders).where(inArray(orders.id, [...first.ids, ...second.ids]));
    return { outcomes: outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as Error).message) : 'done')), states: after.map((o) => o.status), second };
  }

  beforeAll(async () => {
    await setSetting(db(), 'AutoAssignPayoutOrder', false);
    await setSetting(db(), 'GatewayOrderRejectToPayoutPool', false);
    for (const account of ['merchant', 'merchant2']) {
      const id = await userIdOf(db(), account);
      await grantProduct(db(), id, 3017, 'merchant');
      await inTx(db(), (tx) => postBalanced(tx, [{ userId: id, amount: 10_000_000n, reason: 'opening', refType: 'test' }, { account: 'platformEquity', amount: -10_000_000n, reason: 'opening', refType: 'test' }]));
    }
  });

  it('marks two batches exceptional at once when their payouts name the same merchants in opposite orders', async () => {
    const { outcomes, states, second } = await settleTwoAtOnce('preparing', (tx, { batch, ids }) => markException(tx, batch, ids, actor));
    expect(outcomes).toEqual(['done', 'done']);
    expect(states).toEqual(Array(4).fill(payoutStateId('revoked')));
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.id, second.batch.id));
    expect(batch.state).toBe(batchStateId('exception'));
  }, 60_000);

  it('applies two bank result files at once that refuse payouts of the same merchants in opposite orders', async () => {
    const refuseAll = (tx: Db, { batch, codes }: Batch) =>
      applyResult(tx, batch, codes.map((reference, i) => ({ row: i + 2, reference, paid: false }) satisfies ResultRow), actor, (row) => new Error(`row ${row}`));
    const { outcomes, states } = await settleTwoAtOnce('paying', refuseAll);
    expect(outcomes).toEqual(['done', 'done']);
    expect(states).toEqual(Array(4).fill(payoutStateId('revoked')));
  }, 60_000);
});
