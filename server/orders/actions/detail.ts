/**
 * GET /order/getDetail ?orderCode (or ?id): one order for the detail screen, with what the caller
 * may see of it: the order's columns (merchants do not see the supplier side, suppliers not the
 * merchant's fee and addresses), its ledger rows (staff all of them, a member only its own) and its
 * audit trail (status changes and other actions; staff also see who acted and from where).
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { rowScope } from '../../../providers/ability-engine.js';
import { filterText, queryId } from '../../../resources/common/rules.js';
import { orderApi } from '../../../resources/orders/api.js';
import { auditRecords, orders, users } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route } from '../../http/route.js';
import { entriesFor } from '../../ledger/ledger.js';
import type { OrderRow } from '../order-row.js';
import { ORDER_SUBJECTS, requireOrderRow } from './load.js';

/** Columns a role does not see: the other side's fees, accounts and addresses. */
const HIDDEN: Partial<Record<string, readonly (keyof OrderRow)[]>> = {
  merchant: ['supplierId', 'accountId', 'supplierFee', 'allocateInfo'],
  supplier: ['merchantFee', 'notifyUrl', 'returnUrl', 'allocateInfo'],
};

const detailQuery = z
  .object({ orderCode: filterText, id: z.preprocess((v) => (v === '' ? undefined : v), queryId.optional()) })
  .refine((q) => q.orderCode !== undefined || q.id !== undefined, { path: ['orderCode'], message: 'required' });

export const detailRoute = route({
  method: 'GET',
  url: orderApi.one,
  access: { action: 'show', subject: ORDER_SUBJECTS },
  query: detailQuery,
  handler: async (ctx) => {
    const where = ctx.query.orderCode !== undefined ? eq(orders.orderCode, ctx.query.orderCode) : eq(orders.id, ctx.query.id!);
    const [order] = await ctx.db.select().from(orders).where(where).limit(1);
    if (!order) return fail('notFound');
    requireOrderRow(ctx, order, 'show', ORDER_SUBJECTS);

    const view: Record<string, unknown> = { ...order };
    for (const column of HIDDEN[ctx.user.role] ?? []) delete view[column];

    // A member sees its own ledger rows of the order; staff (no row scope) every leg.
    const scope = rowScope(ctx.ability, 'show', ORDER_SUBJECTS);
    const own = scope ? new Set(Object.values(scope).flat()) : null;
    const ledger = (await entriesFor(ctx.db, 'order', order.orderCode))
      .filter((e) => !own || (e.userId !== null && own.has(e.userId)))
      .map((e) => ({ id: e.id, userId: e.userId, account: e.account, amount: Number(e.amount), reason: e.reason, createdAt: e.createdAt }));

    const trail = await ctx.db
      .select({ id: auditRecords.id, action: auditRecords.action, before: auditRecords.before, after: auditRecords.after, createdAt: auditRecords.createdAt, ip: auditRecords.ip, operator: users.account })
      .from(auditRecords)
      .leftJoin(users, eq(users.id, auditRecords.userId))
      .where(and(eq(auditRecords.target, order.orderCode), like(auditRecords.action, 'order.%')))
      .orderBy(asc(auditRecords.id));
    const staff = !own;
    const audit = trail.map((r) => ({
      id: r.id,
      action: r.action.replace(/^order\./, ''),
      before: r.before,
      after: r.after,
      createdAt: r.createdAt,
      // The system (timeouts, callbacks) acts without a user.
      ...(staff ? { operator: r.operator ?? null, ip: r.ip } : {}),
    }));
    return { ...view, ledger, audit };
  },
});
