/** A supplier's agents (users whose parent is the supplier): their rows count as the supplier's. */
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export async function teamOf(db: Db, supplierId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, supplierId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
