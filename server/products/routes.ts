/**
 * The product catalogue and user product configuration (/userProduct): which merchant or supplier
 * has which product at which rate and fees. CRUD comes from the declaration; what is its own here:
 * the side (merchant or code-merchant product) follows the owner's role, and a user has a product
 * once. Rates stay decimal text end to end.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../errors.js';
import { t } from '../i18n.js';
import { route } from '../http/route.js';
import { MONEY_MOVE_GUARD } from '../finance/guard.js';
import { columnValues, entityRoutes } from '../crud/routes.js';
import { products, userProducts, users } from '../db/schema/index.js';
import { userProductApi, userProducts as declaration } from '../../resources/user-products/index.js';
import { isMemberRole } from '../../providers/roles.js';
import { SIDES, canonicalRate } from '../../resources/user-products/schema.js';
import type { Selected } from '../crud/store.js';

type UserProductRow = typeof userProducts.$inferSelect;
type UserRow = typeof users.$inferSelect;

const rowView = ({ row, owner }: Selected) => {
  const up = row as UserProductRow;
  return {
    id: up.id,
    userId: up.userId,
    account: (owner as UserRow | null)?.account ?? null,
    nickname: (owner as UserRow | null)?.nickname ?? null,
    productId: up.productId,
    side: up.side,
    rate: canonicalRate(up.rate),
    fixedFee: up.fixedFee,
    singleFee: up.singleFee,
    enabled: up.enabled,
    createdAt: up.createdAt,
  };
};

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
  url: userProductApi.calls.userOptions,
  access: { action: 'list', subject: declaration.name },
  handler: async ({ db }) => {
    const rows = await db
      .select()
      .from(users)
      .where(and(inArray(users.role, SIDES), isNull(users.deletedAt)))
      .orderBy(asc(users.role), asc(users.account));
    return rows.map((u) => ({ value: u.id, label: `${u.nickname} (${u.account})`, role: u.role }));
  },
});

export const productRoutes = entityRoutes({
  declaration,
  table: userProducts,
  joins: [{ as: 'owner', table: users, on: eq(users.id, userProducts.userId) }],
  audit: 'userProduct',
  // A rate decides what every later order and payout posts: changed only behind the second factor.
  changeGuard: MONEY_MOVE_GUARD,
  view: async (_db, rows) => rows.map(rowView),
  toInsert: async ({ db, body, lang }) => {
    const [owner] = await db.select().from(users).where(eq(users.id, body.userId as number)).limit(1);
    // Only merchants and suppliers carry products, on the side of their role.
    if (!owner || owner.deletedAt || !isMemberRole(owner.role)) throw new AppError('invalidParam', { field: 'userId', reason: t('validation.option', lang) });
    const taken = await db
      .select({ id: userProducts.id })
      .from(userProducts)
      .where(and(eq(userProducts.userId, owner.id), eq(userProducts.productId, body.productId as number)));
    if (taken.length) throw new AppError('invalidParam', { field: 'productId', reason: t('validation.productTaken', lang) });
    return { ...columnValues(userProducts, body), side: owner.role };
  },
  extraRoutes: [catalogue, userOptions],
});
