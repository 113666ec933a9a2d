/**
 * Ingest clients (system management): the devices (bank SMS phones, web-message readers, USDT
 * watchers) and monitors that feed records in from outside through /ingest/... (docs/ingest.md).
 * Each belongs to a supplier and optionally watches one of its receiving accounts; a pay runner
 * (which reports the dynamic pay scripts' calls) is the platform's and belongs to none. Its token is
 * made by the server, answered once on create or regenerate (shown with a copy button) and stored
 * only as a hash (server/ingest/clients.ts).
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalId, optionalSwitch, required } from '../common/rules';
import { userApi } from '../users/api';

export const INGEST_KINDS = ['device', 'monitor', 'payRunner'] as const;
/** The kind that belongs to no supplier: the platform's pay runner. */
export const OWNERLESS_KIND = 'payRunner';

const editable = { name: required(64), supplierId: optionalId, accountId: optionalId, enabled: optionalSwitch };

/** A device or monitor names its supplier; a pay runner names neither supplier nor account. */
function ownerByKind(value: { kind: string; supplierId?: number; accountId?: number }, ctx: z.RefinementCtx) {
  if (value.kind !== OWNERLESS_KIND && value.supplierId === undefined) ctx.addIssue({ code: 'custom', path: ['supplierId'], message: 'required' });
  if (value.kind !== OWNERLESS_KIND) return;
  for (const field of ['supplierId', 'accountId'] as const) if (value[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'payRunnerOwner' });
}

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
    { name: 'kind', type: 'enum', options: { values: INGEST_KINDS, labelKey: 'ingestClients.kinds', colors: { device: 'blue', monitor: 'purple', payRunner: 'cyan' } }, list: true, filter: 'exact', show: true, create: true },
    { name: 'supplierName', type: 'text', list: true, show: true },
    { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', create: true, edit: true },
    { name: 'accountId', type: 'number', list: true, show: true, create: true, edit: true, hint: 'ingestClients.accountHint' },
    { name: 'cardNumber', type: 'text', list: true, show: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'lastSeenAt', type: 'datetime', list: true, show: true },
    { name: 'lastSeenIp', type: 'text', show: true },
    { name: 'createdAt', type: 'datetime', show: true },
  ],
  createSchema: z.object({ code: required(32).regex(/^[A-Za-z0-9_-]+$/, 'accountChars'), kind: z.enum(INGEST_KINDS), ...editable }).superRefine(ownerByKind),
  editSchema: z.object({ id, ...editable }),
  actions: [
    { name: 'disable', ability: 'enableResource', call: '/ingestClient/setEnabled', params: { enabled: false }, confirm: true, when: { field: 'enabled', equals: true } },
    { name: 'enable', ability: 'enableResource', call: '/ingestClient/setEnabled', params: { enabled: true }, when: { field: 'enabled', equals: false } },
    { name: 'regenerateToken', ability: 'regenerateKey', call: '/ingestClient/regenerateToken', confirm: true, danger: true, showResult: true, warning: 'ingestClients.regenerateWarning' },
  ],
};
