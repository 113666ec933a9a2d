/**
 * The caller's own account (/profile/list and its customer-service variant). Every call acts on the
 * signed-in user only, so there is no id to tamper with: a merchant reads its own key, products and
 * rates and nobody else's.
 */
import { isMemberRole } from '../../providers/roles.js';
import { eq } from 'drizzle-orm';
import { AppError, fail } from '../errors.js';
import { t } from '../i18n.js';
import { route, type RouteContext } from '../http/route.js';
import { memberProfiles, users } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { balanceOf, minorForJson } from '../ledger/ledger.js';
import { changePassword, setPayPassword, updateNickname } from '../../resources/profile/schema.js';
import { variantsOf } from '../../providers/ability-engine.js';
import { keyMask, plainKey, productsOf } from '../merchants/member-store.js';
import { endSessions } from '../users/end-sessions.js';
import { profileApi } from '../../resources/profile/index.js';
import { getSetting } from '../settings/store.js';

/** The profile screen and its customer-service variant. */
const PROFILE = variantsOf('profile');

async function ownProfileRow(ctx: RouteContext<unknown, unknown>) {
  const [row] = await ctx.db.select().from(memberProfiles).where(eq(memberProfiles.userId, ctx.user.id)).limit(1);
  return row ?? null;
}

const get = route({
  method: 'GET',
  url: profileApi.get,
  access: { action: 'show', subject: PROFILE },
  handler: async (ctx) => {
    const { user, db } = ctx;
    const member = await ownProfileRow(ctx as never);
    return {
      id: user.id,
      account: user.account,
      nickname: user.nickname,
      role: user.role,
      enableGoogleVerify: user.googleEnabled,
      googleBound: user.googleConfirmed,
      payPasswordSet: user.payPasswordHash !== null,
      // Whether money operations the member starts ask for it (EnablePayPassword), read by the
      // admin when it opens such an action: it asks exactly when the server will check.
      payPasswordAsked: (await getSetting(db, 'EnablePayPassword')).enable === true,
      lastLoginIp: user.lastLoginIp,
      lastLoginAt: user.lastLoginAt,
      mchId: member?.mchId ?? null,
      merchantKey: keyMask(member),
      acceptOrders: member?.acceptOrders ?? null,
      balance: isMemberRole(user.role) ? minorForJson(await balanceOf(db, user.id)) : null,
    };
  },
});

/** Own products and rates (merchant products or code-merchant products). */
const myProducts = route({
  method: 'GET',
  url: profileApi.products,
  access: { action: 'show', subject: PROFILE },
  handler: async (ctx) => {
    return (await productsOf(ctx.db, [ctx.user.id])).get(ctx.user.id) ?? [];
  },
});

const merchantKey = route({
  method: 'GET',
  url: profileApi.merchantKey,
  access: { action: 'show', subject: PROFILE },
  mutates: true,
  // Whoever holds the key signs orders and payouts as the member: like every key action (the
  // admins' reveal and regenerate), behind the second-level password.
  secondLevel: true,
  // Revealing a secret is a sensitive read: the audit log's "fetch".
  auditType: 'fetch',
  handler: async (ctx) => {
    const member = await ownProfileRow(ctx as never);
    if (!member) fail('notFound');
    await ctx.audit('profile.revealKey', ctx.user.id);
    return plainKey(member!);
  },
});

const nickname = route({
  method: 'POST',
  url: profileApi.updateNickname,
  access: { action: 'edit', subject: PROFILE },
  body: updateNickname,
  handler: async (ctx) => {
    await ctx.db.update(users).set({ nickname: ctx.body.nickname }).where(eq(users.id, ctx.user.id));
    await ctx.audit('profile.nickname', ctx.user.id, { nickname: ctx.user.nickname }, { nickname: ctx.body.nickname });
    return null;
  },
});

const wrongPassword = (field: string, lang: RouteContext<unknown, unknown>['lang']) => new AppError('invalidParam', { field, reason: t('validation.wrongPassword', lang) });

const password = route({
  method: 'POST',
  url: profileApi.changePassword,
  access: { action: 'edit', subject: PROFILE },
  body: changePassword,
  handler: async (ctx) => {
    const { db, body, user, session } = ctx;
    if (!(await verifyPassword(body.originalPassword, user.passwordHash))) throw wrongPassword('originalPassword', ctx.lang);
    await db.update(users).set({ passwordHash: await hashPassword(body.newPassword) }).where(eq(users.id, user.id));
    // Other sessions end (whoever knew the old password is out); this one stays.
    await endSessions(db, user.id, session.id);
    await ctx.audit('profile.password', user.id);
    return null;
  },
});

const payPassword = route({
  method: 'POST',
  url: profileApi.setPayPassword,
  access: { action: 'edit', subject: PROFILE },
  body: setPayPassword,
  handler: async (ctx) => {
    const { db, body, user } = ctx;
    if (!(await verifyPassword(body.loginPassword, user.passwordHash))) throw wrongPassword('loginPassword', ctx.lang);
    await db.update(users).set({ payPasswordHash: await hashPassword(body.payPassword) }).where(eq(users.id, user.id));
    await ctx.audit('profile.payPassword', user.id, { payPasswordSet: user.payPasswordHash !== null }, { payPasswordSet: true });
    return null;
  },
});

export const profileRoutes = [get, myProducts, merchantKey, nickname, password, payPassword];
