/** Bank number management: the bank names and numbers the platform recognises. */
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { bankNumbers } from '../db/schema/index.js';
import { addBankNumber, bankNumberListQuery, updateBankNumber } from '../../resources/bank-numbers/schema.js';
import { id, pageSizeOf } from '../../resources/common/rules.js';
import type { Db } from '../db/client.js';

const SUBJECT = 'bankNumbers';

async function findRow(db: Db, rowId: number) {
  const [row] = await db.select().from(bankNumbers).where(eq(bankNumbers.id, rowId)).limit(1);
  return row ?? fail('notFound');
}

async function numberTaken(db: Db, number: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: bankNumbers.id }).from(bankNumbers).where(eq(bankNumbers.bankNumber, number));
  return rows.some((r) => r.id !== exceptId);
}

const list = route({
  method: 'GET',
  url: '/bankNumber/getList',
  access: { action: 'list', subject: SUBJECT },
  query: bankNumberListQuery,
  handler: async ({ db, query }) => {
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
});

const getOne = route({
  method: 'GET',
  url: '/bankNumber/getOne',
  access: { action: 'show', subject: SUBJECT },
  query: z.object({ id }),
  handler: async ({ db, query }) => findRow(db, query.id),
});

const add = route({
  method: 'POST',
  url: '/bankNumber/add',
  access: { action: 'create', subject: SUBJECT },
  body: addBankNumber,
  handler: async ({ db, body, audit }) => {
    if (await numberTaken(db, body.bankNumber)) fail('duplicate');
    const [row] = await db.insert(bankNumbers).values(body).returning();
    await audit('bankNumber.create', row.id, null, row);
    return row;
  },
});

const update = route({
  method: 'POST',
  url: '/bankNumber/update',
  access: { action: 'edit', subject: SUBJECT },
  body: updateBankNumber,
  handler: async ({ db, body, audit }) => {
    const before = await findRow(db, body.id);
    if (await numberTaken(db, body.bankNumber, body.id)) fail('duplicate');
    const { id: rowId, ...changes } = body;
    const [row] = await db.update(bankNumbers).set(changes).where(eq(bankNumbers.id, rowId)).returning();
    await audit('bankNumber.update', rowId, before, row);
    return row;
  },
});

const remove = route({
  method: 'GET',
  url: '/bankNumber/delete',
  access: { action: 'delete', subject: SUBJECT },
  mutates: true,
  query: z.object({ id }),
  handler: async ({ db, query, audit }) => {
    const before = await findRow(db, query.id);
    await db.delete(bankNumbers).where(eq(bankNumbers.id, query.id));
    await audit('bankNumber.delete', query.id, before, null);
    return null;
  },
});

export const bankNumberRoutes = [list, getOne, add, update, remove];
