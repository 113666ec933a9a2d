/**
 * `POST /ingest/monitorStatus`: a monitor reports its status (its heartbeat when unchanged) and,
 * optionally, the exception it met. The transition table (resources/monitors/statuses.ts) decides
 * whether the status may follow the current one; a refused report changes nothing. The state row
 * is locked while it is read and written, so two reports of one monitor never interleave.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayReport, REPORTED_STATUSES, type MonitorStatus } from '../../resources/monitors/statuses.js';
import { monitorLogApi } from '../../resources/monitor-logs/api.js';
import { monitorStates } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { ingestRoute } from '../ingest/auth.js';

const monitorStatusReport = z.object({
  status: z.enum(REPORTED_STATUSES, { error: 'option' }),
  /** What went wrong, as the monitor words it (a login refused, a page that changed...). */
  exception: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).max(2000, 'tooLong').optional()),
});

export const monitorStatusIngest = ingestRoute({
  url: monitorLogApi.ingestStatus,
  kinds: ['monitor'],
  body: monitorStatusReport,
  handler: async ({ db, body, client, audit }) => {
    const now = new Date();
    // The first report creates the row; from then on every report works on the locked row.
    const created = await db
      .insert(monitorStates)
      .values({ clientId: client.id, status: body.status, reportedAt: now, changedAt: now })
      .onConflictDoNothing()
      .returning({ clientId: monitorStates.clientId });
    const [state] = await db.select().from(monitorStates).where(eq(monitorStates.clientId, client.id)).for('update');
    const from = created.length ? null : (state.status as MonitorStatus);
    if (!mayReport(from, body.status)) fail('monitorStatusConflict', { from: `monitorStatus.${from}`, to: `monitorStatus.${body.status}` });

    const exception = body.exception
      ? { exceptionInfo: body.exception, exceptionCount: sql`${monitorStates.exceptionCount} + 1`, lastExceptionAt: now, lastException: body.exception }
      : { exceptionInfo: null };
    const changed = from !== body.status;
    const [after] = await db
      .update(monitorStates)
      .set({ status: body.status, reportedAt: now, ...(changed ? { changedAt: now } : {}), ...exception })
      .where(eq(monitorStates.clientId, client.id))
      .returning();
    // A heartbeat is not news; a change of status or an exception is, for whoever looks back.
    if (changed || body.exception) await audit('monitor.status', client.code, from ? { status: from } : null, { status: after.status, exception: body.exception ?? null });
    return { monitorId: client.code, status: after.status, exceptionCount: after.exceptionCount };
  },
});
