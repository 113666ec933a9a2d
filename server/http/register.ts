/** Mounts declared routes under /v1.0: authentication, abilities, validation, Google code, transaction, envelope (or a file, ./file-answer.ts). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERRORS, fail, type ErrorName } from '../errors.js';
import { pickLanguage, t } from '../i18n.js';
import { isRole } from '../../providers/roles.js';
import { refusalReason } from '../../providers/ability-engine.js';
import type { Db } from '../db/client.js';
import type { RefusalTask, RouteContext, RouteSpec, Services } from './route.js';
import type { AuditScope } from '../audit/write.js';
import { authenticate, checkSecondLevel } from './authenticate.js';
import { abilityFor, allows, checkAccessDeclaration } from './access.js';
import { parseInput } from './validation.js';
import { checkGoogleCodeDeclaration, enforceGoogleCode } from './google-code.js';
import { claimKey, idempotencyKeyOf, saveAnswer } from './idempotency.js';
import { inAuditScope, writeAudit } from '../audit/write.js';
import { newScope, recordRefusal, recordSuccess } from './audit-trail.js';
import { MessageAnswer } from './answer.js';
import { contentDisposition, FileAnswer } from './file-answer.js';
import { isDatabaseUnavailable } from './db-unavailable.js';
import { faultPoint } from './fault-point.js';
import { minuteGate, throttleRecorder } from './throttled.js';
import { normalizeIP } from '@fastify/rate-limit';
import { userThrottle } from './user-throttle.js';
import { settleUnit } from '../metrics/scope.js';
import { inBulkLane } from '../db/pglite-turns.js';

export const API_PREFIX = '/v1.0';

export function registerRoutes(app: FastifyInstance, services: Services, routes: RouteSpec[]): void {
  const { loginRateLimit } = services.config;
  const recordThrottled = throttleRecorder(services.db);
  const throttled = userThrottle(services.db);
  const firstRefusal = minuteGate('public refusals');
  for (const spec of routes) {
    checkAccessDeclaration(spec);
    checkGoogleCodeDeclaration(spec);
    // A key is only as good as the transaction that stores it with the effects.
    if (spec.idempotent && (spec.method !== 'POST' || spec.transaction === false || spec.access === 'public')) throw new Error(`${spec.url}: idempotent routes are signed-in POSTs in one transaction`);
    app.route({
      method: spec.method,
      url: API_PREFIX + spec.url,
      // @fastify/rate-limit (registered in app.ts with global: false) reads this per route.
      config: spec.rateLimited && loginRateLimit > 0 ? { rateLimit: { max: loginRateLimit, timeWindow: 60_000, onExceeded: recordThrottled } } : {},
      // Everything the request writes to the audit log carries its actor and type (server/audit).
      handler: (request, reply) => {
        const scope = newScope(spec, request.ip);
        const work = () => inAuditScope(scope, () => handle(spec, services, request, reply, scope, { throttled, firstRefusal }));
        // The merchant API's creations come in streams: on PGlite they queue behind people's requests (db/pglite-turns.ts).
        return spec.url.startsWith('/api/') ? inBulkLane(work) : work();
      },
    });
  }
}

/** The per-user rate limit, and the gate that keeps a public route's refusals to one row per client, code and minute. */
interface Guards {
  throttled: ReturnType<typeof userThrottle>;
  firstRefusal: ReturnType<typeof minuteGate>;
}

