/**
 * AutoCreateRelateSupplier / AutoCreateRelateMerchant, read on each creation: a merchant created on
 * the merchant screen brings a supplier account with it, a supplier (top level) a merchant account.
 * The pair shares the display name and the password (the same hash), the new one is named
 * `<account>S` or `<account>M` (account names are letters and digits only, at most 32, so no `_`), and each row names the other in `related_user_id`. It runs in the
 * creating transaction: when the related name is taken the whole creation is refused, nothing written.
 */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { getSetting } from '../settings/store.js';
import type { Ctx } from '../crud/store.js';
import { createProfile, type MemberRole } from './member-store.js';

type UserRow = typeof users.$inferSelect;

/** The longest account name (resources/common/rules.ts `account`). */
const ACCOUNT_MAX = 32;

const RELATED: Record<MemberRole, { setting: string; role: MemberRole; suffix: string }> = {
  merchant: { setting: 'AutoCreateRelateSupplier', role: 'supplier', suffix: 'S' },
  supplier: { setting: 'AutoCreateRelateMerchant', role: 'merchant', suffix: 'M' },
};

export async function createRelatedAccount(ctx: Ctx, created: UserRow, role: MemberRole, acceptOrders: boolean): Promise<void> {
  const related = RELATED[role];
  if ((await getSetting(ctx.db, related.setting)).enable !== true) return;
  const account = `${created.account}${related.suffix}`;
  // The pair must be an account its own edit form can save.
  if (account.length > ACCOUNT_MAX) fail('relatedAccountTooLong', { account, max: ACCOUNT_MAX });
  // Account names are unique across every role, deleted accounts included.
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
  if (taken) fail('relatedAccountTaken', { account });
  const [row] = await ctx.db
    .insert(users)
    .values({ account, nickname: created.nickname, role: related.role, passwordHash: created.passwordHash, relatedUserId: created.id })
    .returning();
  await ctx.db.update(users).set({ relatedUserId: row.id }).where(eq(users.id, created.id));
  await createProfile(ctx.db, row.id, related.role, acceptOrders);
  await ctx.audit(`${related.role}.create`, row.id, null, { account, nickname: row.nickname, role: related.role, relatedUserId: created.id });
}
