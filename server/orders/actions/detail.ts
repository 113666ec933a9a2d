/**
 * GET /order/getDetail ?orderCode (or ?id): one order for the detail screen, as the list shows it
 * to the caller (its row scope: someone else's order, or a payout, is not found; its columns by the
 * fields' `onlyFor`: merchants do not see the supplier side, suppliers not the merchant's), with its
 * receiving account named (for those who see the supplier side), its ledger rows and its audit
 * trail under the same column rules (../history.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { filterText, queryId } from '../../../resources/common/rules.js';
import { orderApi } from '../../../resources/orders/api.js';
import { orders } from '../../db/schema/index.js';
import { fieldsShownTo, loadRow, viewOf } from '../../crud/query.js';
import { route } from '../../http/route.js';
import { ledgerAndTrail } from '../history.js';
import { orderStore } from '../list.js';
import { receivingAccountName } from '../receiving-account.js';
import { ORDER_SUBJECTS } from './load.js';

const detailQuery = z
  .object({ orderCode: filterText, id: z.preprocess((v) => (v === '' ? undefined : v), queryId.optional()) })
  .refine((q) => q.orderCode !== undefined || q.id !== undefined, { path: ['orderCode'], message: 'required' });

export const detailRoute = route({
  method: 'GET',
  url: orderApi.one,
  access: { action: 'show', subject: ORDER_SUBJECTS },
  query: detailQuery,
  handler: async (ctx) => {
    const which = ctx.query.orderCode !== undefined ? eq(orders.orderCode, ctx.query.orderCode) : ctx.query.id!;
    const row = await loadRow(orderStore, ctx, which, 'show');
    const [view] = await viewOf(orderStore, ctx, [row]);
    const accountId = row.row.accountId as number | null;
    const namesAccount = accountId !== null && fieldsShownTo(orderStore, ctx).some((f) => f.name === 'receivingAccount');
    return {
      ...view,
      ...(namesAccount ? { receivingAccount: await receivingAccountName(ctx.db, accountId) } : {}),
      ...(await ledgerAndTrail(orderStore, ctx, view.orderCode as string, 'order.')),
    };
  },
});
