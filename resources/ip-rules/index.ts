/**
 * IP rules: the addresses an account may sign in and work from. A platform rule (system
 * management > IP whitelist) names a role or one account; an agent whitelist entry (agent
 * management) names one agent of the supplier who keeps it. Where enabled rules name an account
 * or its role, that account is refused from every address outside all of them (server/ip-rules).
 * Adding, editing and deleting ask a Google code while GoogleVerifyIpRule / GoogleVerifyIpWhitelist is on.
 */
import { ROLES } from '../../providers/roles';
import type { FieldDeclaration, ResourceApi, ResourceDeclaration, RowAction } from '../types';
import { crudApi } from '../common/api';
import { userApi } from '../users/api';
import { addAgentIp, addIpRule, deleteIpRule, updateAgentIp, updateIpRule } from './rules';

/**
 * Deleting is a row action, not the list's plain delete button, because it asks for the Google
 * code: the declaration names no `delete`, the call sits in `calls` and the kit serves it there.
 */
const rulesApi = (prefix: string) => {
  const { delete: remove, ...api } = crudApi(prefix);
  return { ...api, calls: { delete: remove! } } satisfies ResourceApi;
};
const ipRuleApi = rulesApi('/ipRule');
const agentIpApi = rulesApi('/agentIpWhitelist');

const deleteAction = (call: string): RowAction => ({
  name: 'delete',
  ability: 'delete',
  call,
  method: 'GET',
  danger: true,
  confirm: true,
  inputs: [{ name: 'googleCode', type: 'text' }],
  schema: deleteIpRule,
  labels: 'ipRules',
});

const address: FieldDeclaration = { name: 'address', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true, hint: 'ipRules.hints.address' };
const common: FieldDeclaration[] = [
  { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
  { name: 'note', type: 'text', list: true, show: true, create: true, edit: true },
  { name: 'createdByName', type: 'text', list: true, show: true },
  { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  { name: 'googleCode', type: 'text', create: true, edit: true, hint: 'ipRules.hints.googleCode' },
];

export const ipRules: ResourceDeclaration = {
  name: 'ipRules',
  parent: 'group.system',
  icon: 'global',
  routes: { list: '/systemManager/ipRule', create: '/systemManager/ipRule/create', edit: '/systemManager/ipRule/edit/:id', show: '/systemManager/ipRule/show/:id' },
  api: ipRuleApi,
  labels: 'ipRules',
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    address,
    { name: 'role', type: 'enum', options: { values: ROLES, labelKey: 'roles' }, list: true, filter: 'exact', show: true, create: true, edit: true, hint: 'ipRules.hints.target' },
    { name: 'userId', type: 'enum', options: { api: userApi.calls.userOptions }, list: true, filter: 'exact', show: true, create: true, edit: true },
    ...common,
  ],
  createSchema: addIpRule,
  editSchema: updateIpRule,
  actions: [deleteAction(ipRuleApi.calls.delete)],
  // The spec's technical-maintenance read-only whitelist view.
  variants: [{ name: 'ipRules-readonly', routes: { list: '/systemManager/ipRule/readonly', show: '/systemManager/ipRule/readonly/show/:id' } }],
};

/** Agent IP whitelist settings: a supplier's rules for its own agents' logins. */
export const agentIpWhitelist: ResourceDeclaration = {
  name: 'agentIpWhitelist',
  parent: 'group.agents',
  icon: 'global',
  routes: { list: '/supplier-proxy/ipWhitelist', create: '/supplier-proxy/ipWhitelist/create', edit: '/supplier-proxy/ipWhitelist/edit/:id', show: '/supplier-proxy/ipWhitelist/show/:id' },
  api: agentIpApi,
  labels: 'ipRules',
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    // The caller's own team (the option list is row-scoped to the supplier and its agents).
    { name: 'userId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, list: true, filter: 'exact', show: true, create: true, edit: true },
    address,
    ...common,
  ],
  createSchema: addAgentIp,
  editSchema: updateAgentIp,
  actions: [deleteAction(agentIpApi.calls.delete)],
};
