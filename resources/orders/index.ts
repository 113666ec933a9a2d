/**
 * Collection orders: one declaration for the admin's list (/order/list) and its role variants
 * (customer service, supplier, the supplier's agents, merchant). The rows each role gets come from
 * the abilities' row scope, applied by the server; the columns and filters from the fields'
 * `onlyFor` (fields.ts). Row actions are the order actions (actions.ts), each shown when the
 * ability and the order's status allow it.
 */
import type { ResourceDeclaration } from '../types';
import { orderActions } from './actions';
import { orderApi } from './api';
import { CUSTOMER_SERVICE, MERCHANT, ORDERS, SUPPLIER, SUPPLIER_PROXY, orderFields, orderTrail } from './fields';

const variant = (name: string, path: string) => ({ name, routes: { list: `/order/list/${path}`, show: `/order/list/${path}/show/:id` } });

export const orders: ResourceDeclaration = {
  name: ORDERS,
  parent: 'group.collectionOrders',
  icon: 'fileText',
  routes: { list: '/order/list', show: '/order/list/show/:id' },
  api: { list: orderApi.list, one: orderApi.one, export: orderApi.exportList, pageSizeParam: 'pageSize' },
  fields: orderFields,
  trail: orderTrail,
  actions: orderActions,
  listFailed: 'errors.orderListFailed',
  // Custom: the list offers a merchant's batch upload (while GET /order/orderUploadFlag allows it),
  // the detail adds the allocation explanation, each the generic screen plus its part.
  screens: { list: 'OrderListPage', show: 'OrderShow' },
  variants: [
    variant(CUSTOMER_SERVICE, 'customerService'),
    variant(SUPPLIER, 'supplier'),
    // The supplier's agents' orders: the same list, always asked with isProxy=true.
    { ...variant(SUPPLIER_PROXY, 'supplierProxy'), listQuery: { isProxy: true } },
    variant(MERCHANT, 'merchant'),
  ],
};
