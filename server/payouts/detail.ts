/**
 * GET /payProxyOrder/getDetail ?id: one payout for the detail screen, as the list shows it to the
 * caller (its row scope: another merchant's or supplier's payout is not found; its columns: no
 * merchant side for suppliers, no supplier side for merchants), with its ledger rows and its trail
 * of payout moves under the same column rules (../orders/history.ts).
 */
import { z } from 'zod';
import { queryId } from '../../resources/common/rules.js';
import { payoutApi } from '../../resources/payouts/api.js';
import { loadRow, readers, viewOf } from '../crud/query.js';
import { route } from '../http/route.js';
import { ledgerAndTrail } from '../orders/history.js';
import { payoutStore } from './list.js';

export const payoutDetailRoute = route({
  method: 'GET',
  url: payoutApi.one,
  access: { action: 'show', subject: readers(payoutStore) },
  query: z.object({ id: queryId }),
  handler: async (ctx) => {
    const [view] = await viewOf(payoutStore, ctx, [await loadRow(payoutStore, ctx, ctx.query.id, 'show')]);
    return { ...view, ...(await ledgerAndTrail(payoutStore, ctx, view.orderCode as string, 'order.payout.')) };
  },
});
