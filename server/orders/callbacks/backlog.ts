/**
 * The callback backlog, read at each scrape of /metrics: callbacks due now that no instance has
 * claimed (a claim moves the next try past its lease), and how long the oldest has waited. A
 * backlog that grows means the senders cannot keep up or stopped.
 */
import { sql } from 'drizzle-orm';
import type { Probe } from '../../metrics/scrape.js';

export const probeCallbackBacklog: Probe = async (db, metrics) => {
  const result = (await db.execute(
    // Matches the partial index order_callbacks_due_idx (state = 'pending').
    sql`select count(*)::int as due, coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest
        from order_callbacks where state = 'pending' and deleted_at is null and next_attempt_at <= now()`,
  )) as unknown as { rows: { due: number; oldest: number }[] };
  const [row] = result.rows;
  metrics.callbackBacklog.set(Number(row?.due ?? 0));
  metrics.callbackOldestDue.set(Number(row?.oldest ?? 0));
};
