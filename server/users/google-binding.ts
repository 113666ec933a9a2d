/**
 * Google Authenticator binding. The secret is created unconfirmed, shown to
 * its owner only (getInfo / bindUserForProfile, while unconfirmed) and becomes active once a code
 * from the device confirms it; login then asks for a code. Admins switch the requirement on and off
 * (enableGoogleVerify) and can reset a user's binding (bindUser, unbind), but never see a secret.
 *
 * Who may act on whose binding is providers/abilities.ts: account management (`users`) reaches any
 * account its row conditions allow (an admin never a superAdmin's), the member lists (`merchants`,
 * `suppliers`) only accounts of their role. Nobody resets or switches off their own binding here:
 * that is unbindForProfile, which asks for a current code. Every wrong code counts toward the
 * account lock (users/attempts.ts).
 */
import { isMemberRole, type MemberRole } from '../../providers/roles.js';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route, type RouteContext, type UserRow } from '../http/route.js';
import { requireRow } from '../http/access.js';
import { users } from '../db/schema/index.js';
import { newSecret, otpauthUri } from '../security/totp.js';
import { getSetting } from '../settings/store.js';
import { id } from '../../resources/common/rules.js';
import type { Action, Subject } from '../../providers/ability-engine.js';
import type { Db } from '../db/client.js';
import { endSessions } from './end-sessions.js';
import { checkGoogleCode } from './attempts.js';
import { googleSecretOf, sealGoogleSecret } from './google-secret.js';
import { googleBindingApi } from '../../resources/session/api.js';

type Ctx = RouteContext<unknown, unknown>;

const account = z.string().trim().min(1).max(64);
const code = z.string().trim().max(12);
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

async function byAccount(db: Db, name: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.account, name)).limit(1);
  return row && !row.deletedAt ? row : fail('notFound');
}

async function byId(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row && !row.deletedAt ? row : fail('notFound');
}

/** Account management and the member lists may reset a user's binding. */
const BINDING_SUBJECTS = ['users', 'merchants', 'suppliers'];

/** The subjects through which a caller may reach this account: `users`, plus the member list of its role. */
const MEMBER_SUBJECT: Record<MemberRole, Subject> = { merchant: 'merchants', supplier: 'suppliers' };
const subjectsFor = (target: UserRow): Subject[] => ['users', ...(isMemberRole(target.role) ? [MEMBER_SUBJECT[target.role]] : [])];

/** Someone else's account the caller may act on (`action` on one of its subjects, row conditions included). */
function requireOther(ctx: Ctx, action: Action, target: UserRow): void {
  if (target.id === ctx.user.id) fail('forbidden');
  requireRow(ctx.ability, action, subjectsFor(target), target);
}

/** The *ForProfile calls act on the caller's own account; naming another one is refused. */
function ownAccount(ctx: Ctx, name: string | undefined): UserRow {
  if (name && name !== ctx.user.account) fail('forbidden');
  return ctx.user;
}

/** The authenticator app's label: the product title and the platform's system flag. */
async function issuer(db: Db, productTitle: string): Promise<string> {
  const flagValue = (await getSetting(db, 'SysFlag')).value;
  return `${productTitle}${flagValue ? ` ${flagValue}` : ''}`;
}

/** A new unconfirmed secret (or the pending one), for the owner to scan on /googleVerify. */
async function pendingSecret(ctx: Ctx, user: UserRow): Promise<{ secret: string; uri: string; account: string }> {
  if (user.googleConfirmed) fail('stateConflict');
  const stored = googleSecretOf(user);
  const secret = stored ?? newSecret();
  // None yet, or one the secrets key no longer reads: a new one is stored.
  if (!stored) {
    await ctx.db.update(users).set({ googleSecret: sealGoogleSecret(secret) }).where(eq(users.id, user.id));
    // The audit says a secret was issued, never the secret.
    await ctx.audit('user.bindUserForProfile', user.id, { secretIssued: false, confirmed: false }, { secretIssued: true, confirmed: false });
  }
  return { secret, uri: otpauthUri(secret, user.account, await issuer(ctx.db, ctx.services.config.productTitle)), account: user.account };
}

async function confirm(ctx: Ctx, user: UserRow, value: string, action: string) {
  if (user.googleConfirmed) fail('stateConflict');
  if (!user.googleSecret) fail('stateConflict');
  await checkGoogleCode(ctx, user, value);
  await ctx.db.update(users).set({ googleConfirmed: true, googleEnabled: true }).where(eq(users.id, user.id));
  // The owner's new factor: sessions opened without it elsewhere end; this one stays.
  if (user.id === ctx.user.id) await endSessions(ctx.db, user.id, ctx.session.id);
  await ctx.audit(action, user.id, { confirmed: false, enabled: user.googleEnabled }, { confirmed: true, enabled: true });
  return null;
}

