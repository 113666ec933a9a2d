/**
 * The statistics engine: figures of collection orders or payouts in a period, split by time bucket,
 * product, merchant or supplier, or not at all. Every statistic of the admin (statistics screens,
 * dashboard) is this one query, so their figures agree to the cent. Test orders (placed from a test
 * screen, or marked test) stay out everywhere. A collection order counts as succeeded in a success
 * status (SUCCESS_STATUSES), a payout when completed; amounts are the orders' own amounts and fees,
 * as stored when they were paid. Periods are half-open [start, end) in the database's session time
 * zone, the zone every `YYYY-MM-DD HH:mm:ss` of the API is read in.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLLECTION, markId, statusId, SUCCESS_STATUSES } from '../../resources/orders/statuses.js';
import { payoutStateId } from '../../resources/payouts/states.js';
import type { Grouping, StatisticsFigures } from '../../resources/statistics/query.js';
import type { Db } from '../db/client.js';
import { summarised } from './summary.js';
import type { TimeFormat } from './time-format.js';

export const TIME_TEXT = 'YYYY-MM-DD HH24:MI:SS';

export interface Period {
  /** Inclusive start and exclusive end, `YYYY-MM-DD HH:mm:ss` in platform time. */
  start: string;
  end: string;
}

export interface StatisticsRequest {
  orderType: number;
  /** null: every order ever placed (the dashboard's total). */
  period: Period | null;
  /** Filter on completion time instead of creation time (CompleteTimeFilter). */
  byCompletion: boolean;
  grouping: Grouping | null;
  timeFormat: TimeFormat;
  merchantIds?: readonly number[];
  supplierIds?: readonly number[];
  productId?: number;
  mark?: number;
}

