/** Resolves the `token` header to a live session; refusals are 1003 (and 1024/1025 for token2). */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../errors.js';
import { hashToken } from '../security/passwords.js';
import { auditRecords, sessions, users } from '../db/schema/index.js';
import { getSetting } from '../system-config/store.js';
import type { Services, SessionRow, UserRow } from './route.js';

/** lastSeenAt is refreshed at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 60_000;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

export async function authenticate(services: Services, request: FastifyRequest): Promise<{ user: UserRow; session: SessionRow }> {
  const token = header(request, 'token');
  if (!token) fail('tokenInvalid');
  const { db, config } = services;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) fail('tokenInvalid');
  const now = Date.now();
  const idleLimit = row.session.lastSeenAt.getTime() + config.idleMinutes * 60_000;
  if (row.session.expiresAt.getTime() <= now || idleLimit <= now) fail('tokenInvalid');
  // EnableIpChangedCheck: a token used from another address than the one it logged in from was
  // probably taken; the session ends for good (revoked, so the old address cannot go on either).
  // The setting is read only when the address differs, so ordinary calls cost no extra query.
  if (row.session.ip && row.session.ip !== request.ip && (await getSetting(db, 'EnableIpChangedCheck')).enable === true) {
    await db.update(sessions).set({ revokedAt: new Date(now) }).where(and(eq(sessions.id, row.session.id), isNull(sessions.revokedAt)));
    await db.insert(auditRecords).values({ userId: row.user.id, action: 'session.ipChanged', target: String(row.user.id), ip: request.ip, before: { session: row.session.id, ip: row.session.ip }, after: { revoked: true } });
    fail('tokenInvalid');
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

export function checkSecondLevel(session: SessionRow, request: FastifyRequest): void {
  const token2 = header(request, 'token2');
  if (!token2 || !session.token2Hash || hashToken(token2) !== session.token2Hash) fail('secondLevelRequired');
  if (!session.token2ExpiresAt || session.token2ExpiresAt.getTime() <= Date.now()) fail('secondLevelExpired');
}
