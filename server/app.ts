/** Builds the Fastify app: security headers, the /v1.0 API, and the built admin as static files. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { Database } from './db/client.js';
import type { ServerConfig } from './config.js';
import { ERRORS } from './errors.js';
import { isDatabaseUnavailable } from './http/db-unavailable.js';
import { pickLanguage, t } from './i18n.js';
import { API_PREFIX, registerRoutes } from './http/register.js';
import { recordRouteTable, type MountedRoute } from './http/route-table.js';
import { BODY_TOO_DEEP, installJsonParser } from './http/input.js';
import { REVALIDATE, registerCompression, registerStaticFiles } from './http/static-files.js';
import { adminPageIn } from './http/admin-page.js';
import type { RouteSpec, Services } from './http/route.js';
import { abilityUserOf } from './users/team.js';
import { checkActionCode } from './users/attempts.js';
import { allRoutes } from './routes.js';
import { registerPayPage } from './resource-switch/pay-page.js';
import { registerOrderPayPage } from './orders/pay-page.js';
import { registerApiDocs } from './api-docs/routes.js';
import { runJobs } from './jobs/runner.js';
import { allJobs } from './jobs.js';
import { usePayoutPlacer } from './orders/create/place.js';
import { placePayout } from './payouts/create.js';
import { registerRealtime } from './realtime/socket.js';
import { useRequestScope } from './settings/request-scope.js';
import { createAppMetrics } from './metrics/registry.js';
import { useRequestMetrics } from './metrics/requests.js';
import { registerMetricsRoute } from './metrics/scrape.js';
import { probeCallbackBacklog } from './orders/callbacks/backlog.js';
import { sharedHits } from './cluster/counter.js';
import { sharedRateStore } from './cluster/rate-store.js';
import { nameWorker } from './cluster/worker-header.js';

export interface AppOptions {
  database: Database;
  config: ServerConfig;
  routes?: RouteSpec[];
  /** Fastify's logger (pino): main.ts turns it on, tests leave it off. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's protocol-level refusals (before a route runs) as catalogue reasons of
 * locales/<lang>/validation.json, so the msg reads in the caller's language; anything else of
 * class 4xx says the request could not be read.
 */
const PROTOCOL_REASONS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation.emptyBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation.invalidJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.bodyTooLarge',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation.bodyTooLarge',
  [BODY_TOO_DEEP]: 'validation.tooDeep',
};

function protocolReason(error: { code?: string; name?: string; statusCode?: number }): string {
  if (error.code && PROTOCOL_REASONS[error.code]) return PROTOCOL_REASONS[error.code];
  // Malformed JSON surfaces as the parser's SyntaxError with status 400.
  if (error.name === 'SyntaxError' || error.statusCode === 413) return error.statusCode === 413 ? 'validation.bodyTooLarge' : 'validation.invalidJson';
  return 'validation.unreadable';
}

const envelope = (code: number, msg: string) => ({ code, data: null, msg });

