/**
 * How the lost-order and order-source analyses group orders, and the drill-down from a group to
 * the collection order list filtered on it (the list's own filter names).
 */
import type { RowAction } from '../types';
import { ORDER_STATUSES } from '../orders/statuses';
import { CATALOGUE } from '../products/catalogue';
import { LABELS } from './api';

export const LOST_GROUPS = ['merchant', 'product', 'supplier', 'reason'] as const;
export const SOURCE_GROUPS = ['clientIp', 'merchant', 'product', 'returnHost'] as const;
export type AnalysisGroup = (typeof LOST_GROUPS)[number] | (typeof SOURCE_GROUPS)[number];

/** The order list's filter for each group that has one (a return-URL host has none). */
const ORDER_FILTERS: Partial<Record<AnalysisGroup, string>> = {
  merchant: 'merchantId',
  product: 'productId',
  supplier: 'supplierId',
  reason: 'orderStatusId',
  clientIp: 'ipAddress',
};

/** "Orders": opens the collection order list filtered on the row's group (shown to roles that may list orders). */
export const drillDown = (groups: readonly AnalysisGroup[]): RowAction[] =>
  groups.flatMap((group) => {
    const param = ORDER_FILTERS[group];
    if (!param) return [];
    return [{ name: 'orders', ability: 'list', call: '', idField: 'groupKey', when: { field: 'groupBy', equals: group }, labels: LABELS, link: { path: '/order/list', param, subject: 'orders' } }];
  });

/** Order statuses as an enum of the lost-order reasons (labels of locales orderStatus). */
export const statusOptions = {
  values: ORDER_STATUSES.map((s) => s.id),
  labelKey: 'orderStatus',
  labels: Object.fromEntries(ORDER_STATUSES.map((s) => [s.id, s.code])),
};

/** Collection products as an enum (labels of locales products.names). */
export const products = { values: CATALOGUE.filter((p) => p.kind === 'collection').map((p) => p.id), labelKey: 'products.names' };
