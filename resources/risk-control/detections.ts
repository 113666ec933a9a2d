/**
 * Risk detections: each payout the risk check held, with the rule (blacklist kind) that hit and
 * the listed value it matched. Read-only: the check writes them (server/risk-control/detect.ts).
 */
import type { ResourceDeclaration } from '../types';
import { userApi } from '../users/api';
import { KIND_CODES } from './blacklist';

/** What the check did with the payout: it holds it for an operator. */
const DETECTION_OUTCOMES = ['held'] as const;

export const riskDetections: ResourceDeclaration = {
  name: 'riskDetections',
  parent: 'group.payoutOrders',
  icon: 'radar',
  routes: { list: '/payProxyOrder/risk-control/detection-records', show: '/payProxyOrder/risk-control/detection-records/show/:id' },
  api: { list: '/riskControl/detections/getList', one: '/riskControl/detections/getOne' },
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'orderCode', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true },
    { name: 'merchantName', type: 'text', list: true, show: true },
    { name: 'merchantId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'merchant' } }, filter: 'exact' },
    { name: 'rule', type: 'enum', options: { values: KIND_CODES, labelKey: 'riskBlacklist.kinds' }, list: true, filter: 'exact', show: true },
    { name: 'value', type: 'text', list: true, show: true, copyable: true },
    { name: 'outcome', type: 'enum', options: { values: DETECTION_OUTCOMES, labelKey: 'riskDetections.outcomes', colors: { held: 'orange' } }, list: true, show: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
};
