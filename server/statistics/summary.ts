/**
 * Daily summaries of the statistics engine: each closed day of platform time (before today) is
 * summed once per basis, order type, product, mark and merchant (order_stat_merchant), and the same
 * per supplier (order_stat_supplier), so a long period reads summary rows for its whole days and the
 * orders only for today and its partial edge days. The answer equals the orders' own, to the cent:
 *  - a trigger on orders marks the 15-minute slots a change touches as stale (order_stat_stale,
 *    migrations 0012 and 0014; never waiting for another change's mark); a day holding a stale slot
 *    is rebuilt before it is read:
 *    its marks and rows deleted and summed again from the orders, in one transaction that first
 *    takes the slots' advisory locks without waiting, so no change of that day is in flight
 *    (a change made meanwhile waits for the rebuild, then marks its slot again). A lock already
 *    held (a change of that day in progress) makes the request read the orders instead;
 *  - the answer is read in one repeatable-read snapshot that first checks that no day of it is
 *    stale, so the summaries and today's orders are the same moment;
 *  - days are cut in the session's time zone, recorded in order_stat_zone: another zone (or none,
 *    at first) clears every summary and marks every slot holding an order, so all are built again.
 * What the summaries cannot answer reads the orders: hour splits, and a request on both sides
 * (merchants and suppliers filtered or grouped together).
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLLECTION, markId } from '../../resources/orders/statuses.js';
import { PAYOUT } from '../../resources/payouts/states.js';
import type { Db } from '../db/client.js';
import { aggregateOrders, list, rowsOf, successOf, TIME_TEXT, type DbRow, type Range, type StatisticsRequest } from './engine.js';

/** The advisory lock class of the slots (the trigger of migrations 0012 and 0014 takes the same, shared). */
const LOCK_CLASS = 7431;
const SLOT_SECONDS = 900;
/** Builds then reads; a day made stale again between the two is built again, at most this often. */
const ATTEMPTS = 3;

interface Plan {
  /** Whole closed days read from the summaries, [from, to) as `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** What is read from the orders: the partial first day, today and after. */
  ranges: Range[];
}

type Side = 'merchant' | 'supplier';

/** Which summary answers the request, or null: the orders must be read. */
function sideOf(req: StatisticsRequest): Side | null {
  if (req.grouping === 'time' && req.timeFormat.unit === 'hour') return null;
  const merchant = req.merchantIds !== undefined || req.grouping === 'merchant';
  const supplier = req.supplierIds !== undefined || req.grouping === 'supplier';
  if (merchant && supplier) return null;
  return supplier ? 'supplier' : 'merchant';
}

/** The whole closed days of the request's period and the rest of it. */
async function planOf(db: Db, req: StatisticsRequest): Promise<Plan | null> {
  const basis = req.byCompletion ? sql`completed_at` : sql`created_at`;
  const start = req.period ? sql`${req.period.start}::timestamp` : sql`(select min(${basis}) from orders)::timestamp`;
  const [row] = rowsOf<{ from: string | null; to: string; start: string | null; end: string | null }>(
    await db.execute(sql`
      with p as (select ${start} as s, ${req.period ? sql`${req.period.end}::timestamp` : sql`null::timestamp`} as e),
      d as (select p.*, case when s = date_trunc('day', s) or e is null then date_trunc('day', s) else date_trunc('day', s) + interval '1 day' end as f,
        least(coalesce(date_trunc('day', e), current_date::timestamp), current_date::timestamp) as t from p)
      select to_char(f, 'YYYY-MM-DD') as "from", to_char(t, 'YYYY-MM-DD') as "to", to_char(s, ${TIME_TEXT}) as start, to_char(e, ${TIME_TEXT}) as "end" from d`),
  );
  if (!row.from || row.from >= row.to) return null;
  const to = `${row.to} 00:00:00`;
  const ranges: Range[] = [];
  if (req.period && row.start !== `${row.from} 00:00:00`) ranges.push({ start: req.period.start, end: `${row.from} 00:00:00` });
  if (!req.period || row.end !== to) ranges.push({ start: to, end: req.period ? req.period.end : null });
  return { from: row.from, to: row.to, ranges };
}

/**
 * The days of [from, to) holding a stale slot; every day when the summaries were cut in another
 * time zone (or never): those are not the platform's days.
 */
