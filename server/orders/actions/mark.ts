/**
 * POST /order/updateOrderMark {id, orderMark}: an operator labels an order (ordinary, suspicious,
 * test, supplement, malicious). The mark moves no money and no status, so it may be set on a locked
 * order too. Audited with the mark before and after.
 */
import { eq } from 'drizzle-orm';
import { orderApi } from '../../../resources/orders/api.js';
import { markBody } from '../../../resources/orders/action-rules.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { auditOrder } from '../state-machine.js';
import { actionResult, actorOf, requireOrderRow } from './load.js';

export const markRoute = route({
  method: 'POST',
  url: orderApi.updateMark,
  access: { action: 'updateMark', subject: 'orders' },
  body: markBody,
  handler: async (ctx) => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, ctx.body.id)).for('update').limit(1);
    if (!order) return fail('notFound');
    requireOrderRow(ctx, order, 'updateMark', 'orders');
    const [updated] = await ctx.db.update(orders).set({ mark: ctx.body.orderMark, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    await auditOrder(ctx.db, actorOf(ctx), 'updateMark', order, { mark: order.mark }, { mark: updated.mark });
    return actionResult(updated);
  },
});
