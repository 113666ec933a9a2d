/** Mounts declared routes under /v1.0: authentication, abilities, validation, transaction, envelope. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, ERRORS, fail } from '../errors.js';
import { pickLanguage, t } from '../i18n.js';
import { auditRecords } from '../db/schema/index.js';
import { isRole } from '../../providers/roles.js';
import type { Db } from '../db/client.js';
import type { RouteContext, RouteSpec, Services } from './route.js';
import { authenticate, checkSecondLevel } from './authenticate.js';
import { abilityFor, allows, checkAccessDeclaration } from './access.js';
import { validationError } from './validation.js';

export const API_PREFIX = '/v1.0';

export function registerRoutes(app: FastifyInstance, services: Services, routes: RouteSpec[]): void {
  for (const spec of routes) {
    checkAccessDeclaration(spec);
    app.route({
      method: spec.method,
      url: API_PREFIX + spec.url,
      handler: (request, reply) => handle(spec, services, request, reply),
    });
  }
}

async function handle(spec: RouteSpec, services: Services, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(request.headers);
  try {
    const ctx = {
      services,
      db: services.db,
      lang,
      ip: request.ip,
      request,
      reply,
    } as RouteContext<unknown, unknown>;

    if (spec.access !== 'public') {
      const { user, session } = await authenticate(services, request);
      if (!isRole(user.role)) fail('forbidden');
      ctx.user = user;
      ctx.session = session;
      ctx.ability = await abilityFor(services.db, user);
      if (!allows(ctx.ability, spec.access)) fail('forbidden');
      if (spec.secondLevel) checkSecondLevel(session, request);
    }

    ctx.query = parse(spec.query, request.query ?? {}, lang);
    ctx.body = spec.rawBody ? request.body : parse(spec.body, request.body ?? {}, lang);

    const run = async (db: Db) => {
      ctx.db = db;
      ctx.audit = async (action, target, before, after) => {
        await db.insert(auditRecords).values({
          userId: ctx.user?.id ?? null,
          action,
          target: target === null ? null : String(target),
          ip: ctx.ip,
          before: before ?? null,
          after: after ?? null,
        });
      };
      return spec.handler(ctx);
    };
    const data = (spec.method === 'POST' || spec.mutates) && spec.transaction !== false ? await services.db.transaction((tx) => run(tx as unknown as Db)) : await run(services.db);
    if (reply.sent) return reply;
    return reply.send({ code: 200, data: data ?? null, msg: 'success' });
  } catch (error) {
    if (error instanceof AppError) {
      const msg = error.detail ?? t(`errors.${error.name}`, lang, error.params);
      return reply.send({ code: error.code, data: null, msg });
    }
    request.log.error(error);
    return reply.code(500).send({ code: ERRORS.internal, data: null, msg: t('errors.internal', lang) });
  }
}

function parse(schema: z.ZodType | undefined, input: unknown, lang: Parameters<typeof t>[1]): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, lang);
  return result.data;
}
