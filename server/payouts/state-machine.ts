/**
 * The one way a payout's state changes. Each move is checked against the payout table
 * (resources/payouts/states.ts), written only if the payout still has the state it was read with
 * (so two suppliers claiming, or an operator and a batch, cannot both move it), audited with who,
 * from what, to what and why, and carries its money (./money.ts). The order status column mirrors
 * the state (ORDER_STATUS_OF). Reaching a final outcome (completed, revoked, cancelled) schedules
 * the merchant's notification. All of it in the caller's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { allows, type TransitionOf } from '../../resources/orders/statuses.js';
import { ORDER_STATUS_OF, PAYOUT_TRANSITIONS, payoutStateCode, payoutStateId, type PayoutAction, type PayoutState } from '../../resources/payouts/states.js';
import { orders } from '../db/schema/index.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';
import { scheduleCallback } from '../orders/callbacks/schedule.js';
import { auditOrder, type Actor } from '../orders/state-machine.js';
import type { OrderInsert, OrderRow } from '../orders/order-row.js';
import { followMoney } from './money.js';
import { countOrder } from '../metrics/scope.js';

export interface PayoutMove {
  action: PayoutAction;
  to: PayoutState;
  actor: Actor;
  /** Why (a reject or repair reason); recorded in the audit. */
  reason?: string;
  /** Other columns written with the state (supplier and account on a claim, batch, reject reason...). */
  set?: Partial<OrderInsert>;
}

const FINAL_OUTCOMES: readonly PayoutState[] = ['completed', 'revoked', 'cancelled'];

/** The payout's state, refusing a move the table does not allow (naming the current state). */
function assertPayoutAllowed(order: OrderRow, action: PayoutAction, to: PayoutState, table: readonly TransitionOf<PayoutState, PayoutAction>[] = PAYOUT_TRANSITIONS): PayoutState {
  const from = payoutStateCode(order.payoutStatus);
  if (!from || !allows(table, action, from, to)) fail('orderStateConflict', { status: `payoutStatus.${from ?? 'waiting'}` });
  return from!;
}

export async function payoutTransition(tx: Db, order: OrderRow, move: PayoutMove): Promise<OrderRow> {
  const from = assertPayoutAllowed(order, move.action, move.to);
  const now = new Date();
  const set: Partial<OrderInsert> = { ...move.set, payoutStatus: payoutStateId(move.to), status: statusId(ORDER_STATUS_OF[move.to]), updatedAt: now };
  // A payout marked paid by hand keeps the time the operator gave (actions/operator.ts).
  if (move.to === 'completed') set.completedAt ??= now;
  if (move.to === 'reversalCompleted') set.reversedAt = now;
  const [updated] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, order.id), eq(orders.payoutStatus, order.payoutStatus!)))
    .returning();
  // Someone moved it first: the caller's view is stale.
  if (!updated) fail('orderStateConflict', { status: `payoutStatus.${from}` });
  let result = updated;
  const money = await followMoney(tx, updated, from, move.to);
  if (money && move.to === 'completed') [result] = await tx.update(orders).set({ supplierFee: money.supplierFee, receivedAmount: updated.amount }).where(eq(orders.id, updated.id)).returning();
  if (FINAL_OUTCOMES.includes(move.to) && from !== move.to) await scheduleCallback(tx, result);
  await auditOrder(tx, move.actor, `payout.${move.action}`, order, { payoutStatus: from }, { payoutStatus: move.to, ...(move.reason ? { reason: move.reason } : {}), ...move.set });
  // A payout paid out is its product's payment: /metrics counts it once the transaction commits.
  if (move.to === 'completed' && from !== move.to) countOrder('paid', order.productId);
  return result;
}
