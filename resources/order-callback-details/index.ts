/**
 * Order callback details: every HTTP call made to a merchant's notify URL, as sent (URL, method,
 * signed parameters) and as answered (status, body capped, time in ms, success). Read-only; the
 * filters are the platform's (orderCode, merchantOrderCode, systemFlag, httpMethod and the
 * startReceiveTime..endReceiveTime range).
 */
import type { ResourceDeclaration } from '../types';
import { orderCallbackApi } from '../orders/api';

export const orderCallbackDetails: ResourceDeclaration = {
  name: 'orderCallbackDetails',
  parent: 'group.collectionOrders',
  icon: 'api',
  routes: { list: '/orderCallbackDetail' },
  api: { list: orderCallbackApi.detailList },
  // The outcome first (when, success, status, time, answer), then what was sent.
  fields: [
    { name: 'id', type: 'number', list: true, width: 70 },
    { name: 'orderCode', type: 'text', list: true, filter: 'exact', copyable: true },
    { name: 'merchantOrderNo', type: 'text', list: true, filter: 'exact', filterName: 'merchantOrderCode', copyable: true },
    { name: 'receivedAt', type: 'datetime', list: true, filter: 'range', rangeNames: ['startReceiveTime', 'endReceiveTime'] },
    { name: 'success', type: 'boolean', list: true },
    { name: 'responseStatus', type: 'number', list: true },
    { name: 'durationMs', type: 'number', list: true },
    { name: 'responseBody', type: 'json', list: true },
    { name: 'params', type: 'json', list: true },
    { name: 'url', type: 'text', list: true, copyable: true },
    { name: 'httpMethod', type: 'enum', list: true, filter: 'exact', options: { values: ['POST', 'GET'], labelKey: 'orderCallbackDetails.methods' } },
    { name: 'format', type: 'text', list: true },
    { name: 'systemFlag', type: 'text', list: true, filter: 'exact' },
  ],
  variants: [{ name: 'orderCallbackDetails-readonly', routes: { list: '/orderCallbackDetail/readonly' } }],
};
