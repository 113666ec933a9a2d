/**
 * Liveness and readiness, two questions for whoever runs the server. /health (liveness): the
 * process answers requests; it does not touch the database, so an outage of the database does not
 * get healthy processes restarted. /ready (readiness): this instance can serve, i.e. the database
 * answers and has every migration the code needs; otherwise HTTP 503 with the reason, so a load
 * balancer sends it no traffic. docs/operations.md.
 */
import { sql } from 'drizzle-orm';
import { route } from './http/route.js';
import { ERRORS } from './errors.js';
import { t } from './i18n.js';
import { missingMigrations } from './db/migration-state.js';

export const health = route({
  method: 'GET',
  url: '/health',
  access: 'public',
  handler: async () => ({ status: 'ok' }),
});

export const ready = route({
  method: 'GET',
  url: '/ready',
  access: 'public',
  handler: async ({ db, reply, lang }) => {
    // A database out of reach fails here and is answered 503 databaseUnavailable (http/register.ts).
    await db.execute(sql`select 1`);
    const missing = await missingMigrations(db);
    if (missing > 0) return reply.code(503).send({ code: ERRORS.migrationsPending, data: { status: 'notReady', missingMigrations: missing }, msg: t('errors.migrationsPending', lang, { count: missing }) });
    return { status: 'ready' };
  },
});
