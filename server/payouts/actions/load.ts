/**
 * What every payout row action starts with: the payout, read by its code and locked for the rest of
 * the request's transaction (so two operators acting at once are served one after the other), and
 * the caller's own row. A collection order's code is "not found" here, as a payout's is there.
 */
import type { Action, Subject } from '../../../providers/ability-engine.js';
import { PAYOUT } from '../../../resources/payouts/states.js';
import { fail } from '../../errors.js';
import { requireRow } from '../../http/access.js';
import type { RouteContext } from '../../http/route.js';
import { lockOrder, type OrderRow } from '../../orders/order-row.js';

type Ctx = Pick<RouteContext<unknown, unknown>, 'db' | 'ability' | 'user' | 'ip'>;

/** A payout the caller may take `action` on; anything else (a collection order, someone else's) is not found. */
export function requirePayoutRow(ctx: Ctx, order: OrderRow, action: Action, subject: Subject | readonly Subject[]): void {
  if (order.orderType !== PAYOUT) fail('notFound');
  requireRow(ctx.ability, action, subject, order as unknown as Record<string, unknown>);
}

/** The payout for an operator's action, locked. */
export async function payoutForAction(ctx: Ctx, orderCode: string, action: Action, subject: Subject | readonly Subject[] = 'payouts'): Promise<OrderRow> {
  const order = await lockOrder(ctx.db, orderCode);
  requirePayoutRow(ctx, order, action, subject);
  return order;
}

/** What an action answers: the payout's state after it. */
export const payoutResult = (order: OrderRow) => ({
  id: order.id,
  orderCode: order.orderCode,
  payoutStatus: order.payoutStatus,
  status: order.status,
  supplierId: order.supplierId,
  accountId: order.accountId,
  batchId: order.batchId,
  mark: order.mark,
});

/** Who gave up a payout: the supplier, its account and the time it was given are cleared (back to the pool). */
export const UNASSIGNED = { supplierId: null, accountId: null, assignedAt: null } as const;
