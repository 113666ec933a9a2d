/**
 * The login rate limit's refusals (the routes declared `rateLimited`: login, login2), in the audit
 * log as failed warnings: someone guessing passwords or flooding the login from one address is what
 * an operator reviewing the log wants to see; a per-user limit's (./user-throttle.ts) likewise. One
 * row per client and route a minute, the client being the rate limiter's own key (an IPv6 client is its /64), however many requests were
 * refused; past REMEMBERED clients in one minute, the rest of that minute's refusals go unrecorded,
 * so a flood from many addresses can neither fill the log nor hold the database.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';
import { ERRORS } from '../errors.js';

/** Clients recorded in one minute at most. */
const REMEMBERED = 1_000;

/** `limit` names the limit in the row's message; `actor`, when known, whose calls were refused. */
export function throttleRecorder(db: Db, limit = 'login rate limit'): (request: FastifyRequest, key: string, actor?: { id: number; account: string }) => void {
  let minute = 0;
  const recorded = new Set<string>();
  return (request, key, actor) => {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute) {
      minute = now;
      recorded.clear();
    }
    const route = request.routeOptions.url ?? request.url;
    const client = `${key} ${route}`;
    if (recorded.has(client) || recorded.size >= REMEMBERED) return;
    recorded.add(client);
    writeAudit(
      db,
      { type: 'warningDetection', userId: actor?.id ?? null, account: actor?.account ?? null, action: 'session.throttled', target: route, ip: request.ip, before: null, after: { route }, success: false, errorCode: ERRORS.tooManyRequests, errorMsg: limit },
      undefined,
    ).catch((error: unknown) => request.log.error({ err: error }, `the ${limit} refusal could not be audited`));
  };
}
