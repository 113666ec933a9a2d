/**
 * The per-action Google-code switches of spec section 7 (GoogleVerifyIpWhitelist, ...IpRule,
 * ...BalanceOperation, ...ManualSupplement, ...BatchOperations). A handler of such an action calls
 *
 *     await requireGoogleCode(ctx, 'BalanceOperation', ctx.body.googleCode);
 *
 * before writing anything. With the switch off it does nothing; with it on, the caller must have a
 * bound authenticator and send a fresh code (empty -> googleCodeEmpty, wrong or replayed ->
 * googleCodeFailed). Add `googleCode: googleCodeField` to the body schema.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { users } from '../db/schema/index.js';
import { getSetting } from '../system-config/store.js';
import { assertNotLocked, checkGoogleCode } from '../users/attempts.js';
import type { RouteContext } from './route.js';

export const GOOGLE_GUARDED = ['IpWhitelist', 'IpRule', 'BalanceOperation', 'ManualSupplement', 'BatchOperations'] as const;
export type GoogleGuarded = (typeof GOOGLE_GUARDED)[number];

/** Body field for the code; absent and blank mean "no code". */
export const googleCodeField = z.string().trim().max(12).optional();

export async function googleCodeRequired(ctx: Pick<RouteContext<unknown, unknown>, 'db'>, action: GoogleGuarded): Promise<boolean> {
  return (await getSetting(ctx.db, `GoogleVerify${action}`)).enable === true;
}

/**
 * Checks the caller's code when the switch of `action` is on. A code is accepted once (replay
 * refused); a wrong one counts toward the caller's account lock, and a locked account is refused.
 */
export async function requireGoogleCode(ctx: Pick<RouteContext<unknown, unknown>, 'db' | 'user' | 'afterRefusal'>, action: GoogleGuarded, code: string | null | undefined): Promise<void> {
  if (!(await googleCodeRequired(ctx, action))) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  assertNotLocked(user);
  const value = (code ?? '').trim();
  if (!value) fail('googleCodeEmpty');
  // Without a bound authenticator no code can be right: the user binds one on /googleVerify first.
  if (!user.googleSecret || !user.googleConfirmed) fail('googleNotBound');
  await checkGoogleCode(ctx, user, value);
}
