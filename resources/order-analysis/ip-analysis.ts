/**
 * IP access frequency: per client IP over a period (default the last 7 days), its order-creation
 * requests and pay-page visits (the per-minute counts), the orders it placed and paid, success
 * rate, merchants and first/last seen. An aggregate the server computes (server/order-analysis),
 * shown by the generic list: sortable, filterable, an IP frozen by hand from its row.
 */
import type { ResourceDeclaration } from '../types';
import { freezeSchema } from './frozen-ips';
import { LABELS, csVariant, orderAnalysisApi as api } from './api';

const LIST = '/orderAnalysis/ip-analysis-list';

export const ipAnalysis: ResourceDeclaration = {
  name: 'ipAnalysis',
  parent: 'group.orderAnalysis',
  icon: 'radar',
  labels: LABELS,
  routes: { list: LIST },
  api: { list: api.ipList, calls: { freeze: api.freeze } },
  fields: [
    { name: 'ip', type: 'text', list: true, filter: 'contains', copyable: true, sortable: true },
    { name: 'period', type: 'datetime', filter: 'range' },
    { name: 'createRequests', type: 'number', list: true, sortable: true },
    { name: 'payPageVisits', type: 'number', list: true, sortable: true },
    { name: 'ordersCreated', type: 'number', list: true, sortable: true },
    { name: 'ordersPaid', type: 'number', list: true, sortable: true },
    { name: 'successRate', type: 'text', list: true, sortable: true },
    { name: 'merchants', type: 'number', list: true, sortable: true },
    { name: 'firstSeen', type: 'datetime', list: true, sortable: true },
    { name: 'lastSeen', type: 'datetime', list: true, sortable: true },
    { name: 'frozen', type: 'boolean', list: true, filter: 'exact' },
  ],
  actions: [
    {
      name: 'freeze',
      ability: 'freeze',
      call: api.freeze,
      idParam: 'ip',
      idField: 'ip',
      inputs: [{ name: 'reason', type: 'text' }],
      schema: freezeSchema,
      when: { field: 'frozen', equals: false },
      labels: LABELS,
    },
  ],
  variants: [csVariant('ipAnalysis', LIST)],
};
