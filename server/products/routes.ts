/**
 * The product catalogue and user product configuration (/userProduct): which merchant or supplier
 * has which product at which rate and fees. The side (merchant product or code-merchant product)
 * follows the user's role. Rates stay decimal text end to end.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { AppError, fail } from '../errors.js';
import { t } from '../i18n.js';
import { route } from '../http/route.js';
import { crudRoutes, given } from '../http/crud-routes.js';
import { products, userProducts, users } from '../db/schema/index.js';
import { addUserProduct, canonicalRate, updateUserProduct, userProductListQuery } from '../../resources/user-products/schema.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import type { Db } from '../db/client.js';

const SUBJECT = 'userProducts';
type Row = { up: typeof userProducts.$inferSelect; account: string; nickname: string };

const rowView = ({ up, account, nickname }: Row) => ({
  id: up.id,
  userId: up.userId,
  account,
  nickname,
  productId: up.productId,
  side: up.side,
  rate: canonicalRate(up.rate),
  fixedFee: up.fixedFee,
  singleFee: up.singleFee,
  enabled: up.enabled,
  createdAt: up.createdAt,
});

const selectRows = (db: Db) =>
  db.select({ up: userProducts, account: users.account, nickname: users.nickname }).from(userProducts).innerJoin(users, eq(users.id, userProducts.userId));

async function findRow(db: Db, rowId: number) {
  const [row] = await selectRows(db).where(eq(userProducts.id, rowId)).limit(1);
  return row ?? fail('notFound');
}

/** Every product of the catalogue (for option lists and the order test screen). */
const catalogue = route({
  method: 'GET',
  url: '/product/getList',
  access: 'authenticated',
  handler: async ({ db }) => db.select().from(products).orderBy(asc(products.id)),
});

/** Merchants and suppliers to pick from when configuring a product. */
const userOptions = route({
  method: 'GET',
  url: '/userProduct/getUserOptions',
  access: { action: 'list', subject: SUBJECT },
  handler: async ({ db }) => {
    const rows = await db
      .select()
      .from(users)
      .where(and(inArray(users.role, ['merchant', 'supplier']), isNull(users.deletedAt)))
      .orderBy(asc(users.role), asc(users.account));
    return rows.map((u) => ({ value: u.id, label: `${u.nickname} (${u.account})`, role: u.role }));
  },
});

/** The user product configuration: list, getOne, add, update, delete (with audit) from the shared helper. */
const crud = crudRoutes({
  subject: SUBJECT,
  prefix: '/userProduct',
  audit: 'userProduct',
  listQuery: userProductListQuery,
  addBody: addUserProduct,
  updateBody: updateUserProduct,
  find: async (db, rowId) => rowView(await findRow(db, rowId)),
  list: async (db, query) => {
    const where: SQL[] = [];
    if (query.userId) where.push(eq(userProducts.userId, query.userId));
    if (query.productId) where.push(eq(userProducts.productId, query.productId));
    if (query.side) where.push(eq(userProducts.side, query.side));
    const filter = where.length ? and(...where) : undefined;
    const size = pageSizeOf(query);
    const [rows, total] = await Promise.all([
      selectRows(db).where(filter).orderBy(desc(userProducts.id)).limit(size).offset((query.pageIndex - 1) * size),
      db.$count(userProducts, filter),
    ]);
    return { list: rows.map(rowView), total };
  },
  add: async ({ db, body, lang }) => {
    const [owner] = await db.select().from(users).where(eq(users.id, body.userId)).limit(1);
    // Only merchants and suppliers carry products; anyone else is not a valid choice.
    if (!owner || owner.deletedAt || (owner.role !== 'merchant' && owner.role !== 'supplier')) {
      throw new AppError('invalidParam', { field: 'userId', reason: t('validation.option', lang) });
    }
    const taken = await db.select({ id: userProducts.id }).from(userProducts).where(and(eq(userProducts.userId, body.userId), eq(userProducts.productId, body.productId)));
    if (taken.length) throw new AppError('invalidParam', { field: 'productId', reason: t('validation.productTaken', lang) });
    const [row] = await db.insert(userProducts).values({ ...body, side: owner.role }).returning();
    return row.id;
  },
  update: async ({ db, body }) => {
    const { id: rowId, ...changes } = body;
    // An omitted `enabled` leaves the product as it is.
    await db.update(userProducts).set(given(changes)).where(eq(userProducts.id, rowId));
  },
  remove: async (db, rowId) => {
    await db.delete(userProducts).where(eq(userProducts.id, rowId));
  },
});

export const productRoutes = [catalogue, userOptions, ...crud];
