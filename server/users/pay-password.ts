/**
 * EnablePayPassword: while it is on, money operations members start themselves from the admin ask
 * for the member's payment password (set in the personal center, reset by an admin). Read on each
 * call. A wrong one counts toward the account lock, as a wrong login password does.
 */
import { eq } from 'drizzle-orm';
import { fail } from '../errors.js';
import { users } from '../db/schema/index.js';
import { verifyPassword } from '../security/passwords.js';
import { getSetting } from '../settings/store.js';
import type { RouteContext } from '../http/route.js';
import { assertNotLocked, refuseCounted } from './attempts.js';

export async function checkPayPassword(ctx: Pick<RouteContext<unknown, unknown>, 'db' | 'user' | 'afterRefusal'>, given: string | undefined): Promise<void> {
  if ((await getSetting(ctx.db, 'EnablePayPassword')).enable !== true) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  assertNotLocked(user);
  if (!user.payPasswordHash) fail('payPasswordNotSet');
  if (!given) fail('payPasswordRequired');
  if (!(await verifyPassword(given!, user.payPasswordHash))) refuseCounted(ctx, user.id, 'payPasswordWrong');
}
