/**
 * The operator's payout actions with inputs: reject an unbatched payout with a reason (the reserve
 * goes back to the merchant), repair a state a fault left wrong (a required reason; money follows as for any move),
 * and the mark (no state, no money).
 */
import { eq } from 'drizzle-orm';
import { markBody } from '../../../resources/orders/action-rules.js';
import { payoutRejectBody, payoutRepairBody } from '../../../resources/payouts/action-rules.js';
import { payoutApi } from '../../../resources/payouts/api.js';
import { payoutStateCode } from '../../../resources/payouts/states.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { actorOf } from '../../orders/actions/load.js';
import { auditOrder } from '../../orders/state-machine.js';
import { payoutTransition } from '../state-machine.js';
import { payoutForAction, payoutResult, requirePayoutRow, UNASSIGNED } from './load.js';
import { unbatched } from './simple.js';

const rejectRoute = route({
  method: 'POST',
  url: payoutApi.reject,
  access: { action: 'reject', subject: 'payouts' },
  body: payoutRejectBody,
  idempotent: true,
  handler: async (ctx) => {
    const { orderCode, rejectReason, otherReason } = ctx.body;
    const order = await payoutForAction(ctx, orderCode, 'reject');
    // A batched payout may be in the bank's file already: only the batch's exception handling takes it out.
    unbatched(order);
    // The payout keeps what an operator reads: the reason's code, or the specific text of "other".
    const stored = rejectReason === 'other' ? otherReason! : rejectReason;
    const reason = rejectReason === 'other' ? `other: ${stored}` : rejectReason;
    return payoutResult(await payoutTransition(ctx.db, order, { action: 'reject', to: 'revoked', actor: actorOf(ctx), reason, set: { rejectReason: stored } }));
  },
});

const repairRoute = route({
  method: 'POST',
  url: payoutApi.repairStatus,
  access: { action: 'repairStatus', subject: 'payouts' },
  body: payoutRepairBody,
  idempotent: true,
  handler: async (ctx) => {
    const { orderCode, status, reason } = ctx.body;
    const order = await payoutForAction(ctx, orderCode, 'repairStatus');
    const to = payoutStateCode(status)!;
    // Repaired into the pool: no supplier holds it any more, and it leaves its batch for another one.
    const set = to === 'waiting' ? { ...UNASSIGNED, batchId: null } : undefined;
    return payoutResult(await payoutTransition(ctx.db, order, { action: 'repair', to, actor: actorOf(ctx), reason, set }));
  },
});

const markRoute = route({
  method: 'POST',
  url: payoutApi.updateMark,
  access: { action: 'updateMark', subject: 'payouts' },
  body: markBody,
  handler: async (ctx) => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, ctx.body.id)).for('update').limit(1);
    if (!order) return fail('notFound');
    requirePayoutRow(ctx, order, 'updateMark', 'payouts');
    const [updated] = await ctx.db.update(orders).set({ mark: ctx.body.orderMark, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    await auditOrder(ctx.db, actorOf(ctx), 'payout.updateMark', order, { mark: order.mark }, { mark: updated.mark });
    return payoutResult(updated);
  },
});

export const operatorRoutes = [rejectRoute, repairRoute, markRoute];
