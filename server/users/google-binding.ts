/**
 * Google Authenticator binding (spec sections 3 and 7). The secret is created unconfirmed, shown to
 * its owner only (getInfo / bindUserForProfile, while unconfirmed) and becomes active once a code
 * from the device confirms it; login then asks for a code. Admins switch the requirement on and off
 * (enableGoogleVerify) and can reset a user's binding (bindUser, unbind), but never see a secret.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route, type RouteContext, type UserRow } from '../http/route.js';
import { users } from '../db/schema/index.js';
import { newSecret, otpauthUri, verifyCode } from '../security/totp.js';
import { getSetting } from '../system-config/store.js';
import type { Db } from '../db/client.js';
import { endSessions } from './end-sessions.js';

const account = z.string().trim().min(1).max(64);
const code = z.string().trim();
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

async function byAccount(db: Db, name: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.account, name)).limit(1);
  return row && !row.deletedAt ? row : fail('notFound');
}

async function byId(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row && !row.deletedAt ? row : fail('notFound');
}

/** The *ForProfile calls act on the caller's own account; naming another one is refused. */
function ownAccount(ctx: RouteContext<unknown, unknown>, name: string | undefined): UserRow {
  if (name && name !== ctx.user.account) fail('forbidden');
  return ctx.user;
}

/** Checks a device code against the user's secret and records its time step (no replay). */
async function checkCode(db: Db, user: UserRow, value: string): Promise<void> {
  if (!value) fail('googleCodeEmpty');
  const step = user.googleSecret ? verifyCode(user.googleSecret, value, user.googleLastStep) : null;
  if (step === null) fail('googleCodeFailed');
  await db.update(users).set({ googleLastStep: step! }).where(eq(users.id, user.id));
}

async function issuer(db: Db): Promise<string> {
  const flagValue = (await getSetting(db, 'SysFlag')).value;
  return `Payment Admin${flagValue ? ` ${flagValue}` : ''}`;
}

/** A new unconfirmed secret (or the pending one), for the owner to scan on /googleVerify. */
async function pendingSecret(db: Db, user: UserRow): Promise<{ secret: string; uri: string; account: string }> {
  if (user.googleConfirmed) fail('stateConflict');
  const secret = user.googleSecret ?? newSecret();
  if (!user.googleSecret) await db.update(users).set({ googleSecret: secret }).where(eq(users.id, user.id));
  return { secret, uri: otpauthUri(secret, user.account, await issuer(db)), account: user.account };
}

async function confirm(ctx: RouteContext<unknown, unknown>, user: UserRow, value: string) {
  if (user.googleConfirmed) fail('stateConflict');
  await checkCode(ctx.db, user, value);
  await ctx.db.update(users).set({ googleConfirmed: true, googleEnabled: true }).where(eq(users.id, user.id));
  await ctx.audit('user.confirmBind', user.id, { confirmed: false }, { confirmed: true });
  return null;
}

async function reset(ctx: RouteContext<unknown, unknown>, user: UserRow, action: string, logout: boolean) {
  await ctx.db.update(users).set({ googleSecret: null, googleConfirmed: false, googleLastStep: 0 }).where(eq(users.id, user.id));
  if (logout) await endSessions(ctx.db, user.id);
  await ctx.audit(action, user.id, { confirmed: user.googleConfirmed }, { confirmed: false, loggedOut: logout });
  return null;
}

/** Account management and the member lists may reset a user's binding. */
const BINDING_SUBJECTS = ['users', 'merchants', 'suppliers'];

export const enableGoogleVerify = route({
  method: 'POST',
  url: '/user/enableGoogleVerify',
  access: { action: 'edit', subject: 'users' },
  body: z.object({ userId: z.coerce.number().int().positive(), enableGoogleVerify: flag }),
  handler: async (ctx) => {
    const user = await byId(ctx.db, ctx.body.userId);
    await ctx.db.update(users).set({ googleEnabled: ctx.body.enableGoogleVerify }).where(eq(users.id, user.id));
    await ctx.audit('user.enableGoogleVerify', user.id, { enable: user.googleEnabled }, { enable: ctx.body.enableGoogleVerify });
    return null;
  },
});

/** Admin: drops a user's binding so the user binds a new device (and optionally signs out everywhere). */
export const bindUser = route({
  method: 'POST',
  url: '/user/bindUser',
  access: { action: 'bind', subject: BINDING_SUBJECTS },
  body: z.object({ userAccount: account, needToLogout: flag.optional().default(false) }),
  handler: async (ctx) => {
    const user = await byAccount(ctx.db, ctx.body.userAccount);
    await reset(ctx as never, user, 'user.bindUser', ctx.body.needToLogout);
    await ctx.db.update(users).set({ googleEnabled: true }).where(eq(users.id, user.id));
    return null;
  },
});

export const unbind = route({
  method: 'POST',
  url: '/user/unbind',
  access: { action: 'unbind', subject: BINDING_SUBJECTS },
  body: z.object({ userAccount: account }),
  handler: async (ctx) => reset(ctx as never, await byAccount(ctx.db, ctx.body.userAccount), 'user.unbind', false),
});

/** The owner confirms with a code from the device; an admin may confirm for a user who reads it out. */
export const confirmBind = route({
  method: 'POST',
  url: '/user/confirmBind',
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), googleCode: code }),
  handler: async (ctx) => {
    const name = ctx.body.userAccount;
    if (name && name !== ctx.user.account && !BINDING_SUBJECTS.some((s) => ctx.ability.can('bind', s))) fail('forbidden');
    const user = name && name !== ctx.user.account ? await byAccount(ctx.db, name) : ctx.user;
    return confirm(ctx as never, user, ctx.body.googleCode);
  },
});

export const bindUserForProfile = route({
  method: 'POST',
  url: '/user/bindUserForProfile',
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), needToLogout: flag.optional() }),
  handler: async (ctx) => pendingSecret(ctx.db, ownAccount(ctx as never, ctx.body.userAccount)),
});

export const confirmBindForProfile = route({
  method: 'POST',
  url: '/user/confirmBindForProfile',
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), googleCode: code }),
  handler: async (ctx) => confirm(ctx as never, ownAccount(ctx as never, ctx.body.userAccount), ctx.body.googleCode),
});

/** Removing one's own authenticator needs a current code, so a stolen session cannot do it. */
export const unbindForProfile = route({
  method: 'POST',
  url: '/user/unbindForProfile',
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), googleCode: code.optional().default('') }),
  handler: async (ctx) => {
    const user = ownAccount(ctx as never, ctx.body.userAccount);
    if (user.googleConfirmed) await checkCode(ctx.db, user, ctx.body.googleCode);
    return reset(ctx as never, user, 'user.unbindForProfile', false);
  },
});

export const googleBindingRoutes = [enableGoogleVerify, bindUser, unbind, confirmBind, bindUserForProfile, confirmBindForProfile, unbindForProfile];
