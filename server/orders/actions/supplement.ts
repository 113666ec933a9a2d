/**
 * POST /order/replenishmentOrder: an operator completes an order whose payment arrived outside the
 * normal flow, with the UTR of that payment. Hand-written (a transition, not CRUD): the order is
 * paid, so the state machine posts its money and schedules the merchant's callback. A Google code
 * is required while the ManualSupplement switch is on; a timed-out order only while
 * CanTimeoutSupplement is on; while the account's trusted chain is broken, only as many as
 * FixSecurityChainSupplementLimit allows.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { supplementBody, supplementTypeOf } from '../../../resources/orders/action-rules.js';
import { markId, statusCode } from '../../../resources/orders/statuses.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { getSetting } from '../../settings/store.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';
import { checkChainSupplementLimit } from './chain-supplement-limit.js';

export const supplementRoute = route({
  method: 'POST',
  url: orderApi.supplement,
  access: { action: 'supplement', subject: 'orders' },
  ...MONEY_MOVE_GUARD,
  googleCode: 'ManualSupplement',
  // It posts the order's money: a retry after a lost answer replays instead of acting again.
  idempotent: true,
  body: supplementBody,
  handler: async (ctx) => {
    const { orderCode, utr, isOffsetReplenishmentOrder } = ctx.body;
    const order = await orderForAction(ctx, orderCode, 'supplement');
    if (statusCode(order.status) === 'timedOut' && !(await getSetting(ctx.db, 'CanTimeoutSupplement')).enable) fail('orderStateConflict', { status: 'orderStatus.timedOut' });
    await checkChainSupplementLimit(ctx.db, order);
    const paid = await transition(ctx.db, order, {
      action: 'supplement',
      to: 'submitted',
      actor: actorOf(ctx),
      set: { utr, supplemented: true, supplementType: supplementTypeOf(isOffsetReplenishmentOrder), mark: markId('supplement') },
    });
    return actionResult(paid);
  },
});
