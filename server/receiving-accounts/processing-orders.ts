/**
 * Orders an account is working on right now (processingOrderCount and
 * processingOrderAmount of the resource detail). Collection orders are not built yet (a later issue
 * adds the orders table); until then no account has a processing order, so this answers zero for
 * every account. The orders issue completes this one function with a count and sum over its table
 * (orders allocated to the account and not finished); callers need no change.
 */
import type { Db } from '../db/client.js';

export interface ProcessingOrders {
  count: number;
  /** Minor units. */
  amount: number;
}

export async function processingOrdersOf(_db: Db, accountIds: number[]): Promise<Map<number, ProcessingOrders>> {
  return new Map(accountIds.map((id) => [id, { count: 0, amount: 0 }]));
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
