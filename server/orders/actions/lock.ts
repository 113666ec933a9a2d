/**
 * POST /order/lockOrder and /order/unlockOrder {orderCodes}: locked orders are worked by automation
 * and refuse manual actions. One request names up to 100 orders and is all or nothing: an unknown
 * or someone else's code refuses the whole request, and so does locking an order already locked.
 * Unlocking an unlocked order leaves it as it is. Each order that changes is audited.
 */
import { eq, inArray } from 'drizzle-orm';
import { orderApi } from '../../../resources/orders/api.js';
import { lockBody } from '../../../resources/orders/action-rules.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route, type RouteContext } from '../../http/route.js';
import { auditOrder } from '../state-machine.js';
import { actorOf, requireOrderRow } from './load.js';

async function setLocked(ctx: RouteContext<{ orderCodes: string[] }, unknown>, locked: boolean) {
  const action = locked ? 'lock' : 'unlock';
  // One statement locks every row, in id order, so two requests over the same orders cannot deadlock.
  const rows = await ctx.db.select().from(orders).where(inArray(orders.orderCode, ctx.body.orderCodes)).orderBy(orders.id).for('update');
  if (rows.length !== ctx.body.orderCodes.length) fail('notFound');
  for (const row of rows) {
    requireOrderRow(ctx, row, action, 'orders');
    if (locked && row.locked) fail('orderLocked');
  }
  const now = new Date();
  for (const row of rows.filter((r) => r.locked !== locked)) {
    await ctx.db.update(orders).set({ locked, updatedAt: now }).where(eq(orders.id, row.id));
    await auditOrder(ctx.db, actorOf(ctx), action, row, { locked: row.locked }, { locked });
  }
  return { orderCodes: rows.map((r) => r.orderCode), locked };
}

export const lockRoutes = [
  route({ method: 'POST', url: orderApi.lock, access: { action: 'lock', subject: 'orders' }, body: lockBody, handler: (ctx) => setLocked(ctx, true) }),
  route({ method: 'POST', url: orderApi.unlock, access: { action: 'unlock', subject: 'orders' }, body: lockBody, handler: (ctx) => setLocked(ctx, false) }),
];
