/**
 * API test (/order/test/merchant, merchant): the merchant places an order on itself through the real
 * creation API, signed on the server with its own key, and follows it (a payout product: a test
 * payout through /order/testPayout, behind the second-level password). A custom screen because it
 * is a form with a live result (pay link, QR code, status), not a list of rows.
 */
import { orderApi } from '../orders/api';
import type { ResourceDeclaration } from '../types';

export const orderTest: ResourceDeclaration = {
  name: 'orderTest',
  parent: 'group.apiTest',
  icon: 'api',
  routes: { list: '/order/test/merchant' },
  api: { create: orderApi.testOrder },
  screens: { list: 'OrderTestPage' },
};
