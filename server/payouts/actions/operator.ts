/**
 * The operator's payout actions with inputs: reject an unbatched payout with a reason (the reserve
 * goes back to the merchant), repair a state a fault left wrong (a required reason; money follows as for any move),
 * and the mark (no state, no money: the collection orders' mark route, orders/actions/mark.ts).
 */
import { sql } from 'drizzle-orm';
import { payoutRejectBody, payoutRepairBody } from '../../../resources/payouts/action-rules.js';
import { payoutApi } from '../../../resources/payouts/api.js';
import { payoutStateCode } from '../../../resources/payouts/states.js';
import { route } from '../../http/route.js';
import type { Db } from '../../db/client.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { actorOf } from '../../orders/actions/load.js';
import { markRoute } from '../../orders/actions/mark.js';
import { payoutTransition } from '../state-machine.js';
import { payoutForAction, payoutResult, requirePayoutRow, UNASSIGNED } from './load.js';
import { unbatched } from './simple.js';

const rejectRoute = route({
  method: 'POST',
  url: payoutApi.reject,
  access: { action: 'reject', subject: 'payouts' },
  ...MONEY_MOVE_GUARD,
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

/** A `YYYY-MM-DD HH:mm:ss` of the platform's clock as the database reads it, as the list filters compare times. */
async function platformMoment(db: Db, text: string): Promise<Date> {
  const result = (await db.execute(sql`select extract(epoch from ${text}::timestamp::timestamptz) as epoch`)) as unknown as { rows: { epoch: string | number }[] };
  return new Date(Number(result.rows[0].epoch) * 1000);
}

const repairRoute = route({
  method: 'POST',
  url: payoutApi.repairStatus,
  access: { action: 'repairStatus', subject: 'payouts' },
  ...MONEY_MOVE_GUARD,
  body: payoutRepairBody,
  idempotent: true,
  handler: async (ctx) => {
    const { orderCode, status, reason, payoutTime } = ctx.body;
    const order = await payoutForAction(ctx, orderCode, 'repairStatus');
    const to = payoutStateCode(status)!;
    // Repaired into the pool: no supplier holds it any more, and it leaves its batch for another one.
    // Marked paid: it was paid when the operator says (platform time, as the time filters read it).
    const set = to === 'waiting' ? { ...UNASSIGNED, batchId: null } : to === 'completed' ? { completedAt: await platformMoment(ctx.db, payoutTime!) } : undefined;
    return payoutResult(await payoutTransition(ctx.db, order, { action: 'repair', to, actor: actorOf(ctx), reason, set }));
  },
});

const payoutMarkRoute = markRoute({ url: payoutApi.updateMark, subject: 'payouts', requireRow: requirePayoutRow, audit: 'payout.updateMark', result: payoutResult });

export const operatorRoutes = [rejectRoute, repairRoute, payoutMarkRoute];
