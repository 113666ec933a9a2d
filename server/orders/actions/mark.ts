/**
 * The mark of an order row (ordinary, suspicious, test, supplement, malicious): POST {id, orderMark}
 * on a collection order (/order/updateOrderMark) or a payout (/payProxyOrder/updateMark). The mark
 * moves no money and no status, so it may be set on a locked order too. Audited with the mark
 * before and after. One route for both kinds: each names its path, subject, row check (a row of the
 * other kind is not found), audit action and answer.
 */
import { eq } from 'drizzle-orm';
import type { Subject } from '../../../providers/ability-engine.js';
import { orderApi } from '../../../resources/orders/api.js';
import { markBody } from '../../../resources/orders/action-rules.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import type { OrderRow } from '../order-row.js';
import { auditOrder } from '../state-machine.js';
import { actionResult, actorOf, requireOrderRow } from './load.js';

interface MarkedKind {
  url: string;
  subject: Subject;
  /** Refuses a row of the other kind or someone else's (requireOrderRow, requirePayoutRow). */
  requireRow: typeof requireOrderRow;
  /** The audit action (`updateMark`, `payout.updateMark`). */
  audit: string;
  /** What the call answers: the row's state after it. */
  result: (order: OrderRow) => unknown;
}

export function markRoute(kind: MarkedKind) {
  return route({
    method: 'POST',
    url: kind.url,
    access: { action: 'updateMark', subject: kind.subject },
    body: markBody,
    handler: async (ctx) => {
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, ctx.body.id)).for('update').limit(1);
      if (!order) return fail('notFound');
      kind.requireRow(ctx, order, 'updateMark', kind.subject);
      const [updated] = await ctx.db.update(orders).set({ mark: ctx.body.orderMark, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
      await auditOrder(ctx.db, actorOf(ctx), kind.audit, order, { mark: order.mark }, { mark: updated.mark });
      return kind.result(updated);
    },
  });
}

export const orderMarkRoute = markRoute({ url: orderApi.updateMark, subject: 'orders', requireRow: requireOrderRow, audit: 'updateMark', result: actionResult });
