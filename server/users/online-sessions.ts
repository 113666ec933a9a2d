/**
 * Online users (spec section 7, /setting/logged-user-list): the live sessions and force logout, for
 * superAdmin. A session is named by an opaque id derived from its stored token hash: the list never
 * carries anyone's token, and the id cannot be turned back into one. `POST /user/forceLogout {token}`
 * takes that id in the spec's `token` field (`sessionId` is accepted as the same thing).
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { sessions, users } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export const sessionIdOf = (tokenHash: string): string => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 32);

/** Sessions that still work: not revoked, not past their absolute or idle expiry. */
async function liveSessions(db: Db, idleMinutes: number) {
  const now = Date.now();
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - idleMinutes * 60_000)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export const getSessions = route({
  method: 'POST',
  url: '/user/getSessions',
  access: { action: 'list', subject: 'onlineUsers' },
  handler: async ({ db, services, session: own }) => {
    const rows = await liveSessions(db, services.config.idleMinutes);
    const list = rows.map(({ session, user }) => ({
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
      current: session.id === own.id,
    }));
    return { list, total: list.length };
  },
});

export const forceLogout = route({
  method: 'POST',
  url: '/user/forceLogout',
  access: { action: 'forceLogout', subject: 'onlineUsers' },
  body: z
    .object({ token: z.string().trim().min(1).max(64).optional(), sessionId: z.string().trim().min(1).max(64).optional() })
    .refine((b) => b.token || b.sessionId, { message: 'required', path: ['token'] }),
  handler: async ({ db, services, body, audit }) => {
    const id = body.token ?? body.sessionId;
    const rows = await liveSessions(db, services.config.idleMinutes);
    const hit = rows.find((r) => sessionIdOf(r.session.tokenHash) === id) ?? fail('notFound');
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, hit.session.id));
    await audit('user.forceLogout', hit.user.id, { session: id, account: hit.user.account, ip: hit.session.ip }, { revoked: true });
    return null;
  },
});

export const onlineSessionRoutes = [getSessions, forceLogout];
