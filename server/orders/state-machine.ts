/**
 * The one way an order's status changes. Each move is checked against the transition table
 * (resources/orders/statuses.ts), written only if the order still has the status it was read with
 * (so two operators, or an operator and the timeout sweep, cannot both move it), audited with who,
 * when, from what, to what and why, and carries its money: entering a paid status posts the order's
 * ledger rows and schedules the merchant's callback; leaving one reverses the rows. All of it in
 * the caller's transaction. Payments and timeouts are counted here for /metrics.
 */
import { and, eq } from 'drizzle-orm';
import { allows, COLLECTION_TRANSITIONS, isSuccess, statusCode, statusId, type OrderStatus, type Transition, type TransitionAction } from '../../resources/orders/statuses.js';
import { orders } from '../db/schema/index.js';
import { writeAudit } from '../audit/write.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';
import { clockNow } from '../clock.js';
import { postPaid, postReversal } from './money.js';
import { scheduleCallback } from './callbacks/schedule.js';
import type { OrderInsert, OrderRow } from './order-row.js';
import { countOrder } from '../metrics/scope.js';

/** Who moves the order: an operator (user id, address) or the system (null). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
}

export interface Move {
  action: TransitionAction;
  to: OrderStatus;
  actor: Actor;
  /** Why (a reject reason, a repair reason); recorded in the audit. */
  reason?: string;
  /** Other columns written with the status (utr, account, reject reason...). */
  set?: Partial<OrderInsert>;
  /** The table to check against (payout orders bring their own). */
  transitions?: readonly Transition[];
}

/** Refuses a move the table does not allow, naming the order's current status. */
export function assertAllowed(order: OrderRow, action: TransitionAction, to: OrderStatus, transitions: readonly Transition[] = COLLECTION_TRANSITIONS): OrderStatus {
  const from = statusCode(order.status);
  if (!from || !allows(transitions, action, from, to)) fail('orderStateConflict', { status: `orderStatus.${from ?? 'created'}` });
  return from!;
}

/** The audit entry of an order change (system changes have no user). */
export function orderAuditEntry(actor: Actor, action: string, order: Pick<OrderRow, 'orderCode'>, before: unknown, after: unknown) {
  // Typed as the request that moves the order says (server/audit/write.ts), general for the system.
  return { userId: actor.userId, action: `order.${action}`, target: order.orderCode, ip: actor.ip ?? null, before, after };
}

/** Writes an audit record of an order change. */
export async function auditOrder(tx: Db, actor: Actor, action: string, order: Pick<OrderRow, 'orderCode'>, before: unknown, after: unknown): Promise<void> {
  await writeAudit(tx, orderAuditEntry(actor, action, order, before, after));
}

export async function transition(tx: Db, order: OrderRow, move: Move): Promise<OrderRow> {
  const from = assertAllowed(order, move.action, move.to, move.transitions);
  const paidBefore = isSuccess(from);
  const paidAfter = isSuccess(move.to);
  const now = new Date();
  const set: Partial<OrderInsert> = { ...move.set, status: statusId(move.to), updatedAt: now };
  if (!paidBefore && paidAfter) {
    set.completedAt = now;
    // Paid: what arrived is what the payer was asked to pay, unless the move says otherwise.
    set.receivedAmount ??= order.receivedAmount ?? order.payAmount;
  }
  if (paidBefore && !paidAfter) set.reversedAt = now;
  // Timed out early (freed, repaired) ends its expiry now, on the clock the sweep reads: bank
  // matching pays a timed-out order only for a payment made before it expired
  // (server/bank-statements/match.ts), and a freed order's pay amount may already be another order's.
  // The audit keeps the expiry it had.
  const clock = clockNow();
  const expiredEarly = move.to === 'timedOut' && (order.expiresAt === null || order.expiresAt > clock);
  if (expiredEarly) set.expiresAt = clock;
  const [updated] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  // Someone moved it first: the caller's view is stale.
  if (!updated) fail('orderStateConflict', { status: `orderStatus.${from}` });
  let result = updated;
  if (!paidBefore && paidAfter) {
    result = await postPaid(tx, updated);
    await scheduleCallback(tx, result);
  }
  if (paidBefore && !paidAfter) await postReversal(tx, updated);
  const expiry = expiredEarly ? { before: { expiresAt: order.expiresAt }, after: { expiresAt: clock } } : { before: {}, after: {} };
  await auditOrder(tx, move.actor, move.action, order, { status: from, ...expiry.before }, { status: move.to, ...(move.reason ? { reason: move.reason } : {}), ...move.set, ...expiry.after });
  // Every payment and every timeout passes here: /metrics counts them once the transaction commits.
  if (!paidBefore && paidAfter) countOrder('paid', order.productId);
  if (move.to === 'timedOut') countOrder('timedOut', order.productId);
  return result;
}