async function staleDays(db: Db, byCompletion: boolean, plan: Plan): Promise<string[]> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${plan.from}::timestamp, ${plan.to}::timestamp - interval '1 day', interval '1 day') as d
      where not exists (select 1 from order_stat_zone where zone = current_setting('TimeZone'))
        or exists (select 1 from order_stat_stale s where s.by_completion = ${byCompletion} and s.slot >= d::timestamptz and s.slot < (d + interval '1 day')::timestamptz)`),
  );
  return rows.map((r) => r.day);
}

/**
 * Summaries cut in another time zone, or none yet: all are cleared, the zone recorded, and every
 * slot holding an order marked stale, so each day with orders is summed again when first read (a
 * day without a mark has no orders, and no rows).
 */
async function adoptZone(db: Db): Promise<void> {
  const [same] = rowsOf<{ zone: string }>(await db.execute(sql`select zone from order_stat_zone where zone = current_setting('TimeZone')`));
  if (same) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table order_stat_zone in exclusive mode`);
    const [now] = rowsOf<{ zone: string }>(await tx.execute(sql`select zone from order_stat_zone where zone = current_setting('TimeZone')`));
    if (now) return;
    await tx.execute(sql`delete from order_stat_zone`);
    await tx.execute(sql`delete from order_stat_merchant`);
    await tx.execute(sql`delete from order_stat_supplier`);
    await tx.execute(sql`
      insert into order_stat_stale (slot, by_completion)
      select distinct to_timestamp(floor(extract(epoch from created_at) / ${SLOT_SECONDS}) * ${SLOT_SECONDS}), false from orders
      union select distinct to_timestamp(floor(extract(epoch from completed_at) / ${SLOT_SECONDS}) * ${SLOT_SECONDS}), true from orders where completed_at is not null`);
    await tx.execute(sql`insert into order_stat_zone (zone) values (current_setting('TimeZone'))`);
  });
}

/** The engine's success of each order's own type. */
const succeededOf = (): SQL => sql`case when o.order_type = ${COLLECTION} then ${successOf(COLLECTION)} else ${successOf(PAYOUT)} end`;

/** Rebuilds one day on one basis; false when a change of that day is in progress (its slot locked). */
async function buildDay(db: Db, byCompletion: boolean, day: string): Promise<boolean> {
  const basis = byCompletion ? sql`o.completed_at` : sql`o.created_at`;
  const s = sql`${day}::date::timestamp::timestamptz`;
  const e = sql`(${day}::date + 1)::timestamp::timestamptz`;
  const NotLocked = Symbol('not locked');
  try {
    await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`
          select coalesce(bool_and(pg_try_advisory_xact_lock(${LOCK_CLASS}, n::int)), true) as ok
          from generate_series(floor(extract(epoch from ${s}) / ${SLOT_SECONDS})::bigint, ceil(extract(epoch from ${e}) / ${SLOT_SECONDS})::bigint - 1) as n`),
      );
      if (!lock.ok) throw NotLocked;
      await tx.execute(sql`delete from order_stat_stale where by_completion = ${byCompletion} and slot >= ${s} and slot < ${e}`);
      for (const side of ['merchant', 'supplier'] as const) {
        const table = sql.raw(`order_stat_${side}`);
        const column = sql.raw(`${side}_id`);
        const success = succeededOf();
        await tx.execute(sql`delete from ${table} where by_completion = ${byCompletion} and day = ${day}::date`);
        await tx.execute(sql`
          insert into ${table} (day, by_completion, order_type, product_id, mark, ${column}, created, succeeded, success_amount, merchant_fee, supplier_fee)
          select ${day}::date, ${byCompletion}, o.order_type, o.product_id, o.mark, o.${column}, count(*), count(*) filter (where ${success}),
            coalesce(sum(o.amount) filter (where ${success}), 0), coalesce(sum(o.merchant_fee) filter (where ${success}), 0), coalesce(sum(o.supplier_fee) filter (where ${success}), 0)
          from orders o
          where ${basis} >= ${s} and ${basis} < ${e} and not o.is_test and o.mark <> ${markId('test')}
          group by o.order_type, o.product_id, o.mark, o.${column}`);
      }
    });
    return true;
  } catch (error) {
    if (error === NotLocked) return false;
    throw error;
  }
}

