/** Bank number management: the bank names and numbers the platform recognises. */
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { fail } from '../errors.js';
import { crudRoutes, given } from '../http/crud-routes.js';
import { bankNumbers } from '../db/schema/index.js';
import { addBankNumber, bankNumberListQuery, updateBankNumber } from '../../resources/bank-numbers/schema.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import type { Db } from '../db/client.js';

async function findRow(db: Db, rowId: number) {
  const [row] = await db.select().from(bankNumbers).where(eq(bankNumbers.id, rowId)).limit(1);
  return row ?? fail('notFound');
}

async function numberTaken(db: Db, number: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: bankNumbers.id }).from(bankNumbers).where(eq(bankNumbers.bankNumber, number));
  return rows.some((r) => r.id !== exceptId);
}

export const bankNumberRoutes = crudRoutes({
  subject: 'bankNumbers',
  prefix: '/bankNumber',
  audit: 'bankNumber',
  listQuery: bankNumberListQuery,
  addBody: addBankNumber,
  updateBody: updateBankNumber,
  find: findRow,
  list: async (db, query) => {
    const where: SQL[] = [];
    if (query.bankName) where.push(ilike(bankNumbers.bankName, `%${query.bankName}%`));
    if (query.bankNumber) where.push(ilike(bankNumbers.bankNumber, `%${query.bankNumber}%`));
    const filter = where.length ? and(...where) : undefined;
    const size = pageSizeOf(query);
    const [rows, total] = await Promise.all([
      db.select().from(bankNumbers).where(filter).orderBy(desc(bankNumbers.id)).limit(size).offset((query.pageIndex - 1) * size),
      db.$count(bankNumbers, filter),
    ]);
    return { list: rows, total };
  },
  add: async ({ db, body }) => {
    if (await numberTaken(db, body.bankNumber)) fail('duplicate');
    const [row] = await db
      .insert(bankNumbers)
      .values({ ...body, remark: body.remark ?? '', enabled: body.enabled ?? true })
      .returning();
    return row.id;
  },
  update: async ({ db, body }) => {
    if (await numberTaken(db, body.bankNumber, body.id)) fail('duplicate');
    const { id: rowId, ...changes } = body;
    // remark and enabled are written only when the request carries them.
    await db.update(bankNumbers).set(given(changes)).where(eq(bankNumbers.id, rowId));
  },
  remove: async (db, rowId) => {
    await db.delete(bankNumbers).where(eq(bankNumbers.id, rowId));
  },
});
