/**
 * POST /order/confirmOrder: the payer's submitted UTR is confirmed, so the order is paid (money
 * posted, callback scheduled by the state machine). Admins confirm any order; a supplier confirms
 * only orders of its own (and its agents') receiving accounts, whose money it sees arrive, with its
 * payment password while EnablePayPassword is on.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { confirmBody } from '../../../resources/orders/action-rules.js';
import { checkPayPassword } from '../../users/pay-password.js';
import { route } from '../../http/route.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

const CONFIRMERS = ['orders', 'orders-supplier'] as const;

export const confirmRoute = route({
  method: 'POST',
  url: orderApi.confirm,
  access: { action: 'confirm', subject: CONFIRMERS },
  body: confirmBody,
  handler: async (ctx) => {
    // A member confirming on its own screen spends its own money: its payment password, while EnablePayPassword is on.
    if (!ctx.ability.can('confirm', 'orders')) await checkPayPassword(ctx, ctx.body.payPassword);
    const order = await orderForAction(ctx, ctx.body.orderCode, 'confirm', CONFIRMERS);
    return actionResult(await transition(ctx.db, order, { action: 'confirm', to: 'submitted', actor: actorOf(ctx) }));
  },
});
