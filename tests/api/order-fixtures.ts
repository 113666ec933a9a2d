/**
 * Orders written straight into a test database (the list tests need orders in every status and
 * with every filterable field, not the flows that make them). Members are found by account.
 */
import { inArray, sql } from 'drizzle-orm';
import { orders, users } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';
import type { OrderInsert } from '../../server/orders/order-row.js';

export type OrderSeed = Partial<OrderInsert> & { orderCode: string; merchantId: number };

/** The ids of accounts by name: `{ merchant: 4, supplier: 7, ... }`. */
export async function idsOf(db: Db, accounts: string[]): Promise<Record<string, number>> {
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, accounts));
  return Object.fromEntries(rows.map((r) => [r.account, r.id]));
}

/** Inserts orders with plain defaults (collection, product 1034, allocated, 100.00) for what a seed leaves out. */
export async function insertOrders(db: Db, seeds: OrderSeed[]): Promise<void> {
  await db.insert(orders).values(
    seeds.map((o) => ({
      merchantOrderNo: `${o.orderCode}-mch`,
      productId: 1034,
      status: 2,
      amount: 100_00,
      payAmount: o.amount ?? 100_00,
      notifyUrl: 'https://shop.example/notify',
      ...o,
    })),
  );
}

/** Removes every order (the demo orders would change a file's totals); the database is the file's own copy. */
export async function clearOrders(db: Db): Promise<void> {
  await db.execute(sql`delete from orders`);
}