/** The summaries' figures of the plan's days, grouped as the request asks. */
async function summaryRows(db: Db, req: StatisticsRequest, side: Side, plan: Plan): Promise<DbRow[]> {
  const table = sql.raw(`order_stat_${side}`);
  const parts: SQL[] = [sql`s.by_completion = ${req.byCompletion}`, sql`s.order_type = ${req.orderType}`, sql`s.day >= ${plan.from}::date`, sql`s.day < ${plan.to}::date`];
  if (req.merchantIds) parts.push(req.merchantIds.length ? sql`s.merchant_id in (${list(req.merchantIds)})` : sql`false`);
  if (req.supplierIds) parts.push(req.supplierIds.length ? sql`s.supplier_id in (${list(req.supplierIds)})` : sql`false`);
  if (req.productId !== undefined) parts.push(sql`s.product_id = ${req.productId}`);
  if (req.mark !== undefined) parts.push(sql`s.mark = ${req.mark}`);
  let key = sql`0`;
  let by: SQL | null = null;
  let label = sql`null`;
  let join = sql``;
  if (req.grouping === 'time') {
    by = sql`date_trunc(${sql.raw(`'${req.timeFormat.unit === 'month' ? 'month' : 'day'}'`)}, s.day::timestamp)`;
    key = sql`to_char(${by}, ${TIME_TEXT})`;
  } else if (req.grouping === 'product') key = by = sql`s.product_id`;
  else if (req.grouping === 'merchant' || req.grouping === 'supplier') {
    key = by = sql.raw(`s.${req.grouping}_id`);
    label = sql`max(u.nickname)`;
    join = sql.raw(`left join users u on u.id = s.${req.grouping}_id`);
  }
  return rowsOf<DbRow>(
    await db.execute(sql`
      select ${key} as key, ${label} as label, coalesce(sum(s.created), 0) as created, coalesce(sum(s.succeeded), 0) as succeeded,
        coalesce(sum(s.success_amount), 0)::text as success_amount, coalesce(sum(s.merchant_fee), 0)::text as merchant_fee, coalesce(sum(s.supplier_fee), 0)::text as supplier_fee
      from ${table} s ${join}
      where ${sql.join(parts, sql` and `)}
      ${by ? sql`group by ${by}` : sql``}`),
  );
}

/** Rows of the same group added up (exact: bigint sums as text). */
function merged(parts: readonly DbRow[][]): DbRow[] {
  const byKey = new Map<string, DbRow>();
  const add = (a: string | number | null, b: string | number | null) => (BigInt(a ?? 0) + BigInt(b ?? 0)).toString();
  for (const rows of parts) {
    for (const r of rows) {
      const k = String(r.key);
      const seen = byKey.get(k);
      if (!seen) byKey.set(k, { ...r });
      else
        byKey.set(k, {
          key: seen.key,
          label: seen.label ?? r.label,
          created: add(seen.created, r.created),
          succeeded: add(seen.succeeded, r.succeeded),
          success_amount: add(seen.success_amount, r.success_amount),
          merchant_fee: add(seen.merchant_fee, r.merchant_fee),
          supplier_fee: add(seen.supplier_fee, r.supplier_fee),
        });
    }
  }
  return [...byKey.values()];
}

/**
 * The request's figures as aggregateOrders gives them, the closed days read from the summaries
 * when the request allows it (built first where stale).
 */
export async function summarised(db: Db, req: StatisticsRequest): Promise<DbRow[]> {
  const side = sideOf(req);
  const plan = side && (await planOf(db, req));
  if (!side || !plan) return aggregateOrders(db, req);
  await adoptZone(db);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const answer = await db.transaction(
      async (tx) => {
        if ((await staleDays(tx, req.byCompletion, plan)).length) return null;
        return merged([await summaryRows(tx, req, side, plan), plan.ranges.length ? await aggregateOrders(tx, req, plan.ranges) : []]);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (answer) return answer;
    for (const day of await staleDays(db, req.byCompletion, plan)) {
      if (!(await buildDay(db, req.byCompletion, day))) return aggregateOrders(db, req);
    }
  }
  return aggregateOrders(db, req);
}
