/**
 * Online users (/setting/logged-user-list): the live sessions, listed by the entity kit from their
 * declaration, and force logout. A session is named by an opaque id derived from its stored token
 * hash: the list never carries anyone's token, and the id cannot be turned back into one.
 * `POST /user/forceLogout {token}` takes that id in the `token` field (`sessionId` too).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { sessions, users } from '../db/schema/index.js';
import { onlineUserApi, onlineUsers as declaration } from '../../resources/online-users/index.js';
import { entityRoutes } from '../crud/routes.js';
import { descending } from '../crud/keyset.js';
import type { Ctx } from '../crud/store.js';
import type { SessionRow, UserRow } from '../http/route.js';

const sessionIdOf = (tokenHash: string): string => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 32);

/** Sessions that still work: not revoked, not past their absolute or idle expiry, of a live account. */
const live = (ctx: Pick<Ctx, 'services'>) => {
  const now = Date.now();
  return and(
    isNull(sessions.revokedAt),
    isNull(users.deletedAt),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - ctx.services.config.idleMinutes * 60_000)),
  );
};

const sessionView = (session: SessionRow, user: UserRow, ownSessionId: number) => ({
  token: sessionIdOf(session.tokenHash),
  userId: user.id,
  account: user.account,
  nickname: user.nickname,
  role: user.role,
  ip: session.ip,
  userAgent: session.userAgent,
  loginTime: session.createdAt.toISOString(),
  lastSeenAt: session.lastSeenAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  current: session.id === ownSessionId,
});

const forceLogout = route({
  method: 'POST',
  url: onlineUserApi.calls.forceLogout,
  access: { action: 'forceLogout', subject: declaration.name },
  body: z
    .object({ token: z.string().trim().min(1).max(64).optional(), sessionId: z.string().trim().min(1).max(64).optional() })
    .refine((b) => b.token || b.sessionId, { message: 'required', path: ['token'] }),
  handler: async (ctx) => {
    const id = ctx.body.token ?? ctx.body.sessionId;
    const rows = await ctx.db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(live(ctx));
    const hit = rows.find((r) => sessionIdOf(r.session.tokenHash) === id) ?? fail('notFound');
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, hit.session.id));
    await ctx.audit('user.forceLogout', hit.user.id, { session: id, account: hit.user.account, ip: hit.session.ip }, { revoked: true });
    return null;
  },
});

export const onlineSessionRoutes = entityRoutes({
  declaration,
  table: sessions,
  joins: [{ as: 'user', table: users, on: eq(users.id, sessions.userId) }],
  where: live,
  // The id breaks ties of sessions seen in the same instant, so pages never repeat or skip one.
  orderBy: [descending(sessions.lastSeenAt), descending(sessions.id)],
  audit: 'session',
  view: async (_db, rows, ctx) => rows.map((r) => sessionView(r.row as SessionRow, r.user as UserRow, ctx.session.id)),
  extraRoutes: [forceLogout],
});
