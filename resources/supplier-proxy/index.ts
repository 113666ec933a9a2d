/** Agent management (/supplier-proxy): a supplier's own agent team, each agent with its own login. */
import { addAgent, updateAgent } from './schema';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';

/** The platform lists agents at /admin/getSupplierProxyList (paged by pageNum); the rest sits under /supplierProxy. */
const api = crudApi('/supplierProxy', { list: '/admin/getSupplierProxyList', pageSizeParam: 'pageNum', restore: '/supplierProxy/restore' });

export const supplierProxy: ResourceDeclaration = {
  name: 'supplierProxy',
  parent: 'group.agents',
  icon: 'cluster',
  routes: { list: '/supplier-proxy', create: '/supplier-proxy/create', edit: '/supplier-proxy/edit/:id', show: '/supplier-proxy/show/:id' },
  api,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'account', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
    { name: 'nickname', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'password', type: 'password', create: true, edit: true },
    { name: 'balance', type: 'money', list: true, show: true },
    { name: 'lastLoginIp', type: 'text', list: true, show: true },
    { name: 'lastLoginAt', type: 'datetime', list: true, show: true },
    { name: 'deleted', type: 'boolean', list: true, show: true },
    { name: 'includeDeleted', type: 'boolean', filter: 'withDeleted' },
    { name: 'createdAt', type: 'datetime', show: true },
  ],
  createSchema: addAgent,
  editSchema: updateAgent,
  deletable: { field: 'deleted', equals: false },
  actions: [{ name: 'restore', ability: 'restore', call: api.restore, confirm: true, success: 'common.restoreSuccessful', when: { field: 'deleted', equals: true } }],
};
