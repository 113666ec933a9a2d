/**
 * GET /payProxyOrder/getDetail ?id: one payout for the detail screen, as the list shows it to the
 * caller (its row scope: another merchant's or supplier's payout is not found; its columns: no
 * merchant side for suppliers, no supplier side for merchants), with its ledger rows (staff all of
 * them, a member only its own) and its trail of payout moves (staff also see who acted and from where).
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { rowScope } from '../../providers/ability-engine.js';
import { queryId } from '../../resources/common/rules.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { auditRecords, users } from '../db/schema/index.js';
import { loadRow, readers, viewOf } from '../crud/query.js';
import { route } from '../http/route.js';
import { entriesFor } from '../ledger/ledger.js';
import { payoutStore } from './list.js';

export const payoutDetailRoute = route({
  method: 'GET',
  url: payoutApi.one,
  access: { action: 'show', subject: readers(payoutStore) },
  query: z.object({ id: queryId }),
  handler: async (ctx) => {
    const [view] = await viewOf(payoutStore, ctx, [await loadRow(payoutStore, ctx, ctx.query.id, 'show')]);
    const orderCode = view.orderCode as string;
    // A member sees its own ledger rows of the payout; staff (no row scope) every leg.
    const scope = rowScope(ctx.ability, 'show', readers(payoutStore));
    const own = scope ? new Set(Object.values(scope).flat()) : null;
    const ledger = (await entriesFor(ctx.db, 'order', orderCode))
      .filter((e) => !own || (e.userId !== null && own.has(e.userId)))
      .map((e) => ({ id: e.id, userId: e.userId, account: e.account, amount: Number(e.amount), reason: e.reason, createdAt: e.createdAt }));
    const trail = await ctx.db
      .select({ id: auditRecords.id, action: auditRecords.action, before: auditRecords.before, after: auditRecords.after, createdAt: auditRecords.createdAt, ip: auditRecords.ip, operator: users.account })
      .from(auditRecords)
      .leftJoin(users, eq(users.id, auditRecords.userId))
      .where(and(eq(auditRecords.target, orderCode), like(auditRecords.action, 'order.payout.%')))
      .orderBy(asc(auditRecords.id));
    const audit = trail.map((r) => ({
      id: r.id,
      action: r.action.replace(/^order\.payout\./, ''),
      before: r.before,
      after: r.after,
      createdAt: r.createdAt,
      ...(own ? {} : { operator: r.operator ?? null, ip: r.ip }),
    }));
    return { ...view, ledger, audit };
  },
});
