/**
 * @fastify/rate-limit's store for WORKERS=N: every limit (login, the pay pages, the UTR submission,
 * the per-user limits of user-throttle.ts) counted once for all processes by the primary
 * (./counter.ts), so a limit of 10 a minute stays 10 and not 10 per process. Counts as the plugin's
 * in-process store does: a fixed window from the first hit, one count per route (its method and
 * path) and key. The options it leaves out (continueExceeding, exponentialBackoff, ban) are used by
 * no route.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { CountHit } from './counter.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  timeWindow?: unknown;
}

/** A store class over `hits` (the plugin builds the store itself, from the class). */
export function sharedRateStore(hits: CountHit): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  class SharedRateStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hits(`${this.scope}|${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      // A route's limit (routeInfo names it) or one made by createRateLimit (no route: its keys name it).
      const { routeInfo, timeWindow } = options as ChildOptions;
      return new SharedRateStore({}, `${String(routeInfo?.method ?? '')} ${routeInfo?.url ?? ''} ${String(timeWindow)}`);
    }
  }
  return SharedRateStore;
}