export async function buildApp({ database, config, routes = allRoutes, logger = false }: AppOptions): Promise<FastifyInstance> {
  // trustProxy is off unless TRUST_PROXY names the proxies: otherwise any client could fake its
  // address (last-login IP, audit IP, the login rate limit) with X-Forwarded-For.
  const app = Fastify({ logger, trustProxy: config.trustProxy as boolean | string, bodyLimit: 10 * 1024 * 1024, frameworkErrors: badUrl });
  // The domains hand the request framework (http/) what only they know: who a caller is to the
  // abilities, and what a route's Google-code switch checks.
  // Metrics are per app: tests build several apps in one process (server/metrics).
  const metrics = createAppMetrics();
  const services: Services = { db: database.db, config, abilityUser: abilityUserOf, checkActionCode, metrics };
  app.decorate('services', services);
  // Orders place a payout product's order through the payouts domain, which builds on orders.
  usePayoutPlacer(placePayout);
  app.decorate('routeTable', recordRouteTable(app));
  // The admin API document (server/api-docs) describes the routes this app mounts.
  app.decorate('declaredRoutes', routes);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers same-origin ws:/wss: in current browsers (CSP Level 3). An admin built for
        // another platform's API is served by that platform's static host, with its own headers.
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // No page of ours sets a <base>: an injected one could not redirect relative URLs.
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  useRequestScope(app);
  nameWorker(app);
  useRequestMetrics(app, metrics);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  });

  // Before any route: answers above 1 KB leave compressed (http/static-files.ts).
  await registerCompression(app);

  // Per-IP throttle of the routes declared `rateLimited` (login, login2); see http/register.ts.
  // The counter lives in this process, or with WORKERS=N in the primary for all of them
  // (server/cluster/rate-store.ts): instances behind a load balancer each count their own share,
  // while the account lock (users/attempts.ts) is in the database and holds across instances.
  const hits = sharedHits();
  await app.register(rateLimit, hits ? { global: false, store: sharedRateStore(hits) } : { global: false });

  // Multipart uploads (the order batch file): routes read the parts themselves, within their own limits.
  await app.register(multipart);

  // JSON bodies nested too deep are refused while parsing, before any walk or schema sees them.
  installJsonParser(app);

  // Malformed JSON, rate limits and other protocol-level refusals still answer the envelope, never a 5xx.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const lang = pickLanguage(request.headers);
    if (error.statusCode === 429) {
      const seconds = Number(reply.getHeader('retry-after')) || 60;
      return reply.code(200).send(envelope(ERRORS.tooManyRequests, t('errors.tooManyRequests', lang, { seconds })));
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(200).send(envelope(ERRORS.invalidParam, t('errors.invalidParam', lang, { field: 'body', reason: t(protocolReason(error), lang) })));
    }
    if (isDatabaseUnavailable(error)) return reply.code(503).send(envelope(ERRORS.databaseUnavailable, t('errors.databaseUnavailable', lang)));
    request.log.error(error);
    return reply.code(500).send(envelope(ERRORS.internal, t('errors.internal', lang)));
  });

  // An unknown /v1.0 path answers the envelope like every API call (HTTP 200, code notFound).
  const apiNotFound = (request: FastifyRequest, reply: FastifyReply) => reply.code(200).send(envelope(ERRORS.notFound, t('errors.notFound', pickLanguage(request.headers))));

  // The /v1.0/ws socket: new and changed orders pushed to the users allowed to see them.
  await registerRealtime(app, services, database);
  registerRoutes(app, services, routes);
  registerPayPage(app, services);
  registerOrderPayPage(app, services);
  // The merchant API document (OpenAPI 3.1) and its page.
  registerApiDocs(app, services);
  // Outside /v1.0, closed unless METRICS_TOKEN is set (server/metrics/scrape.ts).
  registerMetricsRoute(app, { metrics, database, token: config.metricsToken, probes: [probeCallbackBacklog] });
  if (config.backgroundJobs) runJobs(app, services, allJobs);

  const staticRoot = path.resolve(config.staticDir);
  if (existsSync(path.join(staticRoot, 'index.html'))) {
    await registerStaticFiles(app, staticRoot);
    const pageFor = adminPageIn(staticRoot);
    app.setNotFoundHandler((request, reply) => {
      if (isApi(request.url)) return apiNotFound(request, reply);
      // HEAD is GET without the body (Node's response drops it), as for every GET route Fastify mounts.
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send(envelope(ERRORS.notFound, t('errors.notFound', pickLanguage(request.headers))));
      // The root and client-side routes (/order/list, /login...) all load the admin: the login page
      // with its form, in the browser's language, or the app's page for a session (http/admin-page.ts).
      // Which one depends on those headers, so caches must keep them apart.
      return reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding, accept-language, cookie').sendFile(pageFor(request.headers));
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      isApi(request.url) ? apiNotFound(request, reply) : reply.code(404).send(envelope(ERRORS.notFound, t('errors.notFound', pickLanguage(request.headers)))),
    );
  }
  return app;
}

/**
 * Requests Fastify refuses before routing (a malformed percent escape such as /v1.0/%, an overlong
 * path parameter) answer the envelope too, naming the url; for the API with HTTP 200 as every call.
 */
function badUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(request.headers);
  if (error.statusCode && error.statusCode >= 500) {
    request.log.error(error);
    return reply.code(500).send(envelope(ERRORS.internal, t('errors.internal', lang)));
  }
  return reply
    .code(isApi(request.raw.url ?? '') ? 200 : 400)
    .header('cache-control', 'no-store')
    .send(envelope(ERRORS.invalidParam, t('errors.invalidParam', lang, { field: 'url', reason: t('validation.badUrl', lang) })));
}

const isApi = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route mounted, as Fastify saw it (server/http/route-table.ts). */
    routeTable: MountedRoute[];
    /** The declared /v1.0 routes this app mounts (server/routes.ts unless a test gives its own). */
    declaredRoutes: readonly RouteSpec[];
  }
}
