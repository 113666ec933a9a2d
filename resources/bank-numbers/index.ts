/** Bank number management (system management): bank names and numbers the platform recognises. */
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { addBankNumber, updateBankNumber } from './schema';

export const bankNumbers: ResourceDeclaration = {
  name: 'bankNumbers',
  parent: 'group.system',
  icon: 'bank',
  routes: { list: '/systemManager/bankNumber', create: '/systemManager/bankNumber/create', edit: '/systemManager/bankNumber/edit/:id', show: '/systemManager/bankNumber/show/:id' },
  api: crudApi('/bankNumber'),
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'bankName', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'bankNumber', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
    { name: 'remark', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'enabled', type: 'boolean', list: true, show: true, create: true, edit: true, defaultValue: true },
    { name: 'createdAt', type: 'datetime', list: true, show: true },
  ],
  createSchema: addBankNumber,
  editSchema: updateBankNumber,
};
