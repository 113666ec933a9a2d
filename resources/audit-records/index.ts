/**
 * The audit log ("log list", system management): every change, refused call and failed login, as
 * server/audit writes them. Read-only for everyone: the declaration has no create, edit or delete
 * call, and the table refuses UPDATE and DELETE. Newest first; filters by user, type, result,
 * action and time; CSV export.
 */
import type { ResourceDeclaration } from '../types';
import { userApi } from '../users/api';
import { AUDIT_ACTIONS } from './actions';
import { AUDIT_RESULTS, AUDIT_TYPE_COLORS, AUDIT_TYPES } from './types';

const auditRecordApi = { list: '/auditRecord/getList', export: '/auditRecord/export' } as const;

export const auditRecords: ResourceDeclaration = {
  name: 'auditRecords',
  parent: 'group.system',
  icon: 'fileText',
  routes: { list: '/auditRecord/auditRecord' },
  api: auditRecordApi,
  fields: [
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', primaryFilter: true, width: 170 },
    // Any account, deleted ones included: the log outlives them.
    { name: 'userId', type: 'enum', options: { api: userApi.calls.userOptions, query: { includeDeleted: true } }, filter: 'exact', primaryFilter: true },
    { name: 'account', type: 'text', list: true, filter: 'contains', width: 130 },
    { name: 'ip', type: 'text', list: true, filter: 'prefix', width: 130 },
    { name: 'type', type: 'enum', options: { values: AUDIT_TYPES, labelKey: 'auditRecords.types', colors: AUDIT_TYPE_COLORS }, list: true, filter: 'exact', primaryFilter: true },
    { name: 'action', type: 'enum', options: { values: AUDIT_ACTIONS, labelKey: 'auditActions' }, list: true },
    { name: 'actionText', type: 'text', filter: 'contains', primaryFilter: true },
    { name: 'target', type: 'text', list: true, copyable: true },
    { name: 'result', type: 'enum', options: { values: AUDIT_RESULTS, labelKey: 'auditRecords.results', colors: { success: 'green', failure: 'red' } }, list: true, filter: 'exact' },
    { name: 'errorMsg', type: 'text', list: true },
    { name: 'before', type: 'json', list: true },
    { name: 'after', type: 'json', list: true },
  ],
};
