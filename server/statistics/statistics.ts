/**
 * GET /order/statisticsV2: the figures of every statistics screen. Hand-written because it is an
 * aggregate, not a list of rows. Each request reads its settings afresh (no restart needed):
 *  - OrderStatisticsTimeFormat: the time split's bucket and label (time-format.ts);
 *  - CompleteTimeFilter: on = the period (and the time split) is on completion time, not creation;
 *  - ShowUserStatisticInfo: off = a merchant or supplier caller gets no split by merchant or by
 *    supplier (statisticsUserInfoHidden): the platform hides who its counterparties are. Staff
 *    are not affected.
 * The caller's row scope (abilities) limits the orders: a merchant its own, a supplier its own and
 * its agents'. A scoped caller never sees the other side's fee nor the platform's income.
 */
import { sql } from 'drizzle-orm';
import { rowScope, type RowScope } from '../../providers/ability-engine.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import { statisticsApi } from '../../resources/statistics/api.js';
import { STATISTICS_SUBJECTS, statisticsSubjectsOf } from '../../resources/statistics/index.js';
import { groupingOf, MAX_PERIOD_DAYS, statisticsQuery, wallClock, type StatisticsAnswer, type StatisticsFigures, type StatisticsQuery } from '../../resources/statistics/query.js';
import type { Db } from '../db/client.js';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { getSetting } from '../settings/store.js';
import { aggregate, bucketsOf, rowsOf, figuresOf, sumOf, TIME_TEXT, type Period, type RawRow, type StatisticsRequest } from './engine.js';
import { timeFormatOf, type TimeFormat } from './time-format.js';

export interface StatisticsSettings {
  timeFormat: TimeFormat;
  byCompletion: boolean;
  showUserInfo: boolean;
}

export async function statisticsSettings(db: Db): Promise<StatisticsSettings> {
  const [format, completion, userInfo] = await Promise.all([getSetting(db, 'OrderStatisticsTimeFormat'), getSetting(db, 'CompleteTimeFilter'), getSetting(db, 'ShowUserStatisticInfo')]);
  return { timeFormat: timeFormatOf(format.value), byCompletion: completion.enable === true, showUserInfo: userInfo.enable !== false };
}

/** The scope as engine filters; `false` (no rule) is refused. */
export function scopeFilters(scope: RowScope): Pick<StatisticsRequest, 'merchantIds' | 'supplierIds'> {
  if (scope === false) return fail('forbidden');
  return { merchantIds: scope?.merchantId, supplierIds: scope?.supplierId };
}

/** What a scoped caller may not see: the other side's fee and the platform's income. */
export function visibleTo(scope: RowScope, figures: StatisticsFigures): StatisticsFigures {
  if (!scope) return figures;
  return { ...figures, merchantFee: scope.merchantId ? figures.merchantFee : null, supplierFee: scope.supplierId ? figures.supplierFee : null, platformIncome: null };
}

/** The period of a query: both bounds as given (end inclusive to the second), defaults today. */
async function periodOf(db: Db, q: StatisticsQuery): Promise<Period & { last: string }> {
  const [row] = rowsOf<Period & { last: string }>(
    await db.execute(sql`
      with bounds as (
        select coalesce(${q.startTime ?? null}::timestamp, date_trunc('day', coalesce(${q.endTime ?? null}::timestamp, localtimestamp))) as s,
          coalesce(${q.endTime ?? null}::timestamp, date_trunc('day', coalesce(${q.startTime ?? null}::timestamp, localtimestamp)) + interval '1 day' - interval '1 second') as e
      )
      select to_char(s, ${TIME_TEXT}) as start, to_char(e + interval '1 second', ${TIME_TEXT}) as "end", to_char(e, ${TIME_TEXT}) as last from bounds`),
  );
  return row;
}

async function statisticsV2(db: Db, scope: RowScope, q: StatisticsQuery): Promise<StatisticsAnswer> {
  const settings = await statisticsSettings(db);
  const grouping = groupingOf(q);
  const showUserInfo = settings.showUserInfo || !scope;
  if (!showUserInfo && (grouping === 'merchant' || grouping === 'supplier')) fail('statisticsUserInfoHidden');
  const period = await periodOf(db, q);
  if (grouping === 'time' && settings.timeFormat.unit === 'hour' && wallClock(period.end) - wallClock(period.start) > MAX_PERIOD_DAYS.hour * 86_400_000) {
    fail('invalidParam', { field: 'startTime', reason: 'periodTooLong' });
  }
  const scoped = scopeFilters(scope);
  const request: StatisticsRequest = {
    orderType: q.orderType,
    period,
    byCompletion: settings.byCompletion,
    grouping,
    timeFormat: settings.timeFormat,
    ...scoped,
    productId: q.productId,
    mark: q.orderMark,
  };
  // A filter by user narrows the scope, never widens it.
  if (q.merchantUserId !== undefined) request.merchantIds = (scoped.merchantIds ?? [q.merchantUserId]).filter((id) => id === q.merchantUserId);
  if (q.supplierUserId !== undefined) request.supplierIds = (scoped.supplierIds ?? [q.supplierUserId]).filter((id) => id === q.supplierUserId);
  const raw = await aggregate(db, request);
  const rows = grouping === 'time' ? await withEveryBucket(db, period, settings.timeFormat, raw) : raw.sort((a, b) => b.successAmount - a.successAmount || b.created - a.created);
  return {
    groupBy: grouping,
    orderType: q.orderType,
    timeUnit: settings.timeFormat.unit,
    basis: settings.byCompletion ? 'completed' : 'created',
    startTime: period.start,
    endTime: period.last,
    rows: rows.map((r) => ({ key: r.key, label: r.label, ...visibleTo(scope, figuresOf(r)) })),
    total: visibleTo(scope, figuresOf(sumOf(raw))),
    showUserInfo,
  };
}

/** A time split answers every bucket of the period, empty ones with zeros, so a trend has no gaps. */
async function withEveryBucket(db: Db, period: Period, format: TimeFormat, raw: RawRow[]): Promise<RawRow[]> {
  const byKey = new Map(raw.map((r) => [String(r.key), r]));
  return (await bucketsOf(db, period, format)).map((b) => ({ ...(byKey.get(b.key) ?? { created: 0, succeeded: 0, successAmount: 0, merchantFee: 0, supplierFee: 0 }), key: b.key, label: b.label }));
}

const statistics = route({
  method: 'GET',
  url: statisticsApi.statistics,
  access: { action: 'list', subject: STATISTICS_SUBJECTS },
  query: statisticsQuery,
  handler: (ctx) => statisticsV2(ctx.db, rowScope(ctx.ability, 'list', statisticsSubjectsOf(ctx.query.orderType ?? COLLECTION)), ctx.query),
});

export const statisticsRoutes = [statistics];
