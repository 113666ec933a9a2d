/**
 * Admin test order (/order/testAdminOrder, superAdmin and admin): the API-test form for a chosen
 * merchant; the server signs with that merchant's key, which never reaches the browser. The order
 * carries the test mark and stays out of statistics. A payout product places a real payout on the
 * merchant's balance (/order/testAdminPayout), behind the second-level password.
 */
import { orderApi } from '../orders/api';
import type { ResourceDeclaration } from '../types';

export const orderTestAdmin: ResourceDeclaration = {
  name: 'orderTestAdmin',
  parent: 'group.system',
  icon: 'api',
  routes: { list: '/order/testAdminOrder' },
  api: { create: orderApi.adminTestOrder },
  screens: { list: 'OrderTestAdminPage' },
};
