/**
 * The monitor log screen's calls. The log list is the entity kit over monitor_logs (its filters
 * are the declaration's); two calls are hand-written because they are not about one row:
 * - `GET /monitorLog/clear` empties the log. Operators clear it once they have read what they were
 *   looking into, to watch the next run from a clean list; lines are not evidence of money (the
 *   orders, ledger and bank records are), and the purge job keeps the table within DataClearCycle
 *   days anyway. Audited with the number of lines removed.
 * - `GET /monitorLog/getMonitors`: every monitor with its resource labels, a handful of rows.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { monitorLogs as declaration } from '../../resources/monitor-logs/index.js';
import { monitorLogApi } from '../../resources/monitor-logs/api.js';
import { ingestClients, monitorLogs, monitorStates, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { readers } from '../crud/query.js';
import type { EntityStore } from '../crud/store.js';
import { route } from '../http/route.js';
import { monitorLogIngest } from './log-ingest.js';
import { monitorStatusIngest } from './status.js';

/** Monitors are few (one per watched account); the panel shows them all, up to this many. */
const MAX_MONITORS = 500;

const store: EntityStore = { declaration, table: monitorLogs, audit: 'monitorLog' };

const clearLog = route({
  method: 'GET',
  url: monitorLogApi.clear,
  // Clearing removes rows: the delete action of the main screen (admin, superAdmin).
  access: { action: 'delete', subject: declaration.name },
  mutates: true,
  handler: async (ctx) => {
    // What the operator saw is removed; lines arriving meanwhile (higher ids) stay.
    const [{ last, lines }] = await ctx.db.select({ last: sql<number | null>`max(${monitorLogs.id})`, lines: sql<number>`count(*)::int` }).from(monitorLogs);
    if (last !== null) await ctx.db.delete(monitorLogs).where(lte(monitorLogs.id, last));
    await ctx.audit('monitorLog.clear', null, { lines }, { lines: 0 });
    return { removed: lines };
  },
});

const listMonitors = route({
  method: 'GET',
  url: monitorLogApi.monitors,
  access: { action: 'list', subject: readers(store) },
  handler: async (ctx) => {
    const rows = await ctx.db
      .select({
        id: ingestClients.id,
        code: ingestClients.code,
        name: ingestClients.name,
        enabled: ingestClients.enabled,
        supplierName: users.account,
        lastSeenAt: ingestClients.lastSeenAt,
        status: monitorStates.status,
        exceptionInfo: monitorStates.exceptionInfo,
        exceptionCount: sql<number>`coalesce(${monitorStates.exceptionCount}, 0)`,
        lastExceptionAt: monitorStates.lastExceptionAt,
        lastException: monitorStates.lastException,
        reportedAt: monitorStates.reportedAt,
      })
      .from(ingestClients)
      .leftJoin(monitorStates, eq(monitorStates.clientId, ingestClients.id))
      .leftJoin(users, eq(users.id, ingestClients.supplierId))
      .where(and(eq(ingestClients.kind, 'monitor'), isNull(ingestClients.deletedAt)))
      .orderBy(asc(ingestClients.code))
      .limit(MAX_MONITORS);
    return { list: rows, total: rows.length };
  },
});

export const monitorRoutes = [
  ...entityRoutes({ ...store, extraRoutes: [clearLog, listMonitors] }),
  monitorStatusIngest,
  monitorLogIngest,
];
