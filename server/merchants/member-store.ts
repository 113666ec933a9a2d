/**
 * Reading and shaping merchants and suppliers ("members": a `users` row plus `member_profiles`).
 * What leaves the server: the key masked, the balance summed from the ledger, the products and rates.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { fail } from '../errors.js';
import { memberProfiles, userProducts, users } from '../db/schema/index.js';
import { decryptSecret, encryptSecret, maskSecret } from '../security/secrets.js';
import { balancesOf, minorForJson } from '../ledger/ledger.js';
import { canonicalRate, type ProductRate } from '../../resources/user-products/schema.js';
import type { Db } from '../db/client.js';
import type { MemberRole } from '../../providers/roles.js';

export type { MemberRole };
type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof memberProfiles.$inferSelect;

/** First mchId of each role; later ones count up from the highest in use. */
const FIRST_MCH_ID: Record<MemberRole, number> = { merchant: 20001, supplier: 30001 };

export const newMerchantKey = (): string => randomBytes(16).toString('hex');

/** Any fixed number: the transaction-scoped lock that serializes handing out mchIds. */
const MCH_ID_LOCK = 7_200_001;

/**
 * The next free mchId. Concurrent creates would both read the same maximum, so the reading
 * transaction first takes a lock held until it commits; the next one then reads the new maximum.
 */
async function nextMchId(db: Db, role: MemberRole): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(${MCH_ID_LOCK})`);
  const [row] = await db
    .select({ max: sql<number | null>`max(${memberProfiles.mchId}::bigint)` })
    .from(memberProfiles)
    .innerJoin(users, eq(users.id, memberProfiles.userId))
    .where(eq(users.role, role));
  return String(Math.max(FIRST_MCH_ID[role], Number(row.max ?? 0) + 1));
}

export type { ProductRate };

/** Products and rates of many users in one query. */
export async function productsOf(db: Db, userIds: number[]): Promise<Map<number, ProductRate[]>> {
  const result = new Map<number, ProductRate[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return result;
  const rows = await db.select().from(userProducts).where(inArray(userProducts.userId, userIds)).orderBy(asc(userProducts.productId));
  for (const r of rows) result.get(r.userId)?.push({ id: r.id, productId: r.productId, rate: canonicalRate(r.rate), fixedFee: r.fixedFee, singleFee: r.singleFee, enabled: r.enabled });
  return result;
}

/** What lists show of a key; rows from before the stored mask show a plain mask. */
export const keyMask = (profile: ProfileRow | null): string | null => (profile ? (profile.merchantKeyMask ?? '••••••') : null);

/** The merchant key in clear: only for the explicit reveal (copy button) and the order signature. */
export const plainKey = (profile: Pick<ProfileRow, 'merchantKeyEncrypted'>): string => decryptSecret(profile.merchantKeyEncrypted);

/** A member's available funds and the funds an admin froze, both summed from the ledger. */
interface Funds {
  balance: bigint;
  frozen: bigint;
}

function memberView(user: UserRow, profile: ProfileRow | null, funds: Funds, products: ProductRate[], relatedAccount: string | null) {
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    role: user.role,
    parentId: user.parentId,
    // The merchant or supplier created with this one (AutoCreateRelate*), by id and account name.
    relatedUserId: user.relatedUserId,
    relatedAccount,
    mchId: profile?.mchId ?? null,
    merchantKey: keyMask(profile),
    acceptOrders: profile?.acceptOrders ?? false,
    balance: minorForJson(funds.balance),
    frozenBalance: minorForJson(funds.frozen),
    products,
    productIds: products.map((p) => p.productId),
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
  const [balances, frozen, products, related] = await Promise.all([balancesOf(db, ids), balancesOf(db, ids, 'frozen'), productsOf(db, ids), relatedAccountsOf(db, rows)]);
  const fundsOf = (id: number): Funds => ({ balance: balances.get(id) ?? 0n, frozen: frozen.get(id) ?? 0n });
  return rows.map((r) => memberView(r.user, r.profile, fundsOf(r.user.id), products.get(r.user.id) ?? [], related.get(r.user.relatedUserId ?? 0) ?? null));
}

/** Account names of the related accounts of a page, in one query. */
async function relatedAccountsOf(db: Db, rows: { user: UserRow }[]): Promise<Map<number, string>> {
  const ids = rows.map((r) => r.user.relatedUserId).filter((id): id is number => id !== null);
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((r) => [r.id, r.account]));
}

/**
 * A member and its profile. The profile is null for a merchant or supplier created elsewhere (e.g.
 * account management's /admin/addUser): such a member still lists, and gets its profile (mchId and
 * key) on its first change through `ensureProfile`.
 */
export async function findMember(db: Db, role: MemberRole, id: number, topLevelOnly = false): Promise<{ user: UserRow; profile: ProfileRow | null }> {
  const where: SQL[] = [eq(users.id, id), eq(users.role, role)];
  // A supplier's agent is a supplier-role user too; supplier routes must not reach it.
  if (topLevelOnly) where.push(isNull(users.parentId));
  const [row] = await db
    .select({ user: users, profile: memberProfiles })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(and(...where))
    .limit(1);
  return row ?? fail('notFound');
}

export async function ensureProfile(db: Db, role: MemberRole, member: { user: UserRow; profile: ProfileRow | null }, key?: string): Promise<ProfileRow> {
  return member.profile ?? createProfile(db, member.user.id, role, true, key);
}

/** The stored form of a key: encrypted, and its mask for lists. */
export const keyColumns = (key: string) => ({ merchantKeyEncrypted: encryptSecret(key), merchantKeyMask: maskSecret(key) });

/** Creates the profile of a new member; the key is random and stored encrypted. */
export async function createProfile(db: Db, userId: number, role: MemberRole, acceptOrders: boolean, key = newMerchantKey(), mchId?: string): Promise<ProfileRow> {
  const [row] = await db
    .insert(memberProfiles)
    .values({ userId, mchId: mchId ?? (await nextMchId(db, role)), ...keyColumns(key), acceptOrders })
    .returning();
  return row;
}
