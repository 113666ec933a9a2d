/**
 * Who places an order and whether it may: the merchant behind an mchId, its key, and the checks
 * creation makes of it, each with its own code (unknown, disabled, not accepting orders, product
 * not enabled).
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { memberProfiles, products, userProducts, users } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { plainKey } from '../../merchants/member-store.js';
import type { Db } from '../../db/client.js';
import { Statements } from '../../db/prepared.js';

type ProductKind = 'collection' | 'payout';

/** What creation reads of a merchant: no more, since the busiest path of the platform reads it per order. */
export interface Merchant {
  user: { id: number; deletedAt: Date | null };
  profile: { userId: number; mchId: string; acceptOrders: boolean; merchantKeyEncrypted: string };
  /** The product findMerchant was asked about, read with the merchant: whether it is open to it. */
  product?: { id: number; kind: ProductKind; open: boolean };
}

/** The product exists, is of this kind, is enabled on the platform and for the merchant (a condition on users.id). */
function productOpen(productId: number | Placeholder, kind: ProductKind | Placeholder): SQL<boolean> {
  const enabled = and(
    eq(userProducts.userId, users.id),
    eq(userProducts.productId, productId),
    eq(userProducts.side, 'merchant'),
    eq(userProducts.enabled, true),
    eq(products.enabled, true),
    eq(products.kind, kind),
  );
  return sql<boolean>`exists (select 1 from ${userProducts} inner join ${products} on ${eq(products.id, userProducts.productId)} where ${enabled})`;
}

/**
 * The merchant with this mchId or user id; a supplier's mchId (suppliers have one too) is no
 * merchant. With `product`, whether that product is open to it comes in the same statement, so
 * creation's checkMerchantProduct costs no round trip of its own.
 */
export async function findMerchant(db: Db, by: { mchId: string } | { userId: number }, product?: { id: number; kind: ProductKind }): Promise<Merchant> {
  const byMchId = 'mchId' in by;
  const [row] = await merchantReads.run(db, `${byMchId ? 'mchId' : 'userId'}${product ? ':product' : ''}`, {
    key: byMchId ? by.mchId : by.userId,
    productId: product?.id,
    kind: product?.kind,
  });
  if (!row) fail('unknownMerchant');
  return { user: row.user, profile: row.profile, ...(product ? { product: { ...product, open: row.open } } : {}) };
}

/** findMerchant's read, built once per shape (server/db/prepared.ts): the busiest path reads it per order. */
const merchantReads = new Statements((db: Db, shape: string) => {
  const [by, product] = shape.split(':');
  const key = sql.placeholder('key');
  return db
    .select({
      user: { id: users.id, deletedAt: users.deletedAt },
      profile: { userId: memberProfiles.userId, mchId: memberProfiles.mchId, acceptOrders: memberProfiles.acceptOrders, merchantKeyEncrypted: memberProfiles.merchantKeyEncrypted },
      open: product ? productOpen(sql.placeholder('productId'), sql.placeholder('kind')) : sql<boolean>`false`,
    })
    .from(memberProfiles)
    .innerJoin(users, eq(users.id, memberProfiles.userId))
    .where(and(by === 'mchId' ? eq(memberProfiles.mchId, key) : eq(memberProfiles.userId, key), eq(users.role, 'merchant')))
    .limit(1);
});

/**
 * findMerchant's read by mchId with a product, as one JSON value for a statement that reads it
 * along with its own rows (order creation's first): placeholders key, productId and kind.
 */
export const merchantObject = () =>
  sql<MerchantObject | null>`(select json_build_object('id', ${users.id}, 'deletedAt', ${users.deletedAt}, 'mchId', ${memberProfiles.mchId}, 'acceptOrders', ${memberProfiles.acceptOrders}, 'key', ${memberProfiles.merchantKeyEncrypted}, 'open', ${productOpen(sql.placeholder('productId'), sql.placeholder('kind'))})
    from ${memberProfiles} inner join ${users} on ${eq(users.id, memberProfiles.userId)}
    where ${memberProfiles.mchId} = ${sql.placeholder('key')} and ${users.role} = 'merchant' limit 1)`;
export type MerchantObject = { id: number; deletedAt: string | null; mchId: string; acceptOrders: boolean; key: string; open: boolean };

/** The merchant merchantObject read, as findMerchant answers it. */
export function merchantOf(read: MerchantObject, product: { id: number; kind: ProductKind }): Merchant {
  return {
    user: { id: read.id, deletedAt: read.deletedAt === null ? null : new Date(read.deletedAt) },
    profile: { userId: read.id, mchId: read.mchId, acceptOrders: read.acceptOrders, merchantKeyEncrypted: read.key },
    product: { ...product, open: read.open },
  };
}

/** The merchant's signing key in clear: only ever used on the server to check or make a sign. */
export const keyOf = (merchant: Merchant): string => plainKey(merchant.profile);

/** A deleted merchant, or one that takes no orders, is refused. */
export function checkMerchantOpen(merchant: Merchant): void {
  if (merchant.user.deletedAt !== null) fail('merchantDisabled');
  if (!merchant.profile.acceptOrders) fail('merchantNotAccepting');
}

/** The product must exist, be of this kind, be enabled on the platform and enabled for this merchant. */
export async function checkMerchantProduct(db: Db, merchant: Merchant, productId: number, kind: ProductKind = 'collection'): Promise<void> {
  const known = merchant.product;
  const open =
    known && known.id === productId && known.kind === kind
      ? known.open
      : (await db.select({ open: productOpen(productId, kind) }).from(users).where(eq(users.id, merchant.user.id)))[0]?.open === true;
  if (!open) fail('productNotEnabled', { productId });
}
