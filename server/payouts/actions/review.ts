/**
 * The payout actions around the risk check. Reselect corrects the payee details of an unbatched
 * bank payout and runs the check again: a hit holds it (off any supplier's account), a held payout that
 * now passes returns to the pool, otherwise it keeps its state. Retry checks a held payout again
 * after review: still on the blacklist is refused (nothing changes), clear returns it to the pool.
 */
import { payoutCodeBody, reselectBody } from '../../../resources/payouts/action-rules.js';
import { payoutApi } from '../../../resources/payouts/api.js';
import { BANK_PAYOUT } from '../../../resources/products/payee-details.js';
import { payoutStateCode, type PayoutState } from '../../../resources/payouts/states.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { actorOf } from '../../orders/actions/load.js';
import type { OrderRow } from '../../orders/order-row.js';
import { detectPayee } from '../../risk-control/detect.js';
import { payoutTransition } from '../state-machine.js';
import { payoutForAction, payoutResult, UNASSIGNED } from './load.js';
import { unbatched } from './simple.js';

const reselectRoute = route({
  method: 'POST',
  url: payoutApi.reselect,
  access: { action: 'reselect', subject: 'payouts' },
  // It changes who is paid.
  ...MONEY_MOVE_GUARD,
  body: reselectBody,
  idempotent: true,
  handler: async (ctx) => {
    const { orderCode, userName, cardNumber, ifscCode, bankName } = ctx.body;
    const order = await payoutForAction(ctx, orderCode, 'reselect');
    // The details are a bank account's: a USDT payout's payee is its wallet address.
    if (order.productId !== BANK_PAYOUT) fail('stateConflict');
    unbatched(order);
    const details = { userName, cardNumber, ifscCode, extras: { ...order.extras, bankName } };
    const from = payoutStateCode(order.payoutStatus)!;
    const hit = await detectPayee(ctx.db, { ...order, ...details } as OrderRow);
    const to: PayoutState = hit ? 'held' : from === 'held' ? 'waiting' : from;
    // A held payout is no supplier's: after review it goes back to the pool.
    const set = to === 'held' ? { ...details, ...UNASSIGNED } : details;
    return payoutResult(await payoutTransition(ctx.db, order, { action: 'reselect', to, actor: actorOf(ctx), set }));
  },
});

const retryRoute = route({
  method: 'POST',
  url: payoutApi.retry,
  access: { action: 'retry', subject: 'payouts' },
  body: payoutCodeBody,
  idempotent: true,
  handler: async (ctx) => {
    const order = await payoutForAction(ctx, ctx.body.orderCode, 'retry');
    const held = payoutStateCode(order.payoutStatus) === 'held';
    // Still blacklisted: it stays held, refused as a held payout (the refusal rolls back this check's detections too).
    if (held && (await detectPayee(ctx.db, order))) fail('orderStateConflict', { status: 'payoutStatus.held' });
    return payoutResult(await payoutTransition(ctx.db, order, { action: 'retry', to: 'waiting', actor: actorOf(ctx) }));
  },
});

export const reviewRoutes = [reselectRoute, retryRoute];
