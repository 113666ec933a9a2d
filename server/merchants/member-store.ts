/**
 * Reading and shaping merchants and suppliers ("members": a `users` row plus `member_profiles`).
 * What leaves the server: the key masked, the balance summed from the ledger, the products and rates.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fail } from '../errors.js';
import { memberProfiles, userProducts, users } from '../db/schema/index.js';
import { decryptSecret, encryptSecret, maskSecret } from '../security/secrets.js';
import { balancesOf, minorForJson } from '../ledger/ledger.js';
import { canonicalRate } from '../../resources/user-products/schema.js';
import { formatRate, minorToMajor } from '../../providers/money.js';
import type { Db } from '../db/client.js';

export type MemberRole = 'merchant' | 'supplier';
type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof memberProfiles.$inferSelect;

/** First mchId of each role; later ones count up from the highest in use. */
const FIRST_MCH_ID: Record<MemberRole, number> = { merchant: 20001, supplier: 30001 };

export const newMerchantKey = (): string => randomBytes(16).toString('hex');

export async function nextMchId(db: Db, role: MemberRole): Promise<string> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${memberProfiles.mchId}::bigint)` })
    .from(memberProfiles)
    .innerJoin(users, eq(users.id, memberProfiles.userId))
    .where(eq(users.role, role));
  return String(Math.max(FIRST_MCH_ID[role], Number(row.max ?? 0) + 1));
}

export interface ProductRate {
  id: number;
  productId: number;
  rate: string;
  fixedFee: number;
  singleFee: number;
  enabled: boolean;
}

/** Products and rates of many users in one query. */
export async function productsOf(db: Db, userIds: number[]): Promise<Map<number, ProductRate[]>> {
  const result = new Map<number, ProductRate[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return result;
  const rows = await db.select().from(userProducts).where(inArray(userProducts.userId, userIds)).orderBy(asc(userProducts.productId));
  for (const r of rows) result.get(r.userId)?.push({ id: r.id, productId: r.productId, rate: canonicalRate(r.rate), fixedFee: r.fixedFee, singleFee: r.singleFee, enabled: r.enabled });
  return result;
}

/** The merchant key in clear, for the owner's copy button and the order signature. */
export const plainKey = (profile: ProfileRow): string => decryptSecret(profile.merchantKeyEncrypted);

export function memberView(user: UserRow, profile: ProfileRow | null, balance: bigint, products: ProductRate[]) {
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    role: user.role,
    parentId: user.parentId,
    mchId: profile?.mchId ?? null,
    merchantKey: profile ? maskSecret(plainKey(profile)) : null,
    acceptOrders: profile?.acceptOrders ?? false,
    balance: minorForJson(balance),
    products,
    productIds: products.map((p) => p.productId),
    /** One line per product for the detail screen: code, rate, fixed fee / single fee. */
    productRates: products.map((p) => `${p.productId} · ${formatRate(p.rate)} · ${minorToMajor(p.fixedFee)} / ${minorToMajor(p.singleFee)}`).join('; '),
    enableGoogleVerify: user.googleEnabled,
    lastLoginIp: user.lastLoginIp,
    lastLoginAt: user.lastLoginAt,
    deleted: user.deletedAt !== null,
    createdAt: user.createdAt,
  };
}
export type MemberView = ReturnType<typeof memberView>;

/** Shapes rows of one page: balances and products fetched once for the whole page. */
export async function viewsOf(db: Db, rows: { user: UserRow; profile: ProfileRow | null }[]): Promise<MemberView[]> {
  const ids = rows.map((r) => r.user.id);
  const [balances, products] = await Promise.all([balancesOf(db, ids), productsOf(db, ids)]);
  return rows.map((r) => memberView(r.user, r.profile, balances.get(r.user.id) ?? 0n, products.get(r.user.id) ?? []));
}

/**
 * A member and its profile. The profile is null for a merchant or supplier created elsewhere (e.g.
 * account management's /admin/addUser): such a member still lists, and gets its profile (mchId and
 * key) on its first change through `ensureProfile`.
 */
export async function findMember(db: Db, role: MemberRole, id: number): Promise<{ user: UserRow; profile: ProfileRow | null }> {
  const [row] = await db
    .select({ user: users, profile: memberProfiles })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, role)))
    .limit(1);
  return row ?? fail('notFound');
}

export async function ensureProfile(db: Db, role: MemberRole, member: { user: UserRow; profile: ProfileRow | null }, key?: string): Promise<ProfileRow> {
  return member.profile ?? createProfile(db, member.user.id, role, true, key);
}

export async function accountTaken(db: Db, account: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

/** Creates the profile of a new member; the key is random and stored encrypted. */
export async function createProfile(db: Db, userId: number, role: MemberRole, acceptOrders: boolean, key = newMerchantKey(), mchId?: string): Promise<ProfileRow> {
  const [row] = await db
    .insert(memberProfiles)
    .values({ userId, mchId: mchId ?? (await nextMchId(db, role)), merchantKeyEncrypted: encryptSecret(key), acceptOrders })
    .returning();
  return row;
}
