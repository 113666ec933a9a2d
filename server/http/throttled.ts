/**
 * The login rate limit's refusals (the routes declared `rateLimited`: login, login2), in the audit
 * log as failed warnings: someone guessing passwords or flooding the login from one address is what
 * an operator reviewing the log wants to see. One row per client and route a minute, the client
 * being the rate limiter's own key (an IPv6 client is its /64), however many requests were
 * refused; past REMEMBERED clients in one minute, the rest of that minute's refusals go unrecorded,
 * so a flood from many addresses can neither fill the log nor hold the database.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';
import { ERRORS } from '../errors.js';

/** Clients recorded in one minute at most. */
const REMEMBERED = 1_000;

export function throttleRecorder(db: Db): (request: FastifyRequest, key: string) => void {
  let minute = 0;
  const recorded = new Set<string>();
  return (request, key) => {
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
      { type: 'warningDetection', userId: null, account: null, action: 'session.throttled', target: route, ip: request.ip, before: null, after: { route }, success: false, errorCode: ERRORS.tooManyRequests, errorMsg: 'login rate limit' },
      undefined,
    ).catch((error: unknown) => request.log.error({ err: error }, 'the login rate limit refusal could not be audited'));
  };
}
