/**
 * POST /order/confirmOrder: the payer's submitted UTR is confirmed, so the order is paid (money
 * posted, callback scheduled by the state machine). Admins confirm any order; a supplier confirms
 * only orders of its own (and its agents') receiving accounts, whose money it sees arrive, with its
 * payment password while EnablePayPassword is on. A supplier's confirmation is its own word: it
 * pays alone only while IsSupplierRemoveBalanceOnOrderFinished is on (the confirmation debits it
 * what it received); while off it would credit the merchant and the supplier's own fee at no cost
 * to it, so it waits as a to-do item until staff approve it (docs/reliability.md, "Abuse paths", item 9).
 */
import { minorToMajor } from '../../../providers/money.js';
import { orderApi } from '../../../resources/orders/api.js';
import { confirmBody } from '../../../resources/orders/action-rules.js';
import { checkPayPassword } from '../../users/pay-password.js';
import { route, type RouteContext } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { getSetting } from '../../settings/store.js';
import { holdForReview, isApprovedReplay, reviewableRoute } from '../../todo-items/gate.js';
import { assertAllowed, transition } from '../state-machine.js';
import type { OrderRow } from '../order-row.js';
import { actionResult, actorOf, orderForAction } from './load.js';

const CONFIRMERS = ['orders', 'orders-supplier'] as const;

/** The supplier's confirmation held for staff, unless its confirmation costs it the money it says it received. */
async function holdUnlessCosted(ctx: RouteContext<unknown, unknown>, order: OrderRow) {
  if ((await getSetting(ctx.db, 'IsSupplierRemoveBalanceOnOrderFinished')).enable === true) return undefined;
  return holdForReview(ctx, {
    kind: 'orderConfirm',
    call: orderApi.confirm,
    // The payment password was checked now; it is not kept.
    input: { orderCode: order.orderCode },
    secretFields: [],
    subject: order.orderCode,
    // Only what the supplier's own order list shows: it reads its items' details too.
    context: { amount: minorToMajor(order.amount), payAmount: minorToMajor(order.payAmount), utr: order.utr, accountId: order.accountId },
    exclusive: ['orderConfirm'],
  });
}

export const confirmRoute = reviewableRoute(
  route({
    method: 'POST',
    url: orderApi.confirm,
    access: { action: 'confirm', subject: CONFIRMERS },
    ...MONEY_MOVE_GUARD,
    body: confirmBody,
    handler: async (ctx) => {
      // A member confirming on its own screen answers for it: its payment password, while EnablePayPassword is on
      // (asked when it submits, not again when staff approve the held confirmation).
      if (!ctx.ability.can('confirm', 'orders') && !isApprovedReplay(ctx)) await checkPayPassword(ctx, ctx.body.payPassword);
      const order = await orderForAction(ctx, ctx.body.orderCode, 'confirm', CONFIRMERS);
      // An order that could not be confirmed is refused now, not held.
      assertAllowed(order, 'confirm', 'submitted');
      const held = await holdUnlessCosted(ctx, order);
      if (held) return held;
      return actionResult(await transition(ctx.db, order, { action: 'confirm', to: 'submitted', actor: actorOf(ctx) }));
    },
  }),
);
