/** User product configuration (/userProduct): which merchant or supplier has which product at which rate and fees. */
import { PRODUCT_OPTIONS } from '../merchants/member-declaration';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { SIDES, addUserProduct, updateUserProduct } from './schema';

/** Merchants and suppliers to pick from (`userOptions`), beside the CRUD calls. */
export const userProductApi = crudApi('/userProduct', { calls: { userOptions: '/userProduct/getUserOptions' } });

export const userProducts: ResourceDeclaration = {
  name: 'userProducts',
  parent: 'group.system',
  icon: 'appstore',
  routes: { list: '/userProduct', create: '/userProduct/create', edit: '/userProduct/edit/:id', show: '/userProduct/show/:id' },
  api: userProductApi,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'userId', type: 'enum', options: { api: userProductApi.calls.userOptions }, list: true, filter: 'exact', show: true, create: true },
    { name: 'side', type: 'enum', options: { values: SIDES, labelKey: 'userProducts.sides' }, list: true, filter: 'exact', show: true },
    { name: 'productId', type: 'enum', options: PRODUCT_OPTIONS, list: true, filter: 'exact', show: true, create: true },
    { name: 'rate', type: 'rate', list: true, show: true, create: true, edit: true, hint: 'userProducts.hints.rate' },
    { name: 'fixedFee', type: 'money', integerUnits: true, hint: 'userProducts.hints.fee', list: true, show: true, create: true, edit: true },
    { name: 'singleFee', type: 'money', integerUnits: true, hint: 'userProducts.hints.fee', list: true, show: true, create: true, edit: true },
    { name: 'enabled', type: 'boolean', list: true, show: true, create: true, edit: true, defaultValue: true },
    { name: 'createdAt', type: 'datetime', show: true },
  ],
  createSchema: addUserProduct,
  editSchema: updateUserProduct,
};
