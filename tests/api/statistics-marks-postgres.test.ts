/**
 * The statistics' stale marks under real concurrency (migration 0014; server/statistics/summary.ts):
 * a change marking a quarter hour never waits for another open transaction that marked it, and a
 * change made while its day is rebuilt waits for the rebuild and then marks its slot again, so the
 * summary it missed is built anew. Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when none
 * answers, outside CI.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/index.js';
import { rowsOf } from '../../server/statistics/engine.js';
import { pgProblem, pgRequired } from './postgres-fixture.js';
import { holding, useSeededPostgres, waitForLockWaiter, within } from './postgres-waits.js';

/** The slots' advisory lock class and length (summary.ts, migration 0012). */
const LOCK_CLASS = 7431;
const SLOT_SECONDS = 900;

describe.skipIf(pgProblem !== null && !pgRequired)('statistics marks on PostgreSQL', () => {
  const db = useSeededPostgres('payadmin_marks');
  let ids: number[] = [];
  beforeAll(async () => {
    ids = (await db().select({ id: orders.id }).from(orders).orderBy(orders.id).limit(2)).map((o) => o.id);
  });

  /** The creation slot's number and its marks now, of order `id`. */
  const slotOf = async (id: number) => {
    const [row] = rowsOf<{ n: number; marks: number }>(
      await db().execute(sql`
        select floor(extract(epoch from o.created_at) / ${SLOT_SECONDS})::int as n,
          (select count(*)::int from order_stat_stale s where not s.by_completion and s.slot = to_timestamp(floor(extract(epoch from o.created_at) / ${SLOT_SECONDS}) * ${SLOT_SECONDS})) as marks
        from orders o where o.id = ${id}`),
    );
    return row;
  };

  it('marks a quarter hour without waiting for another open transaction that marked it', async () => {
    // No mark yet for this quarter hour, as at the start of any: its first change marks it.
    await db().execute(sql`delete from order_stat_stale`);
    const holder = holding(db(), (tx) => tx.update(orders).set({ createdAt: sql`now()` }).where(eq(orders.id, ids[0])));
    try {
      await holder.started;
      // The same slot (a quarter hour apart only if the clock crossed one: then nothing is shared, and it passes as well).
      await within(db().update(orders).set({ createdAt: sql`now()` }).where(eq(orders.id, ids[1])), 'a change of a slot another open transaction marked');
    } finally {
      await holder.end();
    }
    expect((await slotOf(ids[1])).marks).toBeGreaterThanOrEqual(1);
    expect((await slotOf(ids[0])).marks).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('marks its slot again after a rebuild of the day it waited for', async () => {
    await db().update(orders).set({ amount: sql`${orders.amount} + 1` }).where(eq(orders.id, ids[0]));
    const { n, marks } = await slotOf(ids[0]);
    expect(marks).toBeGreaterThanOrEqual(1);
    // A rebuild as buildDay does it: the slot's lock taken exclusively, its marks deleted, the day summed, not yet committed.
    const rebuild = holding(db(), async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${n}::int)`);
      await tx.execute(sql`delete from order_stat_stale where not by_completion and slot = to_timestamp(${n}::bigint * ${SLOT_SECONDS})`);
    });
    let change: Promise<unknown> | undefined;
    try {
      await rebuild.started;
      // A change of that slot starts while the deleted mark is still the committed state, and waits.
      // (then() sends it: a query builder runs only when awaited.)
      change = db().update(orders).set({ amount: sql`${orders.amount} + 1` }).where(eq(orders.id, ids[0])).then(() => undefined);
      await waitForLockWaiter(db());
    } finally {
      await rebuild.end();
    }
    await change;
    // The rebuild did not see this change: its slot must be marked for the day to be summed again.
    expect((await slotOf(ids[0])).marks).toBe(1);
  }, 30_000);
});
