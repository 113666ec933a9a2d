/**
 * What the analysis aggregates share: the period of the query (default the last 7 days up to now,
 * read in the database's session time zone like every list filter), the collection orders that
 * count (test orders left out, as from every statistic), paging and ordering of computed rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLLECTION, markId, statusId, SUCCESS_STATUSES } from '../../resources/orders/statuses.js';
import { pageSizeOf } from '../../resources/common/rules.js';

const DEFAULT_SPAN = '7 days';

export interface AnalysisQuery {
  pageIndex: number;
  pageSize?: number;
  pageNum?: number;
  startTime?: string;
  endTime?: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The period's bounds as SQL timestamps. */
export function periodOf(query: AnalysisQuery): { from: SQL; to: SQL } {
  const to = query.endTime ? sql`${query.endTime}::timestamp::timestamptz` : sql`now()`;
  const from = query.startTime ? sql`${query.startTime}::timestamp::timestamptz` : sql`(${to} - ${DEFAULT_SPAN}::interval)`;
  return { from, to };
}

/** Statuses where the money arrived. */
export const PAID = sql.join(
  SUCCESS_STATUSES.map((s) => sql`${statusId(s)}`),
  sql`, `,
);

/** Collection orders that count in an analysis: real ones (no test orders), created within the period. */
export const countedOrders = (query: AnalysisQuery, alias = sql`orders`) => {
  const { from, to } = periodOf(query);
  return sql`${alias}.order_type = ${COLLECTION} and not ${alias}.is_test and ${alias}.mark <> ${markId('test')} and ${alias}.created_at >= ${from} and ${alias}.created_at <= ${to}`;
};

/** A share as a percentage text with two decimals ("12.50%"), or null without a whole. */
export const percent = (part: number, whole: number): string | null => (whole ? `${((part * 100) / whole).toFixed(2)}%` : null);

/**
 * ORDER BY and LIMIT/OFFSET of computed rows: the asked column (one of `sortable`, mapped to its SQL),
 * else `fallback`; then the group key, so pages never overlap.
 */
export function pageOf(query: AnalysisQuery, sortable: Record<string, SQL>, fallback: SQL, key: SQL): SQL {
  const column = query.sortField ? sortable[query.sortField] : undefined;
  const order = column ? sql`${column} ${query.sortOrder === 'asc' ? sql`asc` : sql`desc`} nulls last` : fallback;
  const size = pageSizeOf(query);
  return sql`order by ${order}, ${key} limit ${size} offset ${(query.pageIndex - 1) * size}`;
}
