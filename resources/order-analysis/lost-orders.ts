/**
 * Lost order analysis: collection orders of a period (default the last 7 days) created but never
 * paid (timed out, allocation failed, rejected, or still open), grouped by merchant, product,
 * supplier or reason, with counts, amounts and their share of all orders of the period. An
 * aggregate the server computes; the generic list shows it, each group opening its orders.
 */
import type { ResourceDeclaration } from '../types';
import { LABELS, csVariant, orderAnalysisApi as api } from './api';
import { LOST_GROUPS, drillDown, products, statusOptions } from './groups';

const LIST = '/orderAnalysis/order-analysis-list';

export const lostOrders: ResourceDeclaration = {
  name: 'lostOrders',
  parent: 'group.orderAnalysis',
  icon: 'fileText',
  labels: LABELS,
  routes: { list: LIST },
  api: { list: api.lostList },
  fields: [
    { name: 'groupBy', type: 'enum', options: { values: LOST_GROUPS, labelKey: `${LABELS}.groups` }, filter: 'exact', primaryFilter: true },
    { name: 'period', type: 'datetime', filter: 'range', primaryFilter: true },
    { name: 'name', type: 'text', list: true },
    { name: 'productId', type: 'enum', options: products, list: true },
    { name: 'status', type: 'enum', options: statusOptions, list: true },
    { name: 'orders', type: 'number', list: true, sortable: true },
    { name: 'lost', type: 'number', list: true, sortable: true },
    { name: 'lostAmount', type: 'money', list: true, sortable: true },
    { name: 'lostRate', type: 'text', list: true },
    { name: 'lostShare', type: 'text', list: true },
  ],
  actions: drillDown(LOST_GROUPS),
  variants: [csVariant('lostOrders', LIST)],
};
