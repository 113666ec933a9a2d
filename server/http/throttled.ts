/**
 * The login rate limit's refusals (the routes declared `rateLimited`: login, login2), in the audit
 * log as failed warnings: someone guessing passwords or flooding the login from one address is what
 * an operator reviewing the log wants to see; a per-user limit's (./user-throttle.ts) likewise. One
 * row per client and route a minute, the client being the rate limiter's own key (an IPv6 client is its /64), however many requests were
 * refused; past REMEMBERED clients in one minute, the rest of that minute's refusals go unrecorded,
 * so a flood from many addresses can neither fill the log nor hold the database. With WORKERS=N the
 * minute's clients are counted by the primary for every process (server/cluster/counter.ts), so the
 * row stays one, not one per process.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';
import { ERRORS } from '../errors.js';
import { sharedHits, type CountHit } from '../cluster/counter.js';

/** Clients recorded in one minute at most. */
const REMEMBERED = 1_000;

/** `limit` names the limit in the row's message; `actor`, when known, whose calls were refused. */
export function throttleRecorder(db: Db, limit = 'login rate limit'): (request: FastifyRequest, key: string, actor?: { id: number; account: string }) => void {
  let minute = 0;
  const recorded = new Set<string>();
  const shared = sharedHits();
  return (request, key, actor) => {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute) {
      minute = now;
      recorded.clear();
    }
    const route = request.routeOptions.url ?? request.url;
    const client = `${key} ${route}`;
    const failed = (error: unknown) => request.log.error({ err: error }, `the ${limit} refusal could not be audited`);
    const write = () =>
      writeAudit(
        db,
        { type: 'warningDetection', userId: actor?.id ?? null, account: actor?.account ?? null, action: 'session.throttled', target: route, ip: request.ip, before: null, after: { route }, success: false, errorCode: ERRORS.tooManyRequests, errorMsg: limit },
        undefined,
      ).catch(failed);
    if (shared) return void firstOfMinute(shared, `${limit} ${now}`, client).then((first) => (first ? write() : undefined), failed);
    if (recorded.has(client) || recorded.size >= REMEMBERED) return;
    recorded.add(client);
    void write();
  };
}

/** Whether this is the client's first refusal of the minute, among the first REMEMBERED clients. */
async function firstOfMinute(hits: CountHit, minute: string, client: string): Promise<boolean> {
  if ((await hits(`${minute} ${client}`, 60_000)).current !== 1) return false;
  return (await hits(minute, 60_000)).current <= REMEMBERED;
}
