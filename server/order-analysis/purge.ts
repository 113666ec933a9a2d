/**
 * Keeps the per-minute request counts bounded: counts older than DataClearCycle days (read on each
 * run) are deleted hourly. Freezes are kept: they are the history operators look back on.
 */
import { lt, sql } from 'drizzle-orm';
import { ipRequests } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { getSetting } from '../settings/store.js';

export async function purgeIpRequests(db: Db): Promise<void> {
  const days = Number((await getSetting(db, 'DataClearCycle')).value);
  // A cycle of 0 or less would delete the counts the freeze check relies on: keep at least a day.
  await db.delete(ipRequests).where(lt(ipRequests.minute, sql`now() - make_interval(days => ${Math.max(1, Math.floor(days) || 1)})`));
}

export const ipRequestPurgeJob: Job = {
  name: 'ip-request-purge',
  everyMs: 60 * 60 * 1000,
  run: async ({ db }) => purgeIpRequests(db),
};
