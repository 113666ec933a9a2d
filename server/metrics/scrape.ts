/**
 * GET /metrics: the app's metrics and the process's, in the Prometheus text format. Never open by
 * default: without METRICS_TOKEN the path answers 404 (as if absent); with it, a scraper sends
 * `Authorization: Bearer <token>` and anything else answers 401. What the database says (is it up,
 * its pool, the callback backlog) is read at the scrape, within a few seconds at most, so a
 * database out of reach shows as payadmin_db_up 0 (its readings NaN) instead of a scrape that hangs.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../errors.js';
import { pickLanguage, t } from '../i18n.js';
import type { Database, Db } from '../db/client.js';
import type { AppMetrics } from './registry.js';
import { processRegistry } from './process.js';

const METRICS_PATH = '/metrics';

/** A reading taken at the scrape from the database (the callback backlog...); it sets its own gauges. */
export type Probe = (db: Db, metrics: AppMetrics) => Promise<void>;

/** The database readings give up after this long: a scraper's own timeout is usually 10 s. */
const PROBE_TIMEOUT_MS = 3000;

interface MetricsSources {
  metrics: AppMetrics;
  database: Database;
  /** METRICS_TOKEN; undefined keeps the endpoint closed. */
  token: string | undefined;
  probes: Probe[];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the token (compared in constant time, whatever its length). */
function authorized(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** `work`, or a rejection once the probes' time is up. */
function within<T>(work: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function readDatabase({ metrics, database, probes }: MetricsSources, warn: (error: unknown) => void): Promise<void> {
  const pool = database.poolStats?.();
  if (pool) for (const [state, value] of Object.entries(pool)) metrics.dbPool.set({ state }, value);
  // What a reading could not tell this time reads NaN (no alert fires on it) rather than a stale number.
  const markUnknown = (gauge: { set: (value: number) => void }) => gauge.set(Number.NaN);
  const probed = [metrics.callbackBacklog, metrics.callbackOldestDue];
  const started = performance.now();
  try {
    await within(database.db.execute(sql`select 1`));
  } catch {
    metrics.dbUp.set(0);
    [metrics.dbPing, ...probed].forEach(markUnknown);
    return;
  }
  metrics.dbPing.set((performance.now() - started) / 1000);
  metrics.dbUp.set(1);
  await within(Promise.all(probes.map((probe) => probe(database.db, metrics)))).catch((error: unknown) => {
    warn(error);
    probed.forEach(markUnknown);
  });
}

export function registerMetricsRoute(app: FastifyInstance, sources: MetricsSources): void {
  app.get(METRICS_PATH, async (request, reply) => {
    const lang = pickLanguage(request.headers);
    if (!sources.token) return reply.code(404).send({ code: ERRORS.notFound, data: null, msg: t('errors.notFound', lang) });
    if (!authorized(request.headers.authorization, sources.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ code: ERRORS.metricsTokenInvalid, data: null, msg: t('errors.metricsTokenInvalid', lang) });
    }
    await readDatabase(sources, (error) => request.log.warn({ err: error }, 'a metrics probe failed'));
    const text = `${await sources.metrics.registry.metrics()}\n${await processRegistry().metrics()}`;
    return reply.header('cache-control', 'no-store').type(sources.metrics.registry.contentType).send(text);
  });
}
