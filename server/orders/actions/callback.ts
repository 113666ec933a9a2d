/**
 * POST /order/callback: sends a paid order's notification to its merchant again. No status
 * changes (the callback worker's result moves the order between callback succeeded and failed);
 * the re-send is due at once and retried as any callback is. Audited.
 */
import { orderApi } from '../../../resources/orders/api.js';
import { orderCodeBody } from '../../../resources/orders/action-rules.js';
import { isSuccess, statusCode } from '../../../resources/orders/statuses.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { scheduleCallback } from '../callbacks/schedule.js';
import { auditOrder } from '../state-machine.js';
import { actionResult, actorOf, orderForAction } from './load.js';

export const callbackRoute = route({
  method: 'POST',
  url: orderApi.callback,
  access: { action: 'callback', subject: 'orders' },
  body: orderCodeBody,
  handler: async (ctx) => {
    const order = await orderForAction(ctx, ctx.body.orderCode, 'callback');
    const status = statusCode(order.status);
    // Only a paid order has anything to tell the merchant.
    if (!status || !isSuccess(status)) fail('orderStateConflict', { status: `orderStatus.${status ?? 'created'}` });
    await scheduleCallback(ctx.db, order);
    await auditOrder(ctx.db, actorOf(ctx), 'callback', order, { status }, { status, callback: 'scheduled' });
    return actionResult(order);
  },
});
