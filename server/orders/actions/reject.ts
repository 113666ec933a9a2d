/**
 * POST /order/reject: an operator refuses an unpaid order or a false submission, with a reason of
 * the fixed list ("other" with the specific reason). The client may send a Google code with it;
 * no switch guards rejection, so it is accepted and not checked.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { rejectBody } from '../../../resources/orders/action-rules.js';
import { route } from '../../http/route.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

export const rejectRoute = route({
  method: 'POST',
  url: orderApi.reject,
  access: { action: 'reject', subject: 'orders' },
  body: rejectBody,
  handler: async (ctx) => {
    const { orderCode, rejectReason, otherReason } = ctx.body;
    const order = await orderForAction(ctx, orderCode, 'reject');
    // The order keeps what an operator reads: the reason's code, or the specific text of "other".
    const stored = rejectReason === 'other' ? otherReason! : rejectReason;
    const reason = rejectReason === 'other' ? `other: ${stored}` : rejectReason;
    const rejected = await transition(ctx.db, order, { action: 'reject', to: 'rejected', actor: actorOf(ctx), reason, set: { rejectReason: stored } });
    return actionResult(rejected);
  },
});
