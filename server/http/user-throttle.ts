/**
 * Per-user rate limits of the routes that declare `userRateLimit` (the error log's save): counted
 * after the session is known, keyed by the user rather than the address, so one signed-in user can
 * neither fill a table through the route nor be stopped by another user behind the same address.
 * The counters are @fastify/rate-limit's store (as the login throttle's): in this process, or with
 * WORKERS=N in the primary for all of them; each instance behind a load balancer counts its own share. A refused call answers "too many requests" and leaves
 * one warning row a minute per user and route (./throttled.ts), never one per refusal.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { RouteSpec, UserRow } from './route.js';
import { throttleRecorder } from './throttled.js';

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/** The limiters of each app (a test runs several), one per route and window. */
const limiters = new WeakMap<FastifyInstance, Map<string, Check>>();
/** Whose request it is, for the limiter's key (the key generator is handed only the request). */
const callers = new WeakMap<FastifyRequest, number>();

function limiterOf(app: FastifyInstance, key: string, max: number, minutes: number): Check {
  let own = limiters.get(app);
  if (!own) limiters.set(app, (own = new Map()));
  let check = own.get(key);
  if (!check) {
    check = app.createRateLimit({ max, timeWindow: minutes * 60_000, keyGenerator: (request) => `${key} ${callers.get(request)}` });
    own.set(key, check);
  }
  return check;
}

/** The throttle of a database: records the refusals it answers. */
export function userThrottle(db: Db) {
  const record = throttleRecorder(db, 'user rate limit');
  /** Counts this call; when over a window's limit, the seconds until it may call again (null: go on). */
  return async (spec: RouteSpec, request: FastifyRequest, user: UserRow): Promise<number | null> => {
    callers.set(request, user.id);
    for (const { max, minutes } of spec.userRateLimit ?? []) {
      const result = await limiterOf(request.server, `${spec.url} ${minutes}`, max, minutes)(request);
      if (!result.isAllowed && result.isExceeded) {
        record(request, `user ${user.id}`, user);
        return result.ttlInSeconds;
      }
    }
    return null;
  };
}
