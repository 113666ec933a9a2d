/**
 * Order callbacks: the notification of each paid order to its merchant's notify URL, one row per
 * order, with its state, the number of attempts and the last answer. Served by the entity kit
 * (server/orders/callbacks/routes.ts); the worker (server/orders/callbacks/worker.ts) fills it.
 * Deleting a row stops its retries and takes it off the list; "resend" asks for a new round.
 */
import type { ResourceDeclaration } from '../types';
import { orderApi, orderCallbackApi } from '../orders/api';
import { ORDER_STATUSES } from '../orders/statuses';

/** A callback's state: a try is due, the merchant answered success, or the retries ran out. */
const CALLBACK_STATES = ['pending', 'succeeded', 'failed'] as const;

export const orderCallbacks: ResourceDeclaration = {
  name: 'orderCallbacks',
  parent: 'group.collectionOrders',
  icon: 'send',
  routes: { list: '/orderCallback' },
  api: { list: orderCallbackApi.list, pageSizeParam: 'pageNum', delete: orderCallbackApi.delete, deleteMethod: 'POST' },
  fields: [
    { name: 'id', type: 'number', list: true, width: 70 },
    { name: 'orderCode', type: 'text', list: true, filter: 'exact', copyable: true },
    { name: 'merchantOrderNo', type: 'text', list: true, filter: 'exact', copyable: true },
    { name: 'merchantName', type: 'text', list: true },
    { name: 'orderStatus', type: 'enum', list: true, options: { values: ORDER_STATUSES.map((s) => s.code), labelKey: 'orderStatus' } },
    { name: 'state', type: 'enum', list: true, options: { values: CALLBACK_STATES, labelKey: 'orderCallbacks.states' } },
    { name: 'attempts', type: 'number', list: true },
    { name: 'lastAttemptAt', type: 'datetime', list: true },
    { name: 'lastResponseStatus', type: 'number', list: true },
    { name: 'lastResponse', type: 'json', list: true },
    { name: 'url', type: 'text', list: true, copyable: true },
    { name: 'nextAttemptAt', type: 'datetime', list: true },
    { name: 'deadlineAt', type: 'datetime', list: true },
    { name: 'createdAt', type: 'datetime', list: true },
  ],
  // Sends the order's notification again now, with a new retry window (the order's callback action).
  actions: [{ name: 'resend', ability: 'callback', call: orderApi.callback, idParam: 'orderCode', idField: 'orderCode', confirm: true }],
  variants: [{ name: 'orderCallbacks-customerService', routes: { list: '/orderCallback/customerService' } }],
};
