/**
 * Order source analysis: collection orders of a period (default the last 7 days) by where they
 * came from (client IP, merchant, product, return-URL host), with counts, paid orders and amounts
 * and success rates. An aggregate the server computes; the generic list shows it.
 */
import type { ResourceDeclaration } from '../types';
import { LABELS, csVariant, orderAnalysisApi as api } from './api';
import { SOURCE_GROUPS, drillDown, products } from './groups';

const LIST = '/orderAnalysis/order-analysis-list/source';

export const orderSources: ResourceDeclaration = {
  name: 'orderSources',
  parent: 'group.orderAnalysis',
  icon: 'global',
  labels: LABELS,
  routes: { list: LIST },
  api: { list: api.sourceList },
  fields: [
    { name: 'groupBy', type: 'enum', options: { values: SOURCE_GROUPS, labelKey: `${LABELS}.groups` }, filter: 'exact', primaryFilter: true },
    { name: 'period', type: 'datetime', filter: 'range', primaryFilter: true },
    { name: 'name', type: 'text', list: true },
    { name: 'productId', type: 'enum', options: products, list: true },
    { name: 'orders', type: 'number', list: true, sortable: true },
    { name: 'paid', type: 'number', list: true, sortable: true },
    { name: 'paidAmount', type: 'money', list: true, sortable: true },
    { name: 'successRate', type: 'text', list: true, sortable: true },
  ],
  actions: drillDown(SOURCE_GROUPS),
  variants: [csVariant('orderSources', LIST)],
};
