/**
 * Payout orders: the pool (/payProxyOrder/pool, the waiting payouts no supplier holds, which
 * suppliers claim from) and the payout lists (/payProxyOrder/list) with their role variants
 * (customer service, supplier, the supplier's agents, merchant). Rows come from the abilities' row
 * scope, applied by the server; columns and filters from the fields' `onlyFor` (fields.ts); row
 * actions (actions.ts) show when the ability and the payout's state allow them.
 */
import type { ResourceDeclaration } from '../types';
import { payoutActions, poolActions } from './actions';
import { payoutApi } from './api';
import { PAYOUT_POOL, PAYOUT_POOL_CUSTOMER_SERVICE, PAYOUTS, PAYOUTS_CUSTOMER_SERVICE, PAYOUTS_MERCHANT, PAYOUTS_SUPPLIER, PAYOUTS_SUPPLIER_PROXY, payoutFields, payoutTrail } from './fields';

const variant = (name: string, path: string) => ({ name, routes: { list: `/payProxyOrder/list/${path}`, show: `/payProxyOrder/list/${path}/show/:id` } });

export const payoutPool: ResourceDeclaration = {
  name: PAYOUT_POOL,
  parent: 'group.payoutOrders',
  icon: 'appstore',
  // The pool's labels are the payouts' (locales/<lang>/payouts.json).
  labels: 'payouts',
  routes: { list: '/payProxyOrder/pool' },
  api: { list: payoutApi.poolList, export: payoutApi.exportPoolList, pageSizeParam: 'pageSize' },
  fields: payoutFields,
  actions: poolActions,
  listFailed: 'errors.orderListFailed',
  variants: [{ name: PAYOUT_POOL_CUSTOMER_SERVICE, routes: { list: '/payProxyOrder/pool/customerService' } }],
};

export const payouts: ResourceDeclaration = {
  name: PAYOUTS,
  parent: 'group.payoutOrders',
  icon: 'send',
  routes: { list: '/payProxyOrder/list', show: '/payProxyOrder/list/show/:id' },
  api: { list: payoutApi.list, one: payoutApi.one, export: payoutApi.exportList, pageSizeParam: 'pageSize' },
  fields: payoutFields,
  trail: payoutTrail,
  actions: payoutActions,
  listFailed: 'errors.orderListFailed',
  variants: [
    variant(PAYOUTS_CUSTOMER_SERVICE, 'customerService'),
    variant(PAYOUTS_SUPPLIER, 'supplier'),
    // The supplier's agents' payouts: the same list, always asked with isProxy=true.
    { ...variant(PAYOUTS_SUPPLIER_PROXY, 'supplierProxy'), listQuery: { isProxy: true } },
    variant(PAYOUTS_MERCHANT, 'merchant'),
  ],
};
