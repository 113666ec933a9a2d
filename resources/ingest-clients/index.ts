/**
 * Ingest clients (system management): the devices (bank SMS phones, web-message readers, USDT
 * watchers) and monitors that feed records in from outside through /ingest/... (docs/ingest.md).
 * Each belongs to a supplier and optionally watches one of its receiving accounts. Its token is
 * made by the server, answered once on create or regenerate (shown with a copy button) and stored
 * only as a hash (server/ingest/clients.ts).
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalId, optionalSwitch, required } from '../common/rules';
import { userApi } from '../users/api';

const INGEST_KINDS = ['device', 'monitor'] as const;

const editable = { name: required(64), supplierId: id, accountId: optionalId, enabled: optionalSwitch };

export const ingestClients: ResourceDeclaration = {
  name: 'ingestClients',
  parent: 'group.system',
  icon: 'api',
  routes: { list: '/systemManager/ingestClients', create: '/systemManager/ingestClients/create', edit: '/systemManager/ingestClients/edit/:id', show: '/systemManager/ingestClients/show/:id' },
  api: crudApi('/ingestClient', { calls: { regenerateToken: '/ingestClient/regenerateToken', setEnabled: '/ingestClient/setEnabled' } }),
  createShowsOnce: 'token',
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'code', type: 'text', list: true, filter: 'contains', primaryFilter: true, show: true, create: true, copyable: true },
    { name: 'name', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'kind', type: 'enum', options: { values: INGEST_KINDS, labelKey: 'ingestClients.kinds', colors: { device: 'blue', monitor: 'purple' } }, list: true, filter: 'exact', show: true, create: true },
    { name: 'supplierName', type: 'text', list: true, show: true },
    { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', create: true, edit: true },
    { name: 'accountId', type: 'number', list: true, show: true, create: true, edit: true, hint: 'ingestClients.accountHint' },
    { name: 'cardNumber', type: 'text', list: true, show: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'lastSeenAt', type: 'datetime', list: true, show: true },
    { name: 'lastSeenIp', type: 'text', show: true },
    { name: 'createdAt', type: 'datetime', show: true },
  ],
  createSchema: z.object({ code: required(32).regex(/^[A-Za-z0-9_-]+$/, 'accountChars'), kind: z.enum(INGEST_KINDS), ...editable }),
  editSchema: z.object({ id, ...editable }),
  actions: [
    { name: 'disable', ability: 'enableResource', call: '/ingestClient/setEnabled', params: { enabled: false }, confirm: true, when: { field: 'enabled', equals: true } },
    { name: 'enable', ability: 'enableResource', call: '/ingestClient/setEnabled', params: { enabled: true }, when: { field: 'enabled', equals: false } },
    { name: 'regenerateToken', ability: 'regenerateKey', call: '/ingestClient/regenerateToken', confirm: true, danger: true, showResult: true, warning: 'ingestClients.regenerateWarning' },
  ],
};
