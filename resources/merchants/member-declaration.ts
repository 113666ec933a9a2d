/**
 * Merchants and suppliers share one screen shape ("members": account, merchant number and key,
 * accept-orders switch, ledger balance, products and rates). Each folder declares its own copy
 * from here with its names, paths and API prefix; read-only variants come from the abilities.
 */
import { CATALOGUE } from '../products/catalogue';
import type { FieldDeclaration, ResourceDeclaration, RowAction } from '../types';
import { crudApi } from '../common/api';
import { googleVerifyActions, resetPayPasswordAction } from '../users';
import { balanceGuardedAction } from '../users/schema';
import { addMember, updateMember } from './schema';
import { googleBindingApi } from '../session/api';
import { balanceActions, balanceCalls } from './balance-actions';

export const PRODUCT_OPTIONS = { values: CATALOGUE.map((p) => p.id), labelKey: 'products.names' } as const;

interface MemberScreen {
  name: string;
  parent: string;
  icon: string;
  /** The list route, e.g. /merchants/list. */
  path: string;
  /** Server prefix: /merchant or /supplier. */
  prefix: string;
  /** Offers "clear balance" (merchants only, while CanClearMerchantBalance is on). */
  clearBalance?: boolean;
}

const FIELDS: FieldDeclaration[] = [
  { name: 'id', type: 'number', list: true, show: true, width: 70 },
  { name: 'account', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
  { name: 'nickname', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
  { name: 'password', type: 'password', create: true, edit: true },
  { name: 'mchId', type: 'text', list: true, filter: 'exact', show: true, copyable: true },
  // Arrives masked from the server ("demo••••••0001"); the copy and regenerate actions reveal it.
  { name: 'merchantKey', type: 'text', list: true, show: true },
  { name: 'acceptOrders', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
  // Available funds (what orders and payouts move) and funds an admin froze, both from the ledger.
  { name: 'balance', type: 'money', list: true, show: true },
  { name: 'frozenBalance', type: 'money', list: true, show: true },
  { name: 'productIds', type: 'enum', options: PRODUCT_OPTIONS, list: true, show: true },
  // Structured rows from the server; the screen names each product in the reader's language.
  { name: 'products', type: 'productRates', show: true },
  // The supplier created with a merchant (or merchant with a supplier) while AutoCreateRelate* is on.
  { name: 'relatedAccount', type: 'text', show: true },
  { name: 'lastLoginIp', type: 'text', show: true },
  { name: 'lastLoginAt', type: 'datetime', show: true },
  { name: 'deleted', type: 'boolean', list: true, show: true },
  { name: 'includeDeleted', type: 'boolean', filter: 'withDeleted' },
  { name: 'createdAt', type: 'datetime', show: true },
];

/** A member screen's calls under its prefix (/merchant, /supplier): CRUD, restore, the switch and the key. */
export const memberApi = (prefix: string) =>
  crudApi(prefix, {
    restore: `${prefix}/restore`,
    calls: { setAcceptOrders: `${prefix}/setAcceptOrders`, revealKey: `${prefix}/getMerchantKey`, regenerateKey: `${prefix}/regenerateKey`, ...balanceCalls(prefix) },
  });

const actions = ({ calls, restore }: ReturnType<typeof memberApi>, clearBalance: boolean): RowAction[] => [
  { name: 'products', ability: 'list', call: '', link: { path: '/userProduct', param: 'userId', subject: 'userProducts' } },
  { name: 'stopOrders', ability: 'edit', call: calls.setAcceptOrders, params: { acceptOrders: false }, confirm: true, when: { field: 'acceptOrders', equals: true } },
  { name: 'acceptOrders', ability: 'edit', call: calls.setAcceptOrders, params: { acceptOrders: true }, when: { field: 'acceptOrders', equals: false } },
  { name: 'copyKey', ability: 'regenerateKey', call: calls.revealKey, method: 'GET', copyResult: true, when: { field: 'deleted', equals: false } },
  { name: 'regenerateKey', ability: 'regenerateKey', call: calls.regenerateKey, confirm: true, danger: true, showResult: true, when: { field: 'deleted', equals: false } },
  // Google Authenticator of the member's account.
  { name: 'bindGoogle', ability: 'bind', call: googleBindingApi.bindUser, idParam: 'userAccount', idField: 'account', params: { needToLogout: true }, confirm: true, when: { field: 'deleted', equals: false } },
  { name: 'confirmGoogle', ability: 'bind', call: googleBindingApi.confirmBind, idParam: 'userAccount', idField: 'account', inputs: [{ name: 'googleCode', type: 'text' }], when: { field: 'deleted', equals: false } },
  { name: 'unbindGoogle', ability: 'unbind', call: googleBindingApi.unbind, idParam: 'userAccount', idField: 'account', confirm: true, danger: true, when: { field: 'deleted', equals: false } },
  ...googleVerifyActions,
  ...balanceActions(calls, clearBalance),
  resetPayPasswordAction,
  // Restoring an account is a balance operation: its Google code is asked while the switch is on.
  { name: 'restore', ability: 'restore', call: restore, inputs: [{ name: 'googleCode', type: 'text' }], schema: balanceGuardedAction, success: 'common.restoreSuccessful', when: { field: 'deleted', equals: true } },
];

export function memberDeclaration({ name, parent, icon, path, prefix, clearBalance = false }: MemberScreen): ResourceDeclaration {
  const api = memberApi(prefix);
  return {
    name,
    parent,
    icon,
    routes: { list: path, create: `${path}/create`, edit: `${path}/edit/:id`, show: `${path}/show/:id` },
    api,
    fields: FIELDS,
    createSchema: addMember,
    editSchema: updateMember,
    deletable: { field: 'deleted', equals: false },
    actions: actions(api, clearBalance),
    variants: [{ name: `${name}-customerService`, routes: { list: `${path}/customerService`, show: `${path}/customerService/show/:id` } }],
  };
}
