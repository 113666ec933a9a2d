/** An order as stored, and how one is read by its code. */
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/index.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;

/** The order with this code, locked for the rest of the transaction (or not found). */
export async function lockOrder(tx: Db, orderCode: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderCode, orderCode)).for('update').limit(1);
  return row ?? fail('notFound');
}
