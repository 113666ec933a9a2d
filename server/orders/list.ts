/**
 * The collection-order lists (GET /order/getList, /order/getDetail, /order/exportList), served by
 * the entity kit from the declaration in resources/orders: every filter, paging, sorting, the
 * abilities' row scope and the CSV export. (Where a hand-written detail route with the order's
 * ledger and trail serves /order/getDetail, `handWritten: ['one']` leaves it to that route.) What is
 * the orders' own is here: only collection orders (orderType 1) are its rows, the names of the
 * merchant and the supplier (joined), the filter-only fields' columns, isProxy (the orders of the
 * caller's agents) and the status group (the statuses of a broad label). Only declared fields the
 * caller may see are answered (declaredOnly).
 */
import { eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orders as declaration } from '../../resources/orders/index.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import { groupStatusIds, type StatusGroup } from '../../resources/orders/status-groups.js';
import { orders, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { descending } from '../crud/keyset.js';
import type { Ctx, EntityStore } from '../crud/store.js';
import { getSetting } from '../settings/store.js';

/** With HighPerfOrderQuery on (the default), totals stop at this many orders. */
export const ORDER_COUNT_LIMIT = 10_000;

const merchantUser = alias(users, 'merchant_user');
const supplierUser = alias(users, 'supplier_user');

/** The caller's agents (supplier-role users whose parent is the caller). */
const agentsOf = (ctx: Ctx) => ctx.db.select({ id: users.id }).from(users).where(eq(users.parentId, ctx.user.id));

export const orderStore: EntityStore = {
  declaration,
  table: orders,
  joins: [
    { as: 'merchant', table: merchantUser, on: eq(merchantUser.id, orders.merchantId), columns: { nickname: merchantUser.nickname } },
    { as: 'supplier', table: supplierUser, on: eq(supplierUser.id, orders.supplierId), columns: { nickname: supplierUser.nickname } },
  ],
  // Collection orders only: payouts have their own lists (server/payouts/list.ts).
  where: () => eq(orders.orderType, COLLECTION),
  columns: { mainProductId: orders.productId, notInOrderStatusIds: orders.status },
  filters: {
    isProxy: (value, ctx) => (value ? inArray(orders.supplierId, agentsOf(ctx)) : or(isNull(orders.supplierId), notInArray(orders.supplierId, agentsOf(ctx)))!),
    // One of the broad labels: the statuses it groups (the query already checked the value is a group).
    statusGroup: (value) => inArray(orders.status, groupStatusIds(value as StatusGroup)),
  },
  // Newest first; the id breaks ties so pages never overlap.
  orderBy: [descending(orders.createdAt), descending(orders.id)],
  declaredOnly: true,
  countLimit: async (ctx) => ((await getSetting(ctx.db, 'HighPerfOrderQuery')).enable ? ORDER_COUNT_LIMIT : undefined),
  audit: 'order',
  // /order/getDetail is hand-written (server/orders/actions/detail.ts): it adds the ledger rows and the status trail.
  handWritten: ['one'],
  view: async (_db, rows) => rows.map((r) => ({ ...r.row, merchantName: r.merchant?.nickname ?? null, supplierName: r.supplier?.nickname ?? null })),
};

export const orderListRoutes = entityRoutes(orderStore);
