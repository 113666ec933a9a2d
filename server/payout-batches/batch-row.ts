/**
 * What every batch operation starts with: the batch, locked for the rest of the request's
 * transaction (two operators confirming at once are served one after the other, and the second
 * finds it confirmed), the caller's own (a supplier asking for another's batch gets "not found"),
 * and in a state the batch table (resources/payout-batches/states.ts) lets the action start from.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Action } from '../../providers/ability-engine.js';
import { batchCan, batchStateCode, type BatchAction } from '../../resources/payout-batches/states.js';
import { PAYOUT, payoutStateId, type PayoutState } from '../../resources/payouts/states.js';
import { orders, payoutBatches } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { requireRow } from '../http/access.js';
import type { RouteContext } from '../http/route.js';
import type { Db } from '../db/client.js';
import type { OrderRow } from '../orders/order-row.js';

export type BatchRow = typeof payoutBatches.$inferSelect;
type Ctx = Pick<RouteContext<unknown, unknown>, 'db' | 'ability'>;

/** The refusal naming the batch's current state ("Not allowed: the batch is Confirmed"). */
export const stateConflict = (batch: BatchRow): never => fail('batchStateConflict', { state: `payoutBatchState.${batchStateCode(batch.state) ?? 'created'}` });

/** The batch for `ability` (an action of the payoutBatches rules), locked, in a state `step` may start from. */
export async function batchForAction(ctx: Ctx, id: number, ability: Action, step?: BatchAction): Promise<BatchRow> {
  const [batch] = await ctx.db.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update').limit(1);
  if (!batch) return fail('notFound');
  requireRow(ctx.ability, ability, 'payoutBatches', batch as unknown as Record<string, unknown>);
  if (step && !batchCan(step, batch.state)) stateConflict(batch);
  return batch;
}

/** The batch's payouts (in `states` when given), oldest first, locked unless only read. */
export async function batchOrders(db: Db, batchId: number, states?: readonly PayoutState[], lock = true): Promise<OrderRow[]> {
  const where = [eq(orders.batchId, batchId), eq(orders.orderType, PAYOUT)];
  if (states) where.push(inArray(orders.payoutStatus, states.map(payoutStateId)));
  const query = db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.id));
  return lock ? query.for('update') : query;
}
