/**
 * Failed attempts and the account lock (10 failures -> 30 minutes). A wrong
 * password at login or login2 and a wrong Google code anywhere (login, confirming a binding,
 * removing one, a Google-guarded action) all count toward the same lock.
 *
 * Counting is one atomic UPDATE (`failed_logins = failed_logins + 1 ... RETURNING`), so parallel
 * guesses cannot overwrite each other's count, and it runs after the request's transaction rolled
 * back (ctx.afterRefusal), so the refusal rolls back everything but the count.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { fail, type ErrorName } from '../errors.js';
import { users } from '../db/schema/index.js';
import { verifyCode } from '../security/totp.js';
import { googleSecretOf, isPlainGoogleSecret, sealGoogleSecret } from './google-secret.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { RouteContext, UserRow } from '../http/route.js';
import type { ActionCodeCheck } from '../http/google-code.js';

const MAX_FAILED_LOGINS = 10;
const LOCK_MINUTES = 30;

/** A lock that has run out: the next failure starts counting afresh. */
const lockOver = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= now())`;
const nextCount = sql`(case when ${lockOver} then 1 else ${users.failedLogins} + 1 end)`;

/** Counts one failure; returns when the account is now locked until, or null. */
async function countFailure(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${nextCount}`,
      lockedUntil: sql`case when ${nextCount} >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${LOCK_MINUTES})
        when ${lockOver} then null else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
}

/** Refuses with `name` and counts the failure once the transaction rolled back; the locking one answers tooManyAttempts. */
export function refuseCounted(ctx: Pick<RouteContext<unknown, unknown>, 'afterRefusal'>, userId: number, name: ErrorName): never {
  ctx.afterRefusal(async (db) => {
    if (await countFailure(db, userId)) fail('tooManyAttempts', { minutes: LOCK_MINUTES });
  });
  return fail(name);
}

/** Refuses any attempt while the account is locked. */
export function assertNotLocked(user: Pick<UserRow, 'lockedUntil'>): void {
  const until = user.lockedUntil?.getTime() ?? 0;
  if (until > Date.now()) fail('tooManyAttempts', { minutes: Math.ceil((until - Date.now()) / 60_000) });
}

/** A successful login clears the count. */
export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/**
 * Checks a code from the user's authenticator: empty -> googleCodeEmpty; wrong, replayed or no
 * secret -> googleCodeFailed, counted toward the lock. The accepted time step is claimed with a
 * conditional UPDATE, so the same code sent twice at once is accepted only once.
 */
export async function checkGoogleCode(ctx: Pick<RouteContext<unknown, unknown>, 'db' | 'afterRefusal'>, user: UserRow, code: string): Promise<void> {
  assertNotLocked(user);
  const value = code.trim();
  if (!value) fail('googleCodeEmpty');
  const secret = googleSecretOf(user);
  const step = secret ? verifyCode(secret, value, user.googleLastStep) : null;
  if (step === null) refuseCounted(ctx, user.id, 'googleCodeFailed');
  // A secret kept from before encryption is stored encrypted now.
  const reseal = user.googleSecret && isPlainGoogleSecret(user.googleSecret) ? { googleSecret: sealGoogleSecret(secret!) } : {};
  const claimed = await ctx.db
    .update(users)
    .set({ googleLastStep: step!, ...reseal })
    // Resealing, the secret must still be the one read: a binding reset meanwhile is not written back.
    .where(and(eq(users.id, user.id), lt(users.googleLastStep, step!), 'googleSecret' in reseal ? eq(users.googleSecret, user.googleSecret!) : undefined))
    .returning({ id: users.id });
  if (!claimed.length) refuseCounted(ctx, user.id, 'googleCodeFailed');
}

/**
 * The check behind a route's `googleCode` switch (Services.checkActionCode): nothing while the
 * setting GoogleVerify<action> is off; while it is on, a locked account is refused, an empty code
 * answers googleCodeEmpty, a caller without a bound and confirmed authenticator googleNotBound
 * (no code can be right: the user binds one on /googleVerify first), and the code must be fresh.
 */
export const checkActionCode: ActionCodeCheck = async (ctx, action, code) => {
  if ((await getSetting(ctx.db, `GoogleVerify${action}`)).enable !== true) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  assertNotLocked(user);
  if (!code.trim()) fail('googleCodeEmpty');
  if (!user.googleSecret || !user.googleConfirmed) fail('googleNotBound');
  await checkGoogleCode(ctx, user, code);
};
