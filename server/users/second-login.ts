/**
 * Second-level login: `POST /user/login2 {password, logInReason}` re-checks
 * the caller's password and issues `token2`, kept on the session as a hash with its own short expiry.
 * Routes declared `secondLevel: true` (balance, batch, IP whitelist, pay-password resets...) answer
 * 1024 without it and 1025 once it expired (see http/authenticate.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../http/route.js';
import { sessions } from '../db/schema/index.js';
import { newToken, verifyPassword } from '../security/passwords.js';
import { assertNotLocked, clearFailures, refuseCounted } from './attempts.js';
import { sessionApi } from '../../resources/session/api.js';

const login2 = route({
  method: 'POST',
  url: sessionApi.login2,
  access: 'authenticated',
  // A wrong password counts toward the same lock as login (users/attempts.ts).
  rateLimited: true,
  auditType: 'secondLogin',
  auditAction: 'user.login2',
  body: z.object({ password: z.string().min(1).max(128), logInReason: z.string().trim().min(1).max(200) }),
  handler: async (ctx) => {
    const { user, session, body, db } = ctx;
    assertNotLocked(user);
    if (!(await verifyPassword(body.password, user.passwordHash))) refuseCounted(ctx, user.id, 'loginFailed');
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + ctx.services.config.token2Minutes * 60_000);
    await db.update(sessions).set({ token2Hash: hash, token2ExpiresAt: expiresAt }).where(eq(sessions.id, session.id));
    if (user.failedLogins) await clearFailures(db, user.id);
    // The reason is the point of a second login: it goes to the audit log with the session.
    await ctx.audit('user.login2', user.id, null, { reason: body.logInReason, expiresAt: expiresAt.toISOString() });
    return { token2: token, expiresAt: expiresAt.toISOString() };
  },
});

export const secondLoginRoutes = [login2];
