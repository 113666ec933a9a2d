/**
 * POST /order/reverseOrder: a paid order is undone. It becomes rejected and the state machine
 * posts the exact opposite of its ledger rows, so every balance is back where it was.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { orderCodeBody } from '../../../resources/orders/action-rules.js';
import { route } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

export const reverseRoute = route({
  method: 'POST',
  url: orderApi.reverse,
  access: { action: 'reverse', subject: 'orders' },
  ...MONEY_MOVE_GUARD,
  body: orderCodeBody,
  handler: async (ctx) => {
    const order = await orderForAction(ctx, ctx.body.orderCode, 'reverse');
    return actionResult(await transition(ctx.db, order, { action: 'reverse', to: 'rejected', actor: actorOf(ctx) }));
  },
});
