/**
 * What one request keeps for its own duration, through AsyncLocalStorage so that code deep in a
 * domain (a setting read inside allocation) need not be handed it. Today: the global settings, read
 * in one query the first time the request needs one, instead of one query per read (order creation
 * read them seven times). Nothing outlives the request, so a setting changed on one instance is seen
 * by the next request on every instance, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export interface RequestScope {
  /** Every stored row of system_config, by key; dropped when the request writes one. */
  settings?: Promise<Map<string, unknown>>;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The current request's scope; undefined outside a request (background jobs read directly). */
export const requestScope = (): RequestScope | undefined => storage.getStore();

export function useRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // A socket lives for hours and checks its session on each message: it reads settings afresh.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return done();
    storage.run({}, done);
  });
}
