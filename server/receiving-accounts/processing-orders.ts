/**
 * Orders an account is working on right now (processingOrderCount and processingOrderAmount of the
 * resource detail): its open orders (OPEN_STATUSES: allocated, awaiting the payer or waiting for
 * confirmation), counted and summed by what the payer pays (payAmount, minor units). One grouped
 * query over the orders' (account, status) index, whatever the number of accounts.
 */
import { and, inArray, sql } from 'drizzle-orm';
import { OPEN_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { orders } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export interface ProcessingOrders {
  count: number;
  /** Minor units. */
  amount: number;
}

export async function processingOrdersOf(db: Db, accountIds: number[]): Promise<Map<number, ProcessingOrders>> {
  const result = new Map(accountIds.map((id) => [id, { count: 0, amount: 0 }]));
  if (!accountIds.length) return result;
  const rows = await db
    .select({ accountId: orders.accountId, count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${orders.payAmount}), 0)::text` })
    .from(orders)
    .where(and(inArray(orders.accountId, accountIds), inArray(orders.status, OPEN_STATUSES.map(statusId))))
    .groupBy(orders.accountId);
  for (const row of rows) if (row.accountId !== null) result.set(row.accountId, { count: row.count, amount: Number(row.amount) });
  return result;
}

export function total(orders: Iterable<ProcessingOrders>): ProcessingOrders {
  let count = 0;
  let amount = 0;
  for (const o of orders) {
    count += o.count;
    amount += o.amount;
  }
  return { count, amount };
}
