/** Account management /setting/users: the first full resource declaration. */
import { ROLES } from '../../providers/roles';
import type { ResourceDeclaration, RowAction } from '../types';
import { googleBindingApi } from '../session/api';
import { userApi } from './api';
import { addUser, balanceGuardedAction, repairUser, updateUser } from './schema';

/**
 * Resetting a payment password, on the account list and the member lists: a balance operation, so
 * the second-level password and (while its switch is on) a Google code; the dialog is the confirmation.
 */
export const resetPayPasswordAction: RowAction = {
  name: 'resetPayPassword',
  ability: 'resetPayPassword',
  call: userApi.calls.resetPayPassword,
  method: 'GET',
  inputs: [{ name: 'googleCode', type: 'text' }],
  schema: balanceGuardedAction,
  success: 'common.resetSuccessful',
  when: { field: 'deleted', equals: false },
};

/** A switch action on a live account: its question names the account (`rowActions.questions.<name>`), a warning says what follows. */
const accountSwitch = (name: string, call: string, params: Record<string, boolean>, field: string, now: boolean, warning?: string): RowAction => ({
  name,
  warning,
  ability: 'edit',
  call,
  idParam: 'userId',
  params,
  confirm: true,
  labels: 'rowActions',
  when: [{ field: 'deleted', equals: false }, { field, equals: now }],
});

/**
 * Google verification on and off, on the account list and the member lists: the server asks the
 * second-level password (the window opens from the confirmation) and never lets one switch one's own.
 */
export const googleVerifyActions: RowAction[] = [
  accountSwitch('googleVerifyOff', googleBindingApi.enableGoogleVerify, { enableGoogleVerify: false }, 'enableGoogleVerify', true, 'rowActions.warnings.googleVerifyOff'),
  accountSwitch('googleVerifyOn', googleBindingApi.enableGoogleVerify, { enableGoogleVerify: true }, 'enableGoogleVerify', false, 'rowActions.warnings.googleVerifyOn'),
];

const allowModifyActions: RowAction[] = [
  accountSwitch('forbidModify', userApi.calls.setAllowModify, { allowModify: false }, 'allowModify', true),
  accountSwitch('allowModify', userApi.calls.setAllowModify, { allowModify: true }, 'allowModify', false),
];

export const users: ResourceDeclaration = {
  name: 'users',
  parent: 'group.system',
  icon: 'team',
  routes: { list: '/setting/users', create: '/setting/users/create', edit: '/setting/users/edit/:id', show: '/setting/users/show/:id' },
  api: userApi,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 80 },
    { name: 'account', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
    { name: 'nickname', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'password', type: 'password', create: true, edit: true },
    { name: 'role', type: 'enum', options: { values: ROLES, labelKey: 'roles' }, list: true, filter: 'exact', filterName: 'access', show: true, edit: true },
    { name: 'access', type: 'enum', options: { values: ROLES, labelKey: 'roles' }, create: true },
    { name: 'allowModify', type: 'boolean', list: true, show: true },
    { name: 'enableGoogleVerify', type: 'boolean', list: true, show: true },
    { name: 'lastLoginIp', type: 'text', list: true, show: true },
    { name: 'lastLoginAt', type: 'datetime', list: true, show: true },
    { name: 'deleted', type: 'boolean', list: true, show: true },
    { name: 'createdAt', type: 'datetime', show: true },
    // Deleted accounts are hidden unless asked for, so they can be found and restored.
    { name: 'includeDeleted', type: 'boolean', filter: 'withDeleted' },
  ],
  deletable: { field: 'deleted', equals: false },
  createSchema: addUser,
  editSchema: updateUser,
  restoreSchema: repairUser,
  actions: [
    ...googleVerifyActions,
    ...allowModifyActions,
    resetPayPasswordAction,
    {
      name: 'restore',
      ability: 'restore',
      call: userApi.restore,
      idParam: 'userId',
      inputs: [{ name: 'newAccountName', type: 'text' }, { name: 'googleCode', type: 'text' }],
      schema: repairUser,
      success: 'common.restoreSuccessful',
      when: { field: 'deleted', equals: true },
    },
  ],
};
