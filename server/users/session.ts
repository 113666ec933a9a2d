/** Login, user info and logout. */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { assertAllowedAddress, ruleAddresses } from '../http/authenticate.js';
import { sessions, users } from '../db/schema/index.js';
import { hashToken, newToken, verifyPassword } from '../security/passwords.js';
import { getSetting } from '../settings/store.js';
import { abilityUserOf } from './team.js';
import { assertNotLocked, checkGoogleCode, refuseCounted } from './attempts.js';
import { googleSecretOf } from './google-secret.js';
import { sessionApi } from '../../resources/session/api.js';
import { CARD_CURRENCY } from '../../resources/system-config/settings.js';
import { auditActor } from '../audit/write.js';

/** Login fields: trimmed, and bounded so no one posts a megabyte "password" to be hashed. */
export const loginBody = z.object({
  userName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  googleCode: z.string().trim().max(12).optional().default(''),
});

const login = route({
  method: 'POST',
  url: sessionApi.login,
  access: 'public',
  // The session, the last-login fields and the audit record are written one by one; a refusal
  // counts its failure after the fact (users/attempts.ts).
  transaction: false,
  rateLimited: true,
  // A refused login (unknown account, wrong password or code, locked) is recorded by the route
  // framework as a failed session.login, against the account tried.
  auditType: 'general',
  auditAction: 'session.login',
  body: loginBody,
  handler: async (ctx) => {
    const { userName, password, googleCode } = ctx.body;
    const [found] = await ctx.db.select({ user: users, addresses: ruleAddresses }).from(users).where(eq(users.account, userName)).limit(1);
    const user = found?.user;
    auditActor(user?.id ?? null, userName);
    if (!user || user.deletedAt) fail('loginFailed');
    assertNotLocked(user);
    if (!(await verifyPassword(password, user.passwordHash))) refuseCounted(ctx, user.id, 'loginFailed');
    if (user.googleEnabled && user.googleSecret && user.googleConfirmed) {
      if (!googleCode) fail('googleCodeEmpty');
      await checkGoogleCode(ctx, user, googleCode);
    }
    // Only once the credentials hold is the address judged: strangers learn nothing of the rules,
    // and a refused address is not a wrong password (no count toward the lock).
    assertAllowedAddress(found?.addresses ?? null, ctx.ip);
    const { token, hash } = newToken();
    const now = Date.now();
    // The session this browser held until now (its token header) ends: a login always starts afresh.
    const held = ctx.request.headers.token;
    if (typeof held === 'string' && held) await ctx.db.update(sessions).set({ revokedAt: new Date(now) }).where(and(eq(sessions.tokenHash, hashToken(held)), isNull(sessions.revokedAt)));
    const [session] = await ctx.db
      .insert(sessions)
      .values({
        tokenHash: hash,
        userId: user.id,
        ip: ctx.ip,
        userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 300),
        expiresAt: new Date(now + ctx.services.config.tokenDays * 86_400_000),
      })
      .returning({ id: sessions.id });
    await ctx.db.update(users).set({ failedLogins: 0, lockedUntil: null, lastLoginIp: ctx.ip, lastLoginAt: new Date(now) }).where(eq(users.id, user.id));
    // The audit names the one who just signed in as its actor.
    ctx.user = user;
    await ctx.audit('session.login', user.id, null, { session: session.id, ip: ctx.ip });
    return { token, tokenDays: ctx.services.config.tokenDays };
  },
});

const getInfo = route({
  method: 'POST',
  url: sessionApi.getInfo,
  access: 'authenticated',
  // A read, sent as POST.
  auditType: 'none',
  handler: async ({ user, db }) => ({
    name: user.nickname,
    user_id: user.id,
    account: user.account,
    access: user.role,
    showLogo: (await getSetting(db, 'ShowLogo')).enable ?? true,
    systemFlag: (await getSetting(db, 'SysFlag')).value ?? '',
    // The currency every amount of the admin is in, named beside it (the CardCountry setting's).
    currency: CARD_CURRENCY[String((await getSetting(db, 'CardCountry')).value)] ?? '',
    enableGoogleVerify: user.googleEnabled,
    // The secret is shown only while binding is unconfirmed, so it cannot be read back later.
    googleSecret: user.googleConfirmed ? null : googleSecretOf(user),
    confirmBind: user.googleConfirmed,
    // A supplier's agents: the admin's row checks (canRow) need them as the server does.
    agentIds: (await abilityUserOf(db, user))?.agentIds ?? [],
    parentId: user.parentId,
  }),
});

const logout = route({
  method: 'POST',
  url: sessionApi.logout,
  access: 'authenticated',
  auditType: 'logout',
  handler: async ({ db, session, user, ip, audit }) => {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
    await audit('session.logout', user.id, { session: session.id }, { revoked: true, ip });
    return null;
  },
});

export const sessionRoutes = [login, getInfo, logout];
