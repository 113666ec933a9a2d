/** Builds the Fastify app: security headers, the /v1.0 API, and the built admin as static files. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/client.js';
import type { ServerConfig } from './config.js';
import { ERRORS } from './errors.js';
import { pickLanguage, t } from './i18n.js';
import { API_PREFIX, registerRoutes } from './http/register.js';
import type { RouteSpec, Services } from './http/route.js';
import { allRoutes } from './routes.js';
import { registerPayPage } from './resource-switch/pay-page.js';

export interface AppOptions {
  database: Database;
  config: ServerConfig;
  routes?: RouteSpec[];
  logger?: boolean;
}

export async function buildApp({ database, config, routes = allRoutes, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, trustProxy: true, bodyLimit: 10 * 1024 * 1024 });
  const services: Services = { db: database.db, config, publish: () => undefined };
  app.decorate('services', services);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  });

  // Malformed JSON and other protocol-level refusals still answer the envelope, never a 5xx.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const lang = pickLanguage(request.headers);
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(200).send({ code: ERRORS.invalidParam, data: null, msg: t('errors.invalidParam', lang, { field: 'body', reason: error.message }) });
    }
    request.log.error(error);
    return reply.code(500).send({ code: ERRORS.internal, data: null, msg: t('errors.internal', lang) });
  });

  registerRoutes(app, services, routes);
  registerPayPage(app, services);

  const staticRoot = path.resolve(config.staticDir);
  if (existsSync(path.join(staticRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: staticRoot, wildcard: false, index: ['index.html'] });
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith(API_PREFIX) || request.method !== 'GET') {
        return reply.code(404).send({ code: ERRORS.notFound, data: null, msg: t('errors.notFound', pickLanguage(request.headers)) });
      }
      // Client-side routes (/order/list, /login...) all load the admin shell.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ code: ERRORS.notFound, data: null, msg: t('errors.notFound', pickLanguage(request.headers)) }),
    );
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
