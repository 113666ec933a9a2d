/**
 * A statistics screen's state in the URL (period, filters, split), so a view can be shared, kept
 * across a reload and restored by the tag bar. Defaults: today, the screen's first split.
 */
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '../../providers/conventions';
import type { Grouping } from '../../../resources/statistics/query';
import type { StatisticsScreen } from '../../../resources/statistics';

export interface StatisticsParams {
  range: [Dayjs, Dayjs];
  groupBy: Grouping;
  merchantUserId?: number;
  supplierUserId?: number;
  productId?: number;
  orderMark?: number;
}

const todayRange = (): [Dayjs, Dayjs] => [dayjs().startOf('day'), dayjs().endOf('day')];
const numberOf = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const timeOf = (text: string | null) => (text && dayjs(text).isValid() ? dayjs(text) : undefined);

export function useStatisticsParams(screen: StatisticsScreen): [StatisticsParams, (next: Partial<StatisticsParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const start = timeOf(search.get('startTime'));
  const end = timeOf(search.get('endTime'));
  const asked = search.get('groupBy') as Grouping | null;
  const params: StatisticsParams = {
    range: start && end ? [start, end] : todayRange(),
    groupBy: asked && screen.groupings.includes(asked) ? asked : screen.groupings[0],
    merchantUserId: numberOf(search.get('merchantUserId')),
    supplierUserId: numberOf(search.get('supplierUserId')),
    productId: numberOf(search.get('productId')),
    orderMark: numberOf(search.get('orderMark')),
  };
  const update = (next: Partial<StatisticsParams>) => {
    const merged = { ...params, ...next };
    const query: Record<string, string> = { startTime: merged.range[0].format(TIME_FORMAT), endTime: merged.range[1].format(TIME_FORMAT), groupBy: merged.groupBy };
    for (const key of ['merchantUserId', 'supplierUserId', 'productId', 'orderMark'] as const) if (merged[key] !== undefined) query[key] = String(merged[key]);
    setSearch(query, { replace: true });
  };
  return [params, update];
}

/** The API query of the current state. */
export const apiQuery = (screen: StatisticsScreen, p: StatisticsParams) => ({
  orderType: screen.orderType,
  startTime: p.range[0].format(TIME_FORMAT),
  endTime: p.range[1].format(TIME_FORMAT),
  groupBy: p.groupBy,
  merchantUserId: p.merchantUserId,
  supplierUserId: p.supplierUserId,
  productId: p.productId,
  orderMark: p.orderMark,
});
