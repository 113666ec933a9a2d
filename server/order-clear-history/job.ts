/**
 * The order cleanup: every hour, finished orders (./finished.ts) created and last changed more than
 * DataClearCycle days ago (read on each run) move from `orders` to `orders_archive`, and the run is
 * recorded in the clear history. Ledger and audit rows are never touched: they name orders by code
 * (text), and the archive keeps the order under that code; its merchant order number stays taken
 * (merchant_order_numbers, written when the order was inserted). An order whose merchant notification is
 * still due stays. One run at a time across instances: a transaction-scoped advisory lock, taken
 * without waiting (another instance already running it is enough).
 */
import { sql } from 'drizzle-orm';
import { orderClearHistory } from '../db/schema/index.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import { PAYOUT } from '../../resources/payouts/states.js';
import { rowsOf } from '../statistics/engine.js';
import { intArrayValue } from '../db/int-array.js';
import { FINISHED_COLLECTION_IDS, FINISHED_PAYOUT_IDS } from './finished.js';

/** Advisory lock key of the cleanup (distinct from the allocation's). */
const CLEAR_LOCK = 7_301;
/** Orders picked and archived per statement pair. */
const CHUNK = 1_000;

type Run = typeof orderClearHistory.$inferSelect;

const ids = (list: readonly number[]) => sql.join(list.map((n) => sql`${n}`), sql`, `);

/**
 * Runs the cleanup once, `chunk` orders per statement; answers the recorded run, or null when the
 * cycle is off (below one day) or another instance holds the lock.
 */
export async function clearFinishedOrders(db: Db, chunk = CHUNK): Promise<Run | null> {
  const days = Math.floor(Number((await getSetting(db, 'DataClearCycle')).value));
  // Orders are the money's history: a cycle of 0 would clear orders the moment they finish, so
  // anything below a day turns the cleanup off rather than clearing everything.
  if (!(days >= 1)) return null;
  const started = Date.now();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEAR_LOCK}::int, 0) as locked`));
    if (!lock?.locked) return null;
    const [run] = await tx
      .insert(orderClearHistory)
      .values({ cycleDays: days, cutoff: sql`now() - make_interval(days => ${days})` })
      .returning();
    const cutoff = sql`${run.cutoff.toISOString()}::timestamptz`;
    // An order whose notification is still due stays. `after`: the pick's chunk starts past that id,
    // and so may the callbacks read (the same rows), or each chunk would read those of every order before it.
    const pending = (after?: number) =>
      sql`exists (select 1 from order_callbacks c where c.order_id = o.id ${after === undefined ? sql`` : sql`and c.order_id > ${after}`} and c.state = 'pending' and c.deleted_at is null)`;
    // Locked first, checked again after: a callback re-sent (POST /order/callback) locks its order
    // before it schedules, so one that committed after the pick's snapshot is seen by the delete's
    // (a statement of its own, started after the locks), and one still to come waits for them and
    // then finds the order archived.
    type Moved = { order_type: number; count: string; first: string | null; last: string | null };
    const moved: Moved[] = [];
    // In chunks of ids, so a first run on years of orders never brings them all into the server at once.
    for (let after = 0; ; ) {
      const picked = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select o.id from orders o
          where o.id > ${after} and o.created_at < ${cutoff} and o.updated_at < ${cutoff}
            and ((o.order_type = ${COLLECTION} and o.status in (${ids(FINISHED_COLLECTION_IDS)}))
              or (o.order_type = ${PAYOUT} and o.payout_status in (${ids(FINISHED_PAYOUT_IDS)})))
            and not ${pending(after)}
          order by o.id limit ${chunk}
          for update skip locked`),
      ).map((r) => Number(r.id));
      if (!picked.length) break;
      moved.push(
        ...rowsOf<Moved>(
          await tx.execute(sql`
          with moved as (
            delete from orders o where o.id = any(${intArrayValue(picked)}::int[]) and not ${pending()} returning o.*
          ), archived as (
            insert into orders_archive (id, order_code, order_type, merchant_id, status, created_at, data, run_id)
            select m.id, m.order_code, m.order_type, m.merchant_id, m.status, m.created_at, to_jsonb(m), ${run.id} from moved m
            returning order_type, created_at
          )
          select order_type, count(*)::text as count, min(created_at)::text as first, max(created_at)::text as last from archived group by order_type`),
        ),
      );
      if (picked.length < chunk) break;
      after = picked[picked.length - 1];
    }
    const countOf = (type: number) => moved.filter((r) => Number(r.order_type) === type).reduce((n, r) => n + Number(r.count), 0);
    const firsts = moved.map((r) => r.first).filter((v): v is string => v !== null).map((v) => new Date(v).getTime());
    const lasts = moved.map((r) => r.last).filter((v): v is string => v !== null).map((v) => new Date(v).getTime());
    const [recorded] = await tx
      .update(orderClearHistory)
      .set({
        collectionCount: countOf(COLLECTION),
        payoutCount: countOf(PAYOUT),
        rangeStart: firsts.length ? new Date(Math.min(...firsts)) : null,
        rangeEnd: lasts.length ? new Date(Math.max(...lasts)) : null,
        durationMs: Date.now() - started,
      })
      .where(sql`${orderClearHistory.id} = ${run.id}`)
      .returning();
    return recorded;
  });
}

export const orderClearJob: Job = { name: 'orderClear', everyMs: 60 * 60 * 1000, run: (services) => clearFinishedOrders(services.db).then(() => undefined) };
