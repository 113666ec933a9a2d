/**
 * Monitor log (admin group): the lines monitors send through the ingest endpoint, newest first,
 * filtered as spec section 3 says (monitorId, orderCode, cardNumber, logPhase, time range). Served
 * by the entity kit (server/monitors/routes.ts). The screen is the generic list plus what a table
 * declaration cannot say: the Clear button (a call on the whole log, not a row) and the panel of
 * monitors with their status labels (src/pages/monitor-log).
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { monitorLogApi } from './api';

/** A log phase: a short code the monitor names its step by (login, fetch, match, payment...). */
export const logPhase = z.string().trim().min(1, 'required').max(32, 'tooLong').regex(/^[A-Za-z0-9_.-]+$/, 'format');

export const monitorLogs: ResourceDeclaration = {
  name: 'monitorLogs',
  parent: 'group.monitorLog',
  icon: 'monitor',
  routes: { list: '/monitorLog/monitorLog' },
  api: { list: monitorLogApi.list, calls: { clear: monitorLogApi.clear, monitors: monitorLogApi.monitors } },
  fields: [
    { name: 'id', type: 'number', list: true, width: 80 },
    { name: 'monitorId', type: 'text', list: true, filter: 'exact', primaryFilter: true, copyable: true },
    { name: 'orderCode', type: 'text', list: true, filter: 'exact', primaryFilter: true, copyable: true },
    { name: 'cardNumber', type: 'text', list: true, filter: 'exact', primaryFilter: true },
    { name: 'logPhase', type: 'text', list: true, filter: 'exact' },
    { name: 'content', type: 'text', list: true },
    { name: 'loggedAt', type: 'datetime', list: true, filter: 'range' },
    { name: 'receivedAt', type: 'datetime', list: true },
  ],
  screens: { list: 'MonitorLogPage' },
  variants: [{ name: 'monitorLogs-customerService', routes: { list: '/monitorLog/monitorLog/customerService' } }],
};
