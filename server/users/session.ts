/** Login, second-level login, user info and logout (spec sections 4 and 7). */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route, type RouteContext, type UserRow } from '../http/route.js';
import { sessions, users } from '../db/schema/index.js';
import { newToken, verifyPassword } from '../security/passwords.js';
import { verifyCode } from '../security/totp.js';
import { getSetting } from '../system-config/store.js';
import { teamOf } from './team.js';

export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 30;

const trimmed = z.string().trim();

/** Counts a failure and locks the account at the limit; runs outside any transaction on purpose. */
export async function recordFailure(ctx: RouteContext<unknown, unknown>, user: UserRow): Promise<void> {
  const failed = user.failedLogins + 1;
  const lockedUntil = failed >= MAX_FAILED_LOGINS ? new Date(Date.now() + LOCK_MINUTES * 60_000) : null;
  await ctx.db
    .update(users)
    .set({ failedLogins: lockedUntil ? 0 : failed, lockedUntil })
    .where(eq(users.id, user.id));
  if (lockedUntil) fail('tooManyAttempts', { minutes: LOCK_MINUTES });
}

export const login = route({
  method: 'POST',
  url: '/user/login',
  access: 'public',
  transaction: false,
  body: z.object({ userName: trimmed.min(1), password: z.string().min(1), googleCode: trimmed.optional().default('') }),
  handler: async (ctx) => {
    const { userName, password, googleCode } = ctx.body;
    const [user] = await ctx.db.select().from(users).where(eq(users.account, userName)).limit(1);
    if (!user || user.deletedAt) fail('loginFailed');
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      fail('tooManyAttempts', { minutes: Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000) });
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await recordFailure(ctx, user);
      fail('loginFailed');
    }
    let googleStep = user.googleLastStep;
    if (user.googleEnabled && user.googleSecret && user.googleConfirmed) {
      if (!googleCode) fail('googleCodeEmpty');
      const step = verifyCode(user.googleSecret, googleCode, user.googleLastStep);
      if (step === null) {
        await recordFailure(ctx, user);
        fail('googleCodeFailed');
      }
      googleStep = step!;
    }
    const { token, hash } = newToken();
    const now = Date.now();
    await ctx.db.insert(sessions).values({
      tokenHash: hash,
      userId: user.id,
      ip: ctx.ip,
      userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 300),
      expiresAt: new Date(now + ctx.services.config.tokenDays * 86_400_000),
    });
    await ctx.db
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginIp: ctx.ip, lastLoginAt: new Date(now), googleLastStep: googleStep })
      .where(eq(users.id, user.id));
    return { token, tokenDays: ctx.services.config.tokenDays };
  },
});

export const getInfo = route({
  method: 'POST',
  url: '/user/getInfo',
  access: 'authenticated',
  handler: async ({ user, db }) => ({
    name: user.nickname,
    user_id: user.id,
    account: user.account,
    access: user.role,
    showLogo: (await getSetting(db, 'ShowLogo')).enable ?? true,
    systemFlag: (await getSetting(db, 'SysFlag')).value ?? '',
    enableGoogleVerify: user.googleEnabled,
    // The secret is shown only while binding is unconfirmed, so it cannot be read back later.
    googleSecret: user.googleConfirmed ? null : user.googleSecret,
    confirmBind: user.googleConfirmed,
    // A supplier's agents: the admin's row checks (canRow) need them as the server does.
    agentIds: user.role === 'supplier' ? await teamOf(db, user.id) : [],
  }),
});

export const logout = route({
  method: 'POST',
  url: '/user/logout',
  access: 'authenticated',
  handler: async ({ db, session }) => {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    return null;
  },
});

export const sessionRoutes = [login, getInfo, logout];
