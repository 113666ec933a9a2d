/**
 * POST /order/freeResource: an operator closes an unpaid order early, so its receiving account is
 * free for other orders (the order counts as timed out). `isOffsetReplenishmentOrder` says the
 * payment will be settled by an offset supplement later; it is kept in the audit record.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { freeResourceBody } from '../../../resources/orders/action-rules.js';
import { route } from '../../http/route.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

export const freeResourceRoute = route({
  method: 'POST',
  url: orderApi.freeResource,
  access: { action: 'freeResource', subject: 'orders' },
  body: freeResourceBody,
  handler: async (ctx) => {
    const order = await orderForAction(ctx, ctx.body.orderCode, 'freeResource');
    const freed = await transition(ctx.db, order, { action: 'freeResource', to: 'timedOut', actor: actorOf(ctx), reason: ctx.body.isOffsetReplenishmentOrder ? 'offsetReplenishment' : undefined });
    return actionResult(freed);
  },
});