export interface RawRow {
  key: string | number;
  label: string | null;
  created: number;
  succeeded: number;
  successAmount: number;
  merchantFee: number;
  supplierFee: number;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
export const list = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** A sum of bigint minor units as a number, refusing rather than rounding past 2^53. */
const exact = (text: string | number | null): number => {
  const value = BigInt(text ?? 0);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('statistic beyond exact JSON range');
  return Number(value);
};

export function successOf(orderType: number): SQL {
  if (orderType === COLLECTION) return sql`o.status in (${list(SUCCESS_STATUSES.map(statusId))})`;
  return sql`o.payout_status = ${payoutStateId('completed')}`;
}

/** Half-open ranges of platform time on the basis; a null end runs to the end of time. */
export interface Range {
  start: string;
  end: string | null;
}

/** The WHERE every statistic shares: type, no test orders, the ranges (by default the period) on its basis, the filters. */
function whereOf(req: StatisticsRequest, ranges: readonly Range[] | undefined = req.period ? [req.period] : undefined): SQL {
  const basis = req.byCompletion ? sql`o.completed_at` : sql`o.created_at`;
  const parts: SQL[] = [sql`o.order_type = ${req.orderType}`, sql`not o.is_test`, sql`o.mark <> ${markId('test')}`];
  if (ranges) {
    const within = ranges.map((r) => sql`(${basis} >= ${r.start}::timestamp::timestamptz${r.end === null ? sql`` : sql` and ${basis} < ${r.end}::timestamp::timestamptz`})`);
    parts.push(within.length ? sql`(${sql.join(within, sql` or `)})` : sql`false`);
  } else if (req.byCompletion) parts.push(sql`o.completed_at is not null`);
  if (req.merchantIds) parts.push(req.merchantIds.length ? sql`o.merchant_id in (${list(req.merchantIds)})` : sql`false`);
  if (req.supplierIds) parts.push(req.supplierIds.length ? sql`o.supplier_id in (${list(req.supplierIds)})` : sql`false`);
  if (req.productId !== undefined) parts.push(sql`o.product_id = ${req.productId}`);
  if (req.mark !== undefined) parts.push(sql`o.mark = ${req.mark}`);
  return sql.join(parts, sql` and `);
}

/**
 * The group of a split: what rows are grouped by, what the answer shows for it, and how its label
 * is found. A time bucket is grouped as a timestamp and written as text once per bucket (writing
 * every row's time as text first costs more than the sums). The unit is one of three words, written
 * into the SQL so the grouped expression and the selected one are the same expression.
 */
function groupOf(req: StatisticsRequest): { by: SQL | null; key: SQL; label: SQL; join: SQL } {
  const basis = req.byCompletion ? sql`o.completed_at` : sql`o.created_at`;
  switch (req.grouping) {
    case 'time': {
      const bucket = sql`date_trunc(${sql.raw(`'${UNITS[req.timeFormat.unit]}'`)}, ${basis})`;
      return { by: bucket, key: sql`to_char(${bucket}, ${TIME_TEXT})`, label: sql`null`, join: sql`` };
    }
    case 'product':
      return { by: sql`o.product_id`, key: sql`o.product_id`, label: sql`null`, join: sql`` };
    case 'merchant':
      return { by: sql`o.merchant_id`, key: sql`o.merchant_id`, label: sql`max(u.nickname)`, join: sql`left join users u on u.id = o.merchant_id` };
    case 'supplier':
      return { by: sql`o.supplier_id`, key: sql`o.supplier_id`, label: sql`max(u.nickname)`, join: sql`left join users u on u.id = o.supplier_id` };
    default:
      return { by: null, key: sql`0`, label: sql`null`, join: sql`` };
  }
}
const UNITS = { hour: 'hour', day: 'day', month: 'month' } as const;

export interface DbRow {
  key: string | number | null;
  label: string | null;
  created: string | number;
  succeeded: string | number;
  success_amount: string | null;
  merchant_fee: string | null;
  supplier_fee: string | null;
}

/**
 * One row per group (no split: one row for everything). Closed days come from the daily summaries
 * where the request allows it (summary.ts), the rest from the orders; the figures are the same.
 */
export async function aggregate(db: Db, req: StatisticsRequest): Promise<RawRow[]> {
  return rawRowsOf(await summarised(db, req));
}

/** The same figures read from the orders alone, every time. */
export async function aggregateRaw(db: Db, req: StatisticsRequest): Promise<RawRow[]> {
  return rawRowsOf(await aggregateOrders(db, req));
}

/** The figures of the orders of the request (of `ranges` on its basis instead of its period when given). */
export async function aggregateOrders(db: Db, req: StatisticsRequest, ranges?: readonly Range[]): Promise<DbRow[]> {
  const success = successOf(req.orderType);
  const group = groupOf(req);
  return rowsOf<DbRow>(
    await db.execute(sql`
      select ${group.key} as key, ${group.label} as label,
        count(*) as created,
        count(*) filter (where ${success}) as succeeded,
        (coalesce(sum(o.amount) filter (where ${success}), 0))::text as success_amount,
        (coalesce(sum(o.merchant_fee) filter (where ${success}), 0))::text as merchant_fee,
        (coalesce(sum(o.supplier_fee) filter (where ${success}), 0))::text as supplier_fee
      from orders o ${group.join}
      where ${whereOf(req, ranges)}
      ${group.by ? sql`group by ${group.by}` : sql``}`),
  );
}

function rawRowsOf(rows: readonly DbRow[]): RawRow[] {
  return rows.map((r) => ({
    key: r.key ?? 0,
    label: r.label,
    created: Number(r.created),
    succeeded: Number(r.succeeded),
    successAmount: exact(r.success_amount),
    merchantFee: exact(r.merchant_fee),
    supplierFee: exact(r.supplier_fee),
  }));
}

/** Every bucket of a period for a time split, so a trend has no gaps: [key, label] in order. */
export async function bucketsOf(db: Db, period: Period, format: TimeFormat): Promise<{ key: string; label: string }[]> {
  return rowsOf<{ key: string; label: string }>(
    await db.execute(sql`
      select to_char(b, ${TIME_TEXT}) as key, to_char(b, ${format.pattern}) as label
      from generate_series(date_trunc(${format.unit}, ${period.start}::timestamp::timestamptz),
        date_trunc(${format.unit}, ${period.end}::timestamp::timestamptz - interval '1 microsecond'), ${`1 ${format.unit}`}::interval) as b
      order by b`),
  );
}

/** Figures from raw sums: rate to 4 places, platform income = merchant fees less supplier fees. */
export function figuresOf(raw: Omit<RawRow, 'key' | 'label'>): StatisticsFigures {
  return {
    created: raw.created,
    succeeded: raw.succeeded,
    successAmount: raw.successAmount,
    successRate: raw.created ? Math.round((raw.succeeded / raw.created) * 10_000) / 10_000 : null,
    merchantFee: raw.merchantFee,
    supplierFee: raw.supplierFee,
    platformIncome: raw.merchantFee - raw.supplierFee,
  };
}

/** The sum of rows (exact integers). */
export function sumOf(rows: readonly Omit<RawRow, 'key' | 'label'>[]): Omit<RawRow, 'key' | 'label'> {
  const total = { created: 0, succeeded: 0, successAmount: 0, merchantFee: 0, supplierFee: 0 };
  for (const r of rows) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
  return total;
}
