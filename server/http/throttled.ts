/**
 * The login rate limit's refusals, in the audit log as warnings: someone guessing passwords or
 * flooding the login from one address is what an operator reviewing the log wants to see. One row
 * per address and minute, however many requests were refused, so a flood cannot fill the log.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { writeAudit } from '../audit/write.js';

/** Addresses remembered before the older minutes are forgotten. */
const REMEMBERED = 10_000;

export function throttleRecorder(db: Db): (request: FastifyRequest) => void {
  const lastMinute = new Map<string, number>();
  return (request) => {
    const minute = Math.floor(Date.now() / 60_000);
    if (lastMinute.get(request.ip) === minute) return;
    if (lastMinute.size >= REMEMBERED) for (const [ip, at] of lastMinute) if (at !== minute) lastMinute.delete(ip);
    lastMinute.set(request.ip, minute);
    const route = request.routeOptions.url ?? request.url;
    writeAudit(db, { type: 'warningDetection', userId: null, account: null, action: 'session.throttled', target: route, ip: request.ip, before: null, after: { route } }, undefined).catch((error: unknown) =>
      request.log.error({ err: error }, 'the login rate limit refusal could not be audited'),
    );
  };
}
