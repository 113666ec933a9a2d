/**
 * The app's own route table, as Fastify mounts it (its onRoute hook sees every route, whoever adds
 * it: the declared /v1.0 routes, the pay pages, static files). Tests compare it with the declared
 * routes, so a route mounted without a declaration (and so without an ability) cannot slip past
 * the permission walk.
 */
import type { FastifyInstance } from 'fastify';

export interface MountedRoute {
  method: string;
  url: string;
}

/** Starts recording; call before anything registers a route. HEAD twins of GETs are left out. */
export function recordRouteTable(app: FastifyInstance): MountedRoute[] {
  const table: MountedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  return table;
}
