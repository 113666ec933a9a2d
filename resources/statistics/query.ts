/**
 * The statistics queries and answers, shared by the admin and the server (one schema, both sides).
 * Filters of spec section 3 (merchantUserId, supplierUserId, productId, startTime, endTime,
 * orderType, orderMark, groupByMerchant) plus ours: `groupBy`, the split a screen shows.
 */
import { z } from 'zod';
import { filterBoolean, filterNumber, fromQuery } from '../common/rules';
import { timeText } from '../common/list-query';
import { MARK_IDS } from '../orders/statuses';

/** How rows are split: per time bucket (OrderStatisticsTimeFormat), per product, merchant or supplier. */
export const GROUPINGS = ['time', 'product', 'merchant', 'supplier'] as const;
export type Grouping = (typeof GROUPINGS)[number];
/** Order types (ORDER_TYPES): 1 collection orders, 2 payouts. */
const STATISTICS_ORDER_TYPES = [1, 2] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `YYYY-MM-DD HH:mm:ss` read as a wall-clock instant (only differences and validity matter). */
export const wallClock = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);
/** A calendar-true time (no 30 February, no 25:00): the database would refuse it with a fault. */
const realTime = (text: string) => {
  const ms = wallClock(text);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19).replace('T', ' ') === text;
};
const realDay = (text: string) => realTime(`${text} 00:00:00`);

/** The longest period one request may cover, in days (a time split of at most ~750 buckets by hour). */
export const MAX_PERIOD_DAYS = { hour: 31, other: 3660 } as const;

export const statisticsQuery = z
  .object({
    merchantUserId: filterNumber,
    supplierUserId: filterNumber,
    productId: filterNumber,
    startTime: timeText,
    endTime: timeText,
    orderType: fromQuery(z.number().int().refine((t) => STATISTICS_ORDER_TYPES.includes(t as 1 | 2), 'option').default(1)),
    orderMark: fromQuery(z.number().int().refine((m) => MARK_IDS.includes(m as never), 'option').optional()),
    groupByMerchant: filterBoolean,
    groupBy: z.preprocess(blank, z.enum(GROUPINGS, { error: 'option' }).optional()),
  })
  .superRefine((q, ctx) => {
    for (const key of ['startTime', 'endTime'] as const) if (q[key] && !realTime(q[key])) ctx.addIssue({ code: 'custom', path: [key], message: 'format' });
    if (q.startTime && q.endTime && q.startTime > q.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'startAfterEnd' });
    if (q.startTime && q.endTime && wallClock(q.endTime) - wallClock(q.startTime) > MAX_PERIOD_DAYS.other * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'periodTooLong' });
    }
  });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** The split a query asks for: `groupBy`, else the spec's groupByMerchant, else the time trend. */
export const groupingOf = (q: Pick<StatisticsQuery, 'groupBy' | 'groupByMerchant'>): Grouping => q.groupBy ?? (q.groupByMerchant ? 'merchant' : 'time');

const dayText = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format').refine(realDay, 'format').optional());
/** GET /order/statistics/today: the day from todayDate to tomorrowDate (default: today, platform time). */
export const todayQuery = z.object({ todayDate: dayText, tomorrowDate: dayText }).refine((q) => !q.todayDate || !q.tomorrowDate || q.todayDate < q.tomorrowDate, { path: ['tomorrowDate'], message: 'startAfterEnd' });
/** GET /order/statistics/yesterday: the day from yesterdayDate to todayDate (default: yesterday). */
export const yesterdayQuery = z.object({ yesterdayDate: dayText, todayDate: dayText }).refine((q) => !q.yesterdayDate || !q.todayDate || q.yesterdayDate < q.todayDate, { path: ['todayDate'], message: 'startAfterEnd' });

/**
 * Figures of a set of orders. For payouts, "succeeded" means completed. Amounts and fees are integer
 * minor units of the succeeded orders; a fee the caller may not see (a merchant is not shown the
 * supplier's fee nor the platform's income, a supplier not the merchant's) is null.
 */
export interface StatisticsFigures {
  created: number;
  succeeded: number;
  successAmount: number;
  /** succeeded / created, 0 to 1 (4 places); null without orders. */
  successRate: number | null;
  merchantFee: number | null;
  supplierFee: number | null;
  /** Merchant fees less supplier fees: what the platform earns on these orders. */
  platformIncome: number | null;
}

export interface StatisticsRow extends StatisticsFigures {
  /** The group: the bucket's start (`YYYY-MM-DD HH:mm:ss`), a product code or a user id. */
  key: string | number;
  /** The group's label: the bucket in OrderStatisticsTimeFormat, or the user's nickname; null for products (the admin translates their names). */
  label: string | null;
}

export interface StatisticsAnswer {
  groupBy: Grouping;
  orderType: number;
  /** The time bucket of a time split, from OrderStatisticsTimeFormat. */
  timeUnit: 'hour' | 'day' | 'month';
  /** Which time the period filters on: creation, or completion while CompleteTimeFilter is on. */
  basis: 'created' | 'completed';
  startTime: string;
  endTime: string;
  rows: StatisticsRow[];
  total: StatisticsFigures;
  /** ShowUserStatisticInfo as it applies to the caller: false = no per-merchant / per-supplier split. */
  showUserInfo: boolean;
}

/** A dashboard period's figures (collection orders). */
export interface DashboardFigures extends StatisticsFigures {
  startTime: string | null;
  endTime: string | null;
  basis: 'created' | 'completed';
}

/** GET /user/getTotalBalance: available balances (ledger account `member`), minor units; null = not the caller's to see. */
export interface TotalBalance {
  merchantBalance: number | null;
  supplierBalance: number | null;
}
