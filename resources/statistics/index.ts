/**
 * The statistics screens (spec section 2): one generic screen (src/pages/statistics) driven by
 * these small declarations: which orders (collection or payout), which splits it offers (the first
 * is the default), which filters it shows. Custom rather than a declared list because each is a
 * summary with totals and a chart over an aggregate, not a table of rows. Staff screens have a
 * customer-service variant (read-only for customerService and technicalMaintenance, from the
 * abilities); the supplier's and the merchant's screens show only their own orders (row scope).
 */
import type { ResourceDeclaration } from '../types';
import { statisticsApi } from './api';
import type { Grouping } from './query';

type StatisticsFilter = 'merchant' | 'supplier' | 'product' | 'mark';

export interface StatisticsScreen {
  name: string;
  path: string;
  orderType: 1 | 2;
  groupings: readonly Grouping[];
  filters: readonly StatisticsFilter[];
  /** A `-customerService` variant at `<path>/customerService`. */
  customerService?: true;
}

const STAFF_FILTERS: readonly StatisticsFilter[] = ['merchant', 'supplier', 'product', 'mark'];
const OWN_FILTERS: readonly StatisticsFilter[] = ['product', 'mark'];

export const STATISTICS_SCREENS: readonly StatisticsScreen[] = [
  { name: 'orderStatistics', path: '/order/statistics', orderType: 1, groupings: ['time', 'product', 'supplier', 'merchant'], filters: STAFF_FILTERS, customerService: true },
  // The spec's path, spelling included.
  { name: 'orderStatisticsByMerchant', path: '/order/statisticsByMerhcantV2', orderType: 1, groupings: ['merchant'], filters: STAFF_FILTERS, customerService: true },
  { name: 'orderStatisticsSupplier', path: '/order/statistics/supplierV2', orderType: 1, groupings: ['time', 'product', 'supplier'], filters: OWN_FILTERS },
  { name: 'orderStatisticsMerchant', path: '/order/statistics/merchant', orderType: 1, groupings: ['time', 'product'], filters: OWN_FILTERS },
  { name: 'payoutStatistics', path: '/payProxyOrder/statistics', orderType: 2, groupings: ['time', 'product', 'supplier', 'merchant'], filters: STAFF_FILTERS, customerService: true },
  { name: 'payoutStatisticsByMerchant', path: '/payProxyOrder/statisticsByMerchant', orderType: 2, groupings: ['merchant'], filters: STAFF_FILTERS, customerService: true },
  { name: 'payoutStatisticsSupplier', path: '/payProxyOrder/statistics/supplier', orderType: 2, groupings: ['time', 'product', 'supplier'], filters: OWN_FILTERS },
  { name: 'payoutStatisticsMerchant', path: '/payProxyOrder/statistics/merchant', orderType: 2, groupings: ['time', 'product'], filters: OWN_FILTERS },
];

const CUSTOMER_SERVICE = '-customerService';

/** Every screen identifier, variants included: the subjects GET /order/statisticsV2 serves. */
export const STATISTICS_SUBJECTS: readonly string[] = STATISTICS_SCREENS.flatMap((s) => (s.customerService ? [s.name, `${s.name}${CUSTOMER_SERVICE}`] : [s.name]));
/** The subjects of one order type's screens. */
export const statisticsSubjectsOf = (orderType: number): string[] =>
  STATISTICS_SUBJECTS.filter((id) => STATISTICS_SCREENS.some((s) => s.orderType === orderType && (id === s.name || id === `${s.name}${CUSTOMER_SERVICE}`)));

/** The screen of an identifier (a variant reads its base screen). */
export const statisticsScreenOf = (identifier: string): StatisticsScreen | undefined =>
  STATISTICS_SCREENS.find((s) => identifier === s.name || identifier === `${s.name}${CUSTOMER_SERVICE}`);

export const statisticsDeclarations: ResourceDeclaration[] = STATISTICS_SCREENS.map((s) => ({
  name: s.name,
  parent: 'group.statistics',
  icon: 'barChart',
  routes: { list: s.path },
  api: { list: statisticsApi.statistics },
  screens: { list: 'StatisticsPage' },
  variants: s.customerService ? [{ name: `${s.name}${CUSTOMER_SERVICE}`, routes: { list: `${s.path}/customerService` } }] : undefined,
}));
