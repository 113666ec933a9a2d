/**
 * Who places an order and whether it may: the merchant behind an mchId, its key, and the checks
 * creation makes of it, each with its own code (unknown, disabled, not accepting orders, product
 * not enabled).
 */
import { and, eq } from 'drizzle-orm';
import { memberProfiles, products, userProducts, users } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { plainKey } from '../../merchants/member-store.js';
import type { Db } from '../../db/client.js';

export interface Merchant {
  user: typeof users.$inferSelect;
  profile: typeof memberProfiles.$inferSelect;
}

/** The merchant with this mchId or user id; a supplier's mchId (suppliers have one too) is no merchant. */
export async function findMerchant(db: Db, by: { mchId: string } | { userId: number }): Promise<Merchant> {
  const [row] = await db
    .select({ user: users, profile: memberProfiles })
    .from(memberProfiles)
    .innerJoin(users, eq(users.id, memberProfiles.userId))
    .where(and('mchId' in by ? eq(memberProfiles.mchId, by.mchId) : eq(memberProfiles.userId, by.userId), eq(users.role, 'merchant')))
    .limit(1);
  return row ?? fail('unknownMerchant');
}

/** The merchant's signing key in clear: only ever used on the server to check or make a sign. */
export const keyOf = (merchant: Merchant): string => plainKey(merchant.profile);

/** A deleted merchant, or one that takes no orders, is refused. */
export function checkMerchantOpen(merchant: Merchant): void {
  if (merchant.user.deletedAt !== null) fail('merchantDisabled');
  if (!merchant.profile.acceptOrders) fail('merchantNotAccepting');
}

/** The product must exist, collect money, be enabled on the platform and enabled for this merchant. */
export async function checkMerchantProduct(db: Db, merchant: Merchant, productId: number, kind: 'collection' | 'payout' = 'collection'): Promise<void> {
  const [row] = await db
    .select({ id: userProducts.id })
    .from(userProducts)
    .innerJoin(products, eq(products.id, userProducts.productId))
    .where(
      and(
        eq(userProducts.userId, merchant.user.id),
        eq(userProducts.productId, productId),
        eq(userProducts.side, 'merchant'),
        eq(userProducts.enabled, true),
        eq(products.enabled, true),
        eq(products.kind, kind),
      ),
    )
    .limit(1);
  if (!row) fail('productNotEnabled', { productId });
}
