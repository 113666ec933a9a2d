/**
 * The login rate limit's refusals (the routes declared `rateLimited`: login, login2), in the audit
 * log as failed warnings: someone guessing passwords or flooding the login from one address is what
 * an operator reviewing the log wants to see; a per-user limit's (./user-throttle.ts) likewise. One
 * row per client and route a minute, the client being the rate limiter's own key (an IPv6 client is its /64), however many requests were
 * refused; past REMEMBERED clients in one minute, the rest of that minute's refusals go unrecorded,
 * so a flood from many addresses can neither fill the log nor hold the database. With WORKERS=N the
 * minute's clients are counted by the primary for every process (server/cluster/counter.ts), so the
 * row stays one, not one per process. The same gate keeps the refusals of the routes open to
 * anyone on the internet (`refusalsAudited: 'firstPerMinute'`) to one row per client, route and
 * code a minute: a stream of badly signed orders must not become a stream of writes.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';
import { ERRORS } from '../errors.js';
import { sharedHits, type CountHit } from '../cluster/counter.js';

/** Clients recorded in one minute at most. */
const REMEMBERED = 1_000;

/**
 * Whether a key comes first in its minute, among the first REMEMBERED keys of that minute: this
 * process's own count, or with WORKERS=N the primary's for every process. `name` keeps one gate's
 * keys apart from another's.
 */
export function minuteGate(name: string): (key: string) => Promise<boolean> {
  let minute = 0;
  const seen = new Set<string>();
  const shared = sharedHits();
  return async (key) => {
    const now = Math.floor(Date.now() / 60_000);
    if (shared) return firstOfMinute(shared, `${name} ${now}`, key);
    if (now !== minute) {
      minute = now;
      seen.clear();
    }
    if (seen.has(key) || seen.size >= REMEMBERED) return false;
    seen.add(key);
    return true;
  };
}

/** `limit` names the limit in the row's message; `actor`, when known, whose calls were refused. */
export function throttleRecorder(db: Db, limit = 'login rate limit'): (request: FastifyRequest, key: string, actor?: { id: number; account: string }) => void {
  const first = minuteGate(limit);
  return (request, key, actor) => {
    const route = request.routeOptions.url ?? request.url;
    const failed = (error: unknown) => request.log.error({ err: error }, `the ${limit} refusal could not be audited`);
    const write = () =>
      writeAudit(
        db,
        { type: 'warningDetection', userId: actor?.id ?? null, account: actor?.account ?? null, action: 'session.throttled', target: route, ip: request.ip, before: null, after: { route }, success: false, errorCode: ERRORS.tooManyRequests, errorMsg: limit },
        undefined,
      ).catch(failed);
    void first(`${key} ${route}`).then((yes) => (yes ? write() : undefined), failed);
  };
}

/** Whether this is the client's first refusal of the minute, among the first REMEMBERED clients. */
async function firstOfMinute(hits: CountHit, minute: string, client: string): Promise<boolean> {
  if ((await hits(`${minute} ${client}`, 60_000)).current !== 1) return false;
  return (await hits(minute, 60_000)).current <= REMEMBERED;
}
