/**
 * The dashboard's calls (/home): today, yesterday and total figures of collection orders (spec
 * section 7 parameters), the balance statistics and the service switch's state. Hand-written:
 * aggregates, not lists. The figures are the statistics engine's, so the dashboard's today equals
 * GET /order/statisticsV2 for today to the cent; CompleteTimeFilter applies here too. A merchant
 * sees its own figures, a supplier its own and its agents' (the `dashboard` row scope).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowScope, type RowScope } from '../../providers/ability-engine.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import { statisticsApi } from '../../resources/statistics/api.js';
import { todayQuery, yesterdayQuery, type DashboardFigures, type TotalBalance } from '../../resources/statistics/query.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { route } from '../http/route.js';
import { balancesOf, minorForJson } from '../ledger/ledger.js';
import { getSetting } from '../settings/store.js';
import { aggregate, figuresOf, rowsOf, sumOf, TIME_TEXT, type Period } from './engine.js';
import { scopeFilters, statisticsSettings, visibleTo } from './statistics.js';

const SUBJECT = 'dashboard';
const access = { action: 'list', subject: SUBJECT } as const;

async function figuresFor(db: Db, scope: RowScope, period: Period | null): Promise<DashboardFigures> {
  const settings = await statisticsSettings(db);
  const raw = await aggregate(db, { orderType: COLLECTION, period, byCompletion: settings.byCompletion, grouping: null, timeFormat: settings.timeFormat, ...scopeFilters(scope) });
  return { ...visibleTo(scope, figuresOf(sumOf(raw))), startTime: period?.start ?? null, endTime: period?.end ?? null, basis: settings.byCompletion ? 'completed' : 'created' };
}

/** A day's period: from `from` (default: today plus `shift` days, platform time) to `to` (default the next day). */
async function dayPeriod(db: Db, from: string | undefined, to: string | undefined, shift: number): Promise<Period> {
  const start = from ? sql`${from}::date` : sql`(current_date + ${shift}::int)`;
  const end = to ? sql`${to}::date` : sql`(${start} + 1)`;
  const [row] = rowsOf<Period>(await db.execute(sql`select to_char(${start}::timestamp, ${TIME_TEXT}) as start, to_char(${end}::timestamp, ${TIME_TEXT}) as "end"`));
  return row;
}

const today = route({
  method: 'GET',
  url: statisticsApi.today,
  access,
  query: todayQuery,
  handler: async (ctx) => figuresFor(ctx.db, rowScope(ctx.ability, 'list', SUBJECT), await dayPeriod(ctx.db, ctx.query.todayDate, ctx.query.tomorrowDate, 0)),
});

const yesterday = route({
  method: 'GET',
  url: statisticsApi.yesterday,
  access,
  query: yesterdayQuery,
  handler: async (ctx) => figuresFor(ctx.db, rowScope(ctx.ability, 'list', SUBJECT), await dayPeriod(ctx.db, ctx.query.yesterdayDate, ctx.query.todayDate, -1)),
});

const total = route({
  method: 'GET',
  url: statisticsApi.total,
  access,
  handler: (ctx) => figuresFor(ctx.db, rowScope(ctx.ability, 'list', SUBJECT), null),
});

/** Sum of the available balances (ledger account `member`) of members of a role, or of some ids: each read from its newest running balance. */
async function balanceSum(db: Db, where: { role: 'merchant' | 'supplier'; ids?: readonly number[] }): Promise<number> {
  if (where.ids && !where.ids.length) return 0;
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, where.role), where.ids ? inArray(users.id, [...where.ids]) : undefined));
  const balances = await balancesOf(db, members.map((m) => m.id));
  return minorForJson([...balances.values()].reduce((sum, b) => sum + b, 0n));
}

/**
 * GET /user/getTotalBalance: staff get the total merchant and code-merchant (supplier) balance; a
 * merchant its own balance, a supplier its team's (itself and its agents). Available balances only:
 * frozen funds (ledger account `frozen`) are not counted.
 */
const totalBalance = route({
  method: 'GET',
  url: statisticsApi.totalBalance,
  access,
  handler: async (ctx): Promise<TotalBalance> => {
    const { merchantIds, supplierIds } = scopeFilters(rowScope(ctx.ability, 'list', SUBJECT));
    const staff = !merchantIds && !supplierIds;
    return {
      merchantBalance: staff || merchantIds ? await balanceSum(ctx.db, { role: 'merchant', ids: merchantIds }) : null,
      supplierBalance: staff || supplierIds ? await balanceSum(ctx.db, { role: 'supplier', ids: supplierIds }) : null,
    };
  },
});

/** Whether the platform takes orders: every dashboard reader sees it; only superAdmin switches it (system config). */
const serviceState = route({
  method: 'GET',
  url: statisticsApi.serviceState,
  access,
  handler: async (ctx) => ({ enable: (await getSetting(ctx.db, 'enableService')).enable === true }),
});

export const dashboardRoutes = [today, yesterday, total, totalBalance, serviceState];
