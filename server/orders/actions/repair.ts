/**
 * POST /order/updateOrderStatus: an operator sets the status a fault left wrong, to one of the
 * table's repair targets, with a required reason. Money follows as for any move: repairing into a
 * paid status posts the order's rows, out of one reverses them.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { repairBody } from '../../../resources/orders/action-rules.js';
import { statusCode } from '../../../resources/orders/statuses.js';
import { route } from '../../http/route.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { transition } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

export const repairRoute = route({
  method: 'POST',
  url: orderApi.repairStatus,
  access: { action: 'repairStatus', subject: 'orders' },
  ...MONEY_MOVE_GUARD,
  body: repairBody,
  handler: async (ctx) => {
    const { orderCode, status, reason } = ctx.body;
    const order = await orderForAction(ctx, orderCode, 'repairStatus');
    // The schema admits only repair targets, all of which are statuses.
    const repaired = await transition(ctx.db, order, { action: 'repair', to: statusCode(status)!, actor: actorOf(ctx), reason });
    return actionResult(repaired);
  },
});
