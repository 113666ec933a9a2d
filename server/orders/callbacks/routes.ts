/**
 * The callback screens' API, served by the entity kit from the declarations: the task list with
 * each task's merchant, order status and last answer (/orderCallBack/getList), its soft delete
 * (/orderCallBack/delete: the task stops retrying and leaves the list), and the attempt list
 * (/orderCallBack/getDetailList).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { orderCallbacks as callbacksDeclaration } from '../../../resources/order-callbacks/index.js';
import { orderCallbackDetails as detailsDeclaration } from '../../../resources/order-callback-details/index.js';
import { statusCode } from '../../../resources/orders/statuses.js';
import { orderCallbackAttempts, orderCallbacks, orders, users } from '../../db/schema/index.js';
import { entityRoutes } from '../../crud/routes.js';
import type { Db } from '../../db/client.js';
import type { Selected } from '../../crud/store.js';

/** The latest attempt of each task, in one query for a page. */
async function lastAttempts(db: Db, callbackIds: number[]) {
  if (!callbackIds.length) return new Map<number, typeof orderCallbackAttempts.$inferSelect>();
  const rows = await db
    .selectDistinctOn([orderCallbackAttempts.callbackId])
    .from(orderCallbackAttempts)
    .where(inArray(orderCallbackAttempts.callbackId, callbackIds))
    .orderBy(orderCallbackAttempts.callbackId, desc(orderCallbackAttempts.id));
  return new Map(rows.map((r) => [r.callbackId, r]));
}

async function callbackView(db: Db, rows: Selected[]) {
  const last = await lastAttempts(
    db,
    rows.map((r) => r.row.id as number),
  );
  return rows.map(({ row, merchant, order }) => {
    const attempt = last.get(row.id as number);
    return {
      ...row,
      merchantName: merchant?.nickname ?? null,
      orderStatus: order ? (statusCode(order.status as number) ?? null) : null,
      lastResponseStatus: attempt?.responseStatus ?? null,
      lastResponse: attempt?.responseBody ?? null,
    };
  });
}

/** Every notification is a JSON POST (the detail screen's "callback format"). */
const CALLBACK_FORMAT = 'JSON';

export const orderCallbackRoutes = [
  ...entityRoutes({
    declaration: callbacksDeclaration,
    table: orderCallbacks,
    joins: [
      { as: 'merchant', table: users, on: eq(users.id, orderCallbacks.merchantId) },
      { as: 'order', table: orders, on: eq(orders.id, orderCallbacks.orderId) },
    ],
    deletedAt: orderCallbacks.deletedAt,
    audit: 'orderCallback',
    view: callbackView,
    // A deleted task is never due again (a re-send of the order brings it back).
    afterDelete: async (ctx, before) => {
      await ctx.db.update(orderCallbacks).set({ nextAttemptAt: null }).where(eq(orderCallbacks.id, before.row.id as number));
    },
  }),
  ...entityRoutes({
    declaration: detailsDeclaration,
    table: orderCallbackAttempts,
    audit: 'orderCallbackDetail',
    view: async (_db, rows) => rows.map(({ row }) => ({ ...row, format: CALLBACK_FORMAT })),
  }),
];
