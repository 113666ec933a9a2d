/**
 * What a payout does to balances. Creation reserves the merchant's money (the amount and its fee)
 * in the platform's payoutReserve account; completion pays it out: the reserve is emptied, whoever
 * paid the payee is credited (the supplier, with its commission, or the platform's payoutClearing
 * for the platform's own batches) and the platform keeps the difference of the fees. Leaving for a
 * released state nets every row of the payout to zero, so the merchant has its money back.
 * Called only by the payout state machine and creation, inside their transactions.
 */
import { MONEY_OF, type PayoutState } from '../../resources/payouts/states.js';
import { postBalanced, type Leg } from '../ledger/ledger.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';
import { feeOf, postReversal, rateOf, ref } from '../orders/money.js';
import type { OrderRow } from '../orders/order-row.js';

/** The merchant's fee on a payout (its rate for the payout product). */
export async function payoutFee(tx: Db, merchantId: number, productId: number, amount: number): Promise<number> {
  return feeOf(amount, await rateOf(tx, merchantId, productId));
}

/**
 * Holds amount + fee of the merchant's balance. A balance that does not cover it is the payout
 * failed refusal (nothing written: the caller's transaction rolls back).
 */
export async function postReserve(tx: Db, order: OrderRow): Promise<void> {
  const total = order.amount + order.merchantFee;
  try {
    await postBalanced(tx, [
      { userId: order.merchantId, amount: -total, reason: 'payout', requireCover: true, ...ref(order) },
      { account: 'payoutReserve', amount: total, reason: 'payout', ...ref(order) },
    ]);
  } catch (error) {
    if ((error as { name?: string }).name === 'stateConflict') fail('payoutFailed', { reason: 'errors.reasonBalance' });
    throw error;
  }
}

/** Pays the reserve out; answers the supplier's commission (0 for the platform's own batches). */
async function postCompletion(tx: Db, order: OrderRow): Promise<number> {
  const supplierFee = order.supplierId === null ? 0 : feeOf(order.amount, await rateOf(tx, order.supplierId, order.productId));
  const payer: Leg = order.supplierId === null ? { account: 'payoutClearing', amount: order.amount, reason: 'payout', ...ref(order) } : { userId: order.supplierId, amount: order.amount + supplierFee, reason: 'payout', ...ref(order) };
  await postBalanced(tx, [
    { account: 'payoutReserve', amount: -(order.amount + order.merchantFee), reason: 'payout', ...ref(order) },
    payer,
    { account: 'platformFee', amount: order.merchantFee - supplierFee, reason: 'fee', ...ref(order) },
  ]);
  return supplierFee;
}

/**
 * Moves the payout's money from where `from` has it to where `to` wants it: nothing when both
 * agree; otherwise the rows are netted to zero and the target's postings written afresh (a repair
 * from revoked back to waiting reserves again, and must be covered). Answers the supplier fee when
 * the payout ends paid.
 */
export async function followMoney(tx: Db, order: OrderRow, from: PayoutState, to: PayoutState): Promise<{ supplierFee: number } | null> {
  const before = MONEY_OF[from];
  const after = MONEY_OF[to];
  if (before === after) return null;
  if (after === 'released') {
    await postReversal(tx, order);
    return { supplierFee: 0 };
  }
  // Out of paid (a repair back to waiting): undo the payment and its reserve, then reserve afresh.
  if (before === 'paid') await postReversal(tx, order);
  // A reserved payout is paid from its reserve, which must stay in place until then.
  if (before !== 'reserved') await postReserve(tx, order);
  return after === 'paid' ? { supplierFee: await postCompletion(tx, order) } : { supplierFee: 0 };
}
