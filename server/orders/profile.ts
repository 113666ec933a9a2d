/**
 * GET /order/profile: collection-order performance per hour or per day of a period: orders created,
 * orders paid (a success status), success rate and mean time from creation to success. Test orders
 * (placed from a test screen, or marked test) stay out, as from every statistic. Buckets, their
 * bounds and the time texts are computed by the database in its session time zone, the same zone
 * the list filters' `YYYY-MM-DD HH:mm:ss` are read in; every bucket of the period is answered, empty
 * ones with zeros, so a chart has no gaps.
 */
import { sql } from 'drizzle-orm';
import { orderProfileQuery, type OrderProfile, type ProfileFigures } from '../../resources/order-profile/index.js';
import { orderApi } from '../../resources/orders/api.js';
import { COLLECTION, markId, statusId, SUCCESS_STATUSES } from '../../resources/orders/statuses.js';
import type { Db } from '../db/client.js';
import { route } from '../http/route.js';

/** Without a start, the period is the last day (hourly) or the last week (daily) before the end. */
const DEFAULT_SPAN = { hour: '1 day', day: '7 days' } as const;
const TIME_TEXT = 'YYYY-MM-DD HH24:MI:SS';

interface BucketRow {
  time: string;
  created: number | string;
  succeeded: number | string;
  timed: number | string;
  seconds: number | string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rate and mean from the raw counts: 4 places for the rate, 1 for the seconds. */
function figures(created: number, succeeded: number, timed: number, seconds: number): ProfileFigures {
  return {
    created,
    succeeded,
    successRate: created ? Math.round((succeeded / created) * 10_000) / 10_000 : null,
    avgSuccessSeconds: timed ? Math.round((seconds / timed) * 10) / 10 : null,
  };
}

async function orderProfile(db: Db, query: { startTime?: string; endTime?: string; granularity: 'hour' | 'day' }): Promise<OrderProfile> {
  const unit = query.granularity;
  const end = query.endTime ? sql`${query.endTime}::timestamp::timestamptz` : sql`now()`;
  const start = query.startTime ? sql`${query.startTime}::timestamp::timestamptz` : sql`(${end} - ${DEFAULT_SPAN[unit]}::interval)`;
  const [bounds] = rowsOf<{ start: string; end: string }>(await db.execute(sql`select to_char(${start}, ${TIME_TEXT}) as start, to_char(${end}, ${TIME_TEXT}) as end`));
  const from = sql`${bounds.start}::timestamp::timestamptz`;
  const to = sql`${bounds.end}::timestamp::timestamptz`;
  const success = sql.join(
    SUCCESS_STATUSES.map((s) => sql`${statusId(s)}`),
    sql`, `,
  );
  const rows = rowsOf<BucketRow>(
    await db.execute(sql`
      with series as (
        select generate_series(date_trunc(${unit}, ${from}), date_trunc(${unit}, ${to}), ${`1 ${unit}`}::interval) as bucket
      ), agg as (
        select date_trunc(${unit}, created_at) as bucket,
          count(*) as created,
          count(*) filter (where status in (${success})) as succeeded,
          count(completed_at) filter (where status in (${success})) as timed,
          sum(extract(epoch from completed_at - created_at)) filter (where status in (${success})) as seconds
        from orders
        where created_at >= ${from} and created_at <= ${to}
          and order_type = ${COLLECTION} and not is_test and mark <> ${markId('test')}
        group by 1
      )
      select to_char(series.bucket, ${TIME_TEXT}) as time, coalesce(agg.created, 0) as created, coalesce(agg.succeeded, 0) as succeeded,
        coalesce(agg.timed, 0) as timed, agg.seconds
      from series left join agg on agg.bucket = series.bucket
      order by series.bucket`),
  );
  const totals = { created: 0, succeeded: 0, timed: 0, seconds: 0 };
  const buckets = rows.map((r) => {
    const [created, succeeded, timed, seconds] = [r.created, r.succeeded, r.timed, r.seconds ?? 0].map(Number);
    totals.created += created;
    totals.succeeded += succeeded;
    totals.timed += timed;
    totals.seconds += seconds;
    return { time: r.time, ...figures(created, succeeded, timed, seconds) };
  });
  return {
    granularity: unit,
    startTime: bounds.start,
    endTime: bounds.end,
    buckets,
    summary: figures(totals.created, totals.succeeded, totals.timed, totals.seconds),
  };
}

const profile = route({
  method: 'GET',
  url: orderApi.profile,
  access: { action: 'list', subject: 'orderProfile' },
  query: orderProfileQuery,
  handler: (ctx) => orderProfile(ctx.db, ctx.query),
});

export const orderProfileRoutes = [profile];
