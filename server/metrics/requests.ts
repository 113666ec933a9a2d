/**
 * Every HTTP request of the app: counted and timed by method, route pattern and status (the pattern,
 * e.g. /pay/order/:orderCode, never the URL, so the number of series stays bounded), and run as one
 * unit of work whose order counts apply when it ends (./scope.ts). Declared routes settle their unit
 * themselves once their transaction commits (http/register.ts); what is left is settled here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from './registry.js';
import { inUnit, newUnit, settleUnit } from './scope.js';

/** The route label of a request no route matched (unknown paths, refused before routing). */
const UNMATCHED = 'unmatched';

export function useRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const units = new WeakMap<FastifyRequest, ReturnType<typeof newUnit>>();
  app.addHook('onRequest', (request, _reply, done) => {
    // A socket lives for hours and writes no orders: it is no unit of work.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return done();
    const unit = newUnit(metrics);
    units.set(request, unit);
    inUnit(unit, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    settleUnit(reply.statusCode < 500, units.get(request));
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
