/**
 * The supplier's claims (spec section 7): POST /payoutOrderClaim/claimOrder?orderId takes a payout
 * from the pool onto the next eligible payout account of the caller or its agents; POST
 * /payoutOrderClaim/cancelClaim?orderId gives back one the team holds and has not batched. The
 * payout is read FOR UPDATE and moved by the state machine only if it is still waiting, so of
 * twenty suppliers claiming at once exactly one wins; the others are told "Claim failed" with why.
 */
import { eq } from 'drizzle-orm';
import { claimQuery } from '../../resources/payouts/action-rules.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { PAYOUT, payoutStateCode } from '../../resources/payouts/states.js';
import { orders, users } from '../db/schema/index.js';
import { AppError, fail } from '../errors.js';
import { route, type RouteContext } from '../http/route.js';
import { actorOf } from '../orders/actions/load.js';
import type { OrderRow } from '../orders/order-row.js';
import { eligibleAccount } from './assign.js';
import { payoutResult, UNASSIGNED } from './actions/load.js';
import { payoutTransition } from './state-machine.js';

type Ctx = Pick<RouteContext<unknown, unknown>, 'db' | 'user'>;

/** The caller and its agents: a supplier claims for the team's payout accounts. */
async function teamOf(ctx: Ctx): Promise<number[]> {
  const agents = await ctx.db.select({ id: users.id }).from(users).where(eq(users.parentId, ctx.user.id));
  return [ctx.user.id, ...agents.map((a) => a.id)];
}

/** The payout by id, locked; a collection order or an unknown id is not found. */
async function lockPayout(ctx: Ctx, orderId: number): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order || order.orderType !== PAYOUT) return fail('notFound');
  return order;
}

const claimRoute = route({
  method: 'POST',
  url: payoutApi.claim,
  access: { action: 'claim', subject: 'payoutPool' },
  query: claimQuery,
  idempotent: true,
  handler: async (ctx) => {
    const order = await lockPayout(ctx, ctx.query.orderId);
    // Someone took it first (we waited for its lock), or it left the pool another way.
    if (payoutStateCode(order.payoutStatus) !== 'waiting' || order.supplierId !== null) return fail('claimFailed', { reason: 'errors.reasonTaken' });
    const account = await eligibleAccount(ctx.db, order, await teamOf(ctx));
    if (!account) return fail('claimFailed', { reason: 'errors.reasonNoAccount' });
    try {
      const claimed = await payoutTransition(ctx.db, order, {
        action: 'claim',
        to: 'preparing',
        actor: actorOf(ctx),
        set: { supplierId: account.supplierId, accountId: account.id, assignedAt: new Date() },
      });
      return payoutResult(claimed);
    } catch (error) {
      // Lost the race on the conditional update: the same answer as finding it taken.
      if (error instanceof AppError && error.name === 'orderStateConflict') return fail('claimFailed', { reason: 'errors.reasonTaken' });
      throw error;
    }
  },
});

const cancelClaimRoute = route({
  method: 'POST',
  url: payoutApi.cancelClaim,
  access: { action: 'cancelClaim', subject: 'payouts-supplier' },
  query: claimQuery,
  idempotent: true,
  handler: async (ctx) => {
    const order = await lockPayout(ctx, ctx.query.orderId);
    const team = await teamOf(ctx);
    // Only the team holding it, and only before a batch takes it (the batch returns it then).
    if (order.supplierId === null || !team.includes(order.supplierId) || order.batchId !== null) return fail('cancelClaimFailed', { reason: 'errors.reasonNotYours' });
    const released = await payoutTransition(ctx.db, order, { action: 'cancelClaim', to: 'waiting', actor: actorOf(ctx), set: UNASSIGNED });
    return payoutResult(released);
  },
});

export const claimRoutes = [claimRoute, cancelClaimRoute];
