/**
 * The payout row actions that take the payout alone (POST {orderCode}): release a claimed payout
 * to the pool, cancel a held one, reverse a completed one. Each goes through the payout state
 * machine, which refuses a state the table does not allow (4113) and moves the money. Cancel and
 * reverse move money, so they need the second-level password; a release keeps the reserve.
 */
import { payoutCodeBody } from '../../../resources/payouts/action-rules.js';
import { payoutApi } from '../../../resources/payouts/api.js';
import { payoutStateCode, type PayoutAction, type PayoutState } from '../../../resources/payouts/states.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { actorOf } from '../../orders/actions/load.js';
import type { OrderInsert, OrderRow } from '../../orders/order-row.js';
import { payoutTransition } from '../state-machine.js';
import { payoutForAction, payoutResult, UNASSIGNED } from './load.js';

interface Simple {
  url: string;
  ability: 'release' | 'cancel' | 'reverse';
  action: PayoutAction;
  to: PayoutState;
  /** Refuses what the table alone does not say (a batched payout is the batch's to return). */
  guard?: (order: OrderRow) => void;
  set?: Partial<OrderInsert>;
  /** It moves money (the reserve back to the merchant, a payment undone): the second-level password. */
  moneyMove?: true;
}

const simple = ({ url, ability, action, to, guard, set, moneyMove }: Simple) =>
  route({
    method: 'POST',
    url,
    access: { action: ability, subject: 'payouts' },
    ...(moneyMove ? MONEY_MOVE_GUARD : {}),
    body: payoutCodeBody,
    idempotent: true,
    handler: async (ctx) => {
      const order = await payoutForAction(ctx, ctx.body.orderCode, ability);
      guard?.(order);
      return payoutResult(await payoutTransition(ctx.db, order, { action, to, actor: actorOf(ctx), set }));
    },
  });

/** A payout in a batch leaves it only through the batch (exception handling), never by hand. */
export const unbatched = (order: OrderRow) => {
  if (order.batchId !== null) fail('orderStateConflict', { status: `payoutStatus.${payoutStateCode(order.payoutStatus)}` });
};

export const simpleRoutes = [
  simple({ url: payoutApi.release, ability: 'release', action: 'release', to: 'waiting', guard: unbatched, set: UNASSIGNED }),
  simple({ url: payoutApi.cancel, ability: 'cancel', action: 'cancel', to: 'cancelled', moneyMove: true }),
  simple({ url: payoutApi.reverse, ability: 'reverse', action: 'reverse', to: 'reversalCompleted', moneyMove: true }),
];
