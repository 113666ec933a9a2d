/** Resolves the `token` header to a live session; refusals are 1003 (and 1024/1025 for token2). */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { fail } from '../errors.js';
import { hashToken } from '../security/passwords.js';
import { auditRecords, sessions, users } from '../db/schema/index.js';
import { getSetting } from '../settings/store.js';
import { addressAllowed, clientAddress } from '../security/ip-match.js';
import type { Services, SessionRow, UserRow } from './route.js';
import type { Db } from '../db/client.js';
import { Statement } from '../db/prepared.js';

/** lastSeenAt is refreshed at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 60_000;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/**
 * The addresses of the enabled IP rules naming the user or its role (null: none), read in the
 * same query as the session, so a rule added later applies to sessions already open.
 */
// Written out rather than built from the column objects: drizzle leaves columns unqualified when a
// query reads one table, and an unqualified "id" inside this subquery would be the rule's own id.
export const ruleAddresses = sql<string[] | null>`(select array_agg(r.address) from ip_rules r where r.enabled and (r.user_id = "users"."id" or r.role = "users"."role"))`;

/** Refuses an address outside every rule naming the account, when some do. */
export function assertAllowedAddress(addresses: readonly string[] | null, ip: string): void {
  if (addresses?.length && !addressAllowed(addresses, ip)) fail('ipNotAllowed', { ip: clientAddress(ip) });
}

/** The live session of a token hash, its user and the IP rules naming them: every signed-in call reads it, so it is built once (server/db/prepared.ts). */
const liveSession = new Statement((db: Db) =>
  db
    .select({ session: sessions, user: users, addresses: ruleAddresses })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .limit(1),
);

export async function authenticate(services: Services, request: FastifyRequest): Promise<{ user: UserRow; session: SessionRow }> {
  const token = header(request, 'token');
  if (!token) fail('tokenInvalid');
  const { db, config } = services;
  const [row] = await liveSession.run(db, { tokenHash: hashToken(token) });
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
  assertAllowedAddress(row.addresses, request.ip);
  if (now - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.session.id));
  }
  return { session: row.session, user: row.user };
}

export function checkSecondLevel(session: SessionRow, request: FastifyRequest): void {
  const token2 = header(request, 'token2');
  if (!token2 || !session.token2Hash || hashToken(token2) !== session.token2Hash) fail('secondLevelRequired');
  if (!session.token2ExpiresAt || session.token2ExpiresAt.getTime() <= Date.now()) fail('secondLevelExpired');
}
