/**
 * The payout lists (GET /payProxyOrder/getList, /payProxyOrder/exportList, /payProxyOrder/getDetail)
 * and the pool (GET /payProxyOrder/getPoolList, /payProxyOrder/exportPoolList), served by the
 * entity kit from the declarations in resources/payouts: every filter, paging, sorting, the
 * abilities' row scope and the CSV export. What is the payouts' own is here: only payouts (orderType
 * 2) are rows of these stores, the pool is the waiting payouts no supplier holds, the names of the
 * merchant and the supplier are joined, the bank name and UPI id come from the order's extras, and
 * the allocation status is derived (on a payout account, or in the pool). Only declared fields the
 * caller may see are answered (declaredOnly).
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { payoutPool, payouts as declaration } from '../../resources/payouts/index.js';
import { groupPayoutStateIds, PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import type { StatusGroup } from '../../resources/orders/status-groups.js';
import { orders, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { ascending, descending } from '../crud/keyset.js';
import type { Ctx, EntityStore, Selected } from '../crud/store.js';
import type { Db } from '../db/client.js';
import { getSetting } from '../settings/store.js';
import { ORDER_COUNT_LIMIT } from '../orders/list.js';

const merchantUser = alias(users, 'merchant_user');
const supplierUser = alias(users, 'supplier_user');

/** The caller's agents (supplier-role users whose parent is the caller). */
const agentsOf = (ctx: Ctx) => ctx.db.select({ id: users.id }).from(users).where(eq(users.parentId, ctx.user.id));

/** A payout as the lists show it: the joined names, the payee details kept in extras, the allocation status. */
async function view(_db: Db, rows: Selected[]) {
  return rows.map((r) => {
    const row = r.row as Record<string, unknown> & { extras?: { bankName?: string; vpa?: string } | null; accountId?: number | null };
    return {
      ...row,
      merchantName: r.merchant?.nickname ?? null,
      supplierName: r.supplier?.nickname ?? null,
      bankName: row.extras?.bankName ?? null,
      vpa: row.extras?.vpa ?? null,
      allocationStatus: row.accountId ? 'assigned' : 'pool',
    };
  });
}

const shared = {
  table: orders,
  joins: [
    { as: 'merchant', table: merchantUser, on: eq(merchantUser.id, orders.merchantId), columns: { nickname: merchantUser.nickname } },
    { as: 'supplier', table: supplierUser, on: eq(supplierUser.id, orders.supplierId), columns: { nickname: supplierUser.nickname } },
  ],
  filters: {
    isProxy: (value: unknown, ctx: Ctx) => (value ? inArray(orders.supplierId, agentsOf(ctx)) : or(isNull(orders.supplierId), notInArray(orders.supplierId, agentsOf(ctx)))!),
    allocationStatus: (value: unknown) => (value === 'assigned' ? isNotNull(orders.accountId) : isNull(orders.accountId)),
    // One of the broad labels: the payout states it groups.
    statusGroup: (value: unknown) => inArray(orders.payoutStatus, groupPayoutStateIds(value as StatusGroup)),
  },
  // Newest first; the id breaks ties so pages never overlap.
  orderBy: [descending(orders.createdAt), descending(orders.id)],
  declaredOnly: true,
  countLimit: async (ctx: Ctx) => ((await getSetting(ctx.db, 'HighPerfOrderQuery')).enable ? ORDER_COUNT_LIMIT : undefined),
  audit: 'payout',
  view,
} satisfies Partial<EntityStore>;

export const payoutStore: EntityStore = {
  ...shared,
  declaration,
  where: () => eq(orders.orderType, PAYOUT),
  // /payProxyOrder/getDetail is hand-written (./detail.ts): it adds the ledger rows and the trail.
  handWritten: ['one'],
};

/** The pool: waiting payouts that no supplier holds (a held payout waits for an operator, not in the pool). */
const poolStore: EntityStore = {
  ...shared,
  declaration: payoutPool,
  where: () => and(eq(orders.orderType, PAYOUT), eq(orders.payoutStatus, payoutStateId('waiting')), isNull(orders.supplierId)),
  // Oldest first: the payout waiting longest is taken first.
  orderBy: [ascending(orders.createdAt), ascending(orders.id)],
};

export const payoutListRoutes = [...entityRoutes(payoutStore), ...entityRoutes(poolStore)];
