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
import { verifyCode } from '../security/totp.js';
import { getSetting } from '../system-config/store.js';
import type { RouteContext } from './route.js';

export const GOOGLE_GUARDED = ['IpWhitelist', 'IpRule', 'BalanceOperation', 'ManualSupplement', 'BatchOperations'] as const;
export type GoogleGuarded = (typeof GOOGLE_GUARDED)[number];

/** Body field for the code; absent and blank mean "no code". */
export const googleCodeField = z.string().trim().max(12).optional();

export async function googleCodeRequired(ctx: Pick<RouteContext<unknown, unknown>, 'db'>, action: GoogleGuarded): Promise<boolean> {
  return (await getSetting(ctx.db, `GoogleVerify${action}`)).enable === true;
}

/** Checks the caller's code when the switch of `action` is on; a code is accepted once (replay refused). */
export async function requireGoogleCode(ctx: Pick<RouteContext<unknown, unknown>, 'db' | 'user'>, action: GoogleGuarded, code: string | null | undefined): Promise<void> {
  if (!(await googleCodeRequired(ctx, action))) return;
  const value = (code ?? '').trim();
  if (!value) fail('googleCodeEmpty');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  // Without a bound authenticator no code can be right: the user binds one on /googleVerify first.
  if (!user?.googleSecret || !user.googleConfirmed) fail('googleNotBound');
  const step = verifyCode(user.googleSecret!, value, user.googleLastStep);
  if (step === null) fail('googleCodeFailed');
  await ctx.db.update(users).set({ googleLastStep: step! }).where(eq(users.id, user.id));
}
