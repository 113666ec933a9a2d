/**
 * The monitors' background work:
 * - disconnect (the heartbeat detection EnableSystemCheck switches): a monitor that was starting,
 *   running or stopping and has not reported for MonitorLiveTime seconds (both read on every run, so
 *   a change applies without a restart) is marked disconnected, audited with the system as actor. One conditional UPDATE, so several instances
 *   running it at once mark each monitor once.
 * - purge: log lines older than DataClearCycle days are removed, keeping the log bounded.
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { DISCONNECTABLE } from '../../resources/monitors/statuses.js';
import { auditRecords, ingestClients, monitorLogs, monitorStates } from '../db/schema/index.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';

/** Marks silent monitors disconnected; answers the client ids it marked. */
export async function disconnectSilentMonitors(db: Db): Promise<number[]> {
  if (!(await getSetting(db, 'EnableSystemCheck')).enable) return [];
  const liveSeconds = Number((await getSetting(db, 'MonitorLiveTime')).value);
  if (!(liveSeconds > 0)) return [];
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const marked = await tx
      .update(monitorStates)
      .set({ status: 'disconnected', changedAt: sql`now()` })
      .where(and(inArray(monitorStates.status, [...DISCONNECTABLE]), lt(monitorStates.reportedAt, sql`now() - make_interval(secs => ${liveSeconds})`)))
      .returning({ clientId: monitorStates.clientId, reportedAt: monitorStates.reportedAt });
    if (marked.length) {
      const codes = new Map((await tx.select({ id: ingestClients.id, code: ingestClients.code }).from(ingestClients).where(inArray(ingestClients.id, marked.map((m) => m.clientId)))).map((c) => [c.id, c.code]));
      await tx.insert(auditRecords).values(
        marked.map((m) => ({ userId: null, action: 'monitor.disconnected', target: codes.get(m.clientId) ?? null, before: { reportedAt: m.reportedAt }, after: { status: 'disconnected', liveSeconds } })),
      );
    }
    return marked.map((m) => m.clientId);
  });
}

/** Removes log lines older than DataClearCycle days (the index on logged_at finds them). */
async function purgeOldMonitorLogs(db: Db): Promise<void> {
  const days = Number((await getSetting(db, 'DataClearCycle')).value);
  if (!(days > 0)) return;
  await db.delete(monitorLogs).where(lt(monitorLogs.loggedAt, sql`now() - make_interval(days => ${days})`));
}

export const monitorDisconnectJob: Job = { name: 'monitorDisconnect', everyMs: 5_000, run: (services) => disconnectSilentMonitors(services.db).then(() => undefined) };
export const monitorLogPurgeJob: Job = { name: 'monitorLogPurge', everyMs: 60 * 60 * 1000, run: (services) => purgeOldMonitorLogs(services.db) };