async function handle(spec: RouteSpec, services: Services, request: FastifyRequest, reply: FastifyReply, scope: AuditScope, { throttled, firstRefusal }: Guards) {
  const lang = pickLanguage(request.headers);
  const refusalTasks: RefusalTask[] = [];
  try {
    const ctx = {
      services,
      db: services.db,
      lang,
      ip: request.ip,
      request,
      reply,
      afterRefusal: (task: RefusalTask) => void refusalTasks.push(task),
    } as RouteContext<unknown, unknown>;

    if (spec.access !== 'public') {
      const { user, session } = await authenticate(services, request);
      if (!isRole(user.role)) fail('forbidden');
      ctx.user = user;
      ctx.session = session;
      scope.userId = user.id;
      scope.account = user.account;
      ctx.ability = await abilityFor(services, user);
      if (!allows(ctx.ability, spec.access)) {
        // A refusal the permissions file explains (an agent creating agents) says why.
        const reason = typeof spec.access === 'object' ? refusalReason(ctx.ability, spec.access.action, spec.access.subject) : undefined;
        fail('forbidden', {}, reason ? t(reason, lang) : undefined);
      }
      if (spec.secondLevel) checkSecondLevel(session, request);
      // Over a per-user limit: answered before the input is parsed or anything written, with no audit row per refusal (one a minute).
      const wait = spec.userRateLimit ? await throttled(spec, request, user) : null;
      if (wait !== null) return reply.send({ code: ERRORS.tooManyRequests, data: null, msg: t('errors.tooManyRequests', lang, { seconds: wait }) });
    }

    ctx.query = parseInput(spec.query, request.query ?? {}, lang, 'query');
    ctx.body = parseInput(spec.body, request.body ?? {}, lang, 'body');
    const idempotency = spec.idempotent ? idempotencyKeyOf(request) : undefined;

    const run = async (db: Db) => {
      ctx.db = db;
      ctx.audit = async (action, target, before, after, type) => {
        // A handler may name its actor late (login sets ctx.user once the password checked out).
        if (ctx.user) Object.assign(scope, { userId: ctx.user.id, account: ctx.user.account });
        await writeAudit(db, { action, target, before, after, type }, scope);
      };
      if (idempotency) {
        // A repeat replays the first answer before anything else runs (its Google code was used once already).
        const prior = await claimKey(db, ctx.user.id, idempotency);
        if (prior) {
          reply.header('idempotent-replayed', 'true');
          return prior.answer;
        }
      }
      await enforceGoogleCode(spec, ctx);
      const answer = await spec.handler(ctx);
      await recordSuccess(db, spec, scope, ctx.query, ctx.body);
      if (idempotency) await saveAnswer(db, ctx.user.id, idempotency, answer);
      await faultPoint(`commit:${spec.url}`);
      return answer;
    };
    const data = (spec.method === 'POST' || spec.mutates) && spec.transaction !== false ? await services.db.transaction((tx) => run(tx as unknown as Db)) : await run(services.db);
    // Committed: the orders it created, paid or timed out count now (server/metrics/scope.ts).
    settleUnit(true);
    await faultPoint(`reply:${spec.url}`);
    if (reply.sent) return reply;
    if (data instanceof FileAnswer) {
      // Headers first, then the body as it is read: an error after them cuts the download off, which the admin reports.
      return reply.headers({ ...data.headers, 'content-type': data.contentType, 'content-disposition': contentDisposition(data.fileName) }).send(data.body);
    }
    if (data instanceof MessageAnswer) return reply.send({ code: 200, data: data.data ?? null, msg: data.msg });
    return reply.send({ code: 200, data: data ?? null, msg: 'success' });
  } catch (caught) {
    // Rolled back: what it wrote counts nothing.
    settleUnit(false);
    // The database is out of reach: say so at once (no audit row can be written either); the
    // pool reconnects by itself when it answers again.
    if (isDatabaseUnavailable(caught)) {
      request.log.warn({ err: caught }, 'database unavailable');
      return reply.code(503).send({ code: ERRORS.databaseUnavailable, data: null, msg: t('errors.databaseUnavailable', lang) });
    }
    let error = refusalOf(caught, lang) ?? caught;
    // The request's transaction has rolled back; what a refusal must still record (a failed
    // attempt toward the lock) is written now, on the plain database. A task may turn the refusal
    // into another one (the attempt that locks the account answers "too many attempts").
    if (error instanceof AppError) {
      for (const task of refusalTasks) {
        try {
          await task(services.db);
        } catch (replacement) {
          if (!(replacement instanceof AppError)) throw replacement;
          error = replacement;
        }
      }
    }
    if (error instanceof AppError) {
      const msg = error.detail ?? t(`errors.${error.name}`, lang, error.params);
      // The client as the rate limiter keys it (an IPv6 client is its /64: one host has all of it). A gate that
      // cannot answer (the primary out of reach under WORKERS) records the refusal, as without one.
      const record = spec.refusalsAudited !== 'firstPerMinute' || (await firstRefusal(`${normalizeIP(request.ip)} ${spec.url} ${error.code}`).catch(() => true));
      if (record) await refusalAudited(spec, services, scope, request, error.code, msg);
      return reply.send({ code: error.code, data: null, msg });
    }
    request.log.error(caught);
    await refusalAudited(spec, services, scope, request, ERRORS.internal, t('errors.internal', lang));
    return reply.code(500).send({ code: ERRORS.internal, data: null, msg: t('errors.internal', lang) });
  }
}

/** A refused call's failure row; a failure to write it is logged, never answered instead of the refusal. */
async function refusalAudited(spec: RouteSpec, services: Services, scope: AuditScope, request: FastifyRequest, code: number, msg: string) {
  try {
    await recordRefusal(services.db, spec, scope, request, code, msg);
  } catch (failure) {
    request.log.error(failure);
  }
}

/**
 * Database refusals that are the caller's input or timing, not a server fault: a number beyond the
 * column's range, text PostgreSQL cannot store, a unique key taken by a simultaneous request, or a
 * transaction the database ended to let a simultaneous one go on (a deadlock), to be retried.
 */
const INPUT_SQLSTATES: Record<string, string> = {
  '22003': 'validation.outOfRange',
  '22P05': 'validation.controlChar',
  '22021': 'validation.controlChar',
};

/**
 * Unique keys whose refusal has its own error: the trigger that raises it puts the message's
 * values in the error's DETAIL as JSON (the payment_references migration).
 */
const KEY_REFUSALS: Record<string, ErrorName> = { payment_references_pkey: 'paymentReferenceUsed' };

function detailParams(detail: unknown): Record<string, string> {
  try {
    const parsed: unknown = typeof detail === 'string' ? JSON.parse(detail) : null;
    return parsed && typeof parsed === 'object' ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)])) : {};
  } catch {
    return {};
  }
}

export function refusalOf(error: unknown, lang: Parameters<typeof t>[1]): AppError | null {
  for (let e = error as { code?: unknown; cause?: unknown; column?: unknown; constraint?: unknown; detail?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code !== 'string') continue;
    const keyRefusal = e.code === '23505' && typeof e.constraint === 'string' ? KEY_REFUSALS[e.constraint] : undefined;
    if (keyRefusal) return new AppError(keyRefusal, detailParams(e.detail));
    if (e.code === '23505') return new AppError('duplicate');
    if (e.code === '40P01' || e.code === '40001') return new AppError('concurrentChange');
    const reason = INPUT_SQLSTATES[e.code];
    if (reason) return new AppError('invalidParam', { field: typeof e.column === 'string' ? e.column : 'body', reason: t(reason, lang) });
  }
  return null;
}