/** Drops the binding; `enable` also switches verification on, so the user must bind again at the next login. */
async function reset(ctx: Ctx, user: UserRow, action: string, options: { logout: boolean; enable?: boolean }) {
  const enabled = options.enable ?? user.googleEnabled;
  await ctx.db.update(users).set({ googleSecret: null, googleConfirmed: false, googleLastStep: 0, googleEnabled: enabled }).where(eq(users.id, user.id));
  if (options.logout) await endSessions(ctx.db, user.id);
  await ctx.audit(action, user.id, { confirmed: user.googleConfirmed, enabled: user.googleEnabled }, { confirmed: false, enabled, loggedOut: options.logout });
  return null;
}

const enableGoogleVerify = route({
  method: 'POST',
  url: googleBindingApi.enableGoogleVerify,
  // From account management or a member list (requireOther checks the account's own subjects).
  access: { action: 'edit', subject: BINDING_SUBJECTS },
  // Switching a login factor off is taken over a stolen session otherwise.
  secondLevel: true,
  body: z.object({ userId: id, enableGoogleVerify: flag }),
  handler: async (ctx) => {
    const user = await byId(ctx.db, ctx.body.userId);
    requireOther(ctx as never, 'edit', user);
    await ctx.db.update(users).set({ googleEnabled: ctx.body.enableGoogleVerify }).where(eq(users.id, user.id));
    await ctx.audit('user.enableGoogleVerify', user.id, { enable: user.googleEnabled }, { enable: ctx.body.enableGoogleVerify });
    return null;
  },
});

/** Admin: drops a user's binding so the user binds a new device (and optionally signs out everywhere). */
const bindUser = route({
  method: 'POST',
  url: googleBindingApi.bindUser,
  access: { action: 'bind', subject: BINDING_SUBJECTS },
  body: z.object({ userAccount: account, needToLogout: flag.optional().default(false) }),
  handler: async (ctx) => {
    const user = await byAccount(ctx.db, ctx.body.userAccount);
    requireOther(ctx as never, 'bind', user);
    return reset(ctx as never, user, 'user.bindUser', { logout: ctx.body.needToLogout, enable: true });
  },
});

const unbind = route({
  method: 'POST',
  url: googleBindingApi.unbind,
  access: { action: 'unbind', subject: BINDING_SUBJECTS },
  body: z.object({ userAccount: account }),
  handler: async (ctx) => {
    const user = await byAccount(ctx.db, ctx.body.userAccount);
    requireOther(ctx as never, 'unbind', user);
    return reset(ctx as never, user, 'user.unbind', { logout: false });
  },
});

/** The owner confirms with a code from the device; an admin may confirm for a user who reads it out. */
const confirmBind = route({
  method: 'POST',
  url: googleBindingApi.confirmBind,
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), googleCode: code }),
  handler: async (ctx) => {
    const name = ctx.body.userAccount;
    if (!name || name === ctx.user.account) return confirm(ctx as never, ctx.user, ctx.body.googleCode, 'user.confirmBind');
    if (!BINDING_SUBJECTS.some((s) => ctx.ability.can('bind', s))) fail('forbidden');
    const user = await byAccount(ctx.db, name);
    requireOther(ctx as never, 'bind', user);
    return confirm(ctx as never, user, ctx.body.googleCode, 'user.confirmBind');
  },
});

const bindUserForProfile = route({
  method: 'POST',
  url: googleBindingApi.bindUserForProfile,
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), needToLogout: flag.optional() }),
  handler: async (ctx) => pendingSecret(ctx as never, ownAccount(ctx as never, ctx.body.userAccount)),
});

const confirmBindForProfile = route({
  method: 'POST',
  url: googleBindingApi.confirmBindForProfile,
  access: 'authenticated',
  body: z.object({ userAccount: account.optional(), googleCode: code }),
  handler: async (ctx) => confirm(ctx as never, ownAccount(ctx as never, ctx.body.userAccount), ctx.body.googleCode, 'user.confirmBindForProfile'),
});

/** Removing one's own authenticator needs a current code and the second-level password, so a stolen session cannot do it. */
const unbindForProfile = route({
  method: 'POST',
  url: googleBindingApi.unbindForProfile,
  access: 'authenticated',
  secondLevel: true,
  body: z.object({ userAccount: account.optional(), googleCode: code.optional().default('') }),
  handler: async (ctx) => {
    const user = ownAccount(ctx as never, ctx.body.userAccount);
    if (user.googleConfirmed) await checkGoogleCode(ctx as never, user, ctx.body.googleCode);
    // A factor removed: the owner's other sessions end, this one stays.
    await endSessions(ctx.db, user.id, ctx.session.id);
    return reset(ctx as never, user, 'user.unbindForProfile', { logout: false });
  },
});

export const googleBindingRoutes = [enableGoogleVerify, bindUser, unbind, confirmBind, bindUserForProfile, confirmBindForProfile, unbindForProfile];
