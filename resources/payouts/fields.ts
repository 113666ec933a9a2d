/**
 * The fields of the payout lists and the pool: the order labels plus the payout labels of spec
 * section 3 (batch, payout status, USDT payout amount, payout wallet address, allocation status,
 * reject reason) and the payee details the supplier pays to. One list drives columns, filters,
 * export and detail.
 *
 * Who sees what (`onlyFor`, enforced by the server too): merchants never see the supplier, its
 * payout account or fee; suppliers never see the merchant, its order number or fee. The pool is
 * read by suppliers too, so it shows no merchant side except on the customer-service screen.
 */
import type { FieldDeclaration, TrailKey } from '../types';
import { CATALOGUE } from '../products/catalogue';
import { userApi } from '../users/api';
import { ORDER_MARKS } from '../orders/statuses';
import { statusGroupOptions } from '../orders/status-groups';
import { PAYOUT_STATE_COLORS, PAYOUT_STATES } from './states';
import { STORED_REJECT_REASONS } from './reject-reasons';

export const PAYOUTS = 'payouts';
export const PAYOUTS_CUSTOMER_SERVICE = 'payouts-customerService';
export const PAYOUTS_SUPPLIER = 'payouts-supplier';
export const PAYOUTS_SUPPLIER_PROXY = 'payouts-supplierProxy';
export const PAYOUTS_MERCHANT = 'payouts-merchant';
export const PAYOUT_POOL = 'payoutPool';
export const PAYOUT_POOL_CUSTOMER_SERVICE = 'payoutPool-customerService';

const STAFF = [PAYOUTS, PAYOUTS_CUSTOMER_SERVICE];
const SUPPLIERS = [PAYOUTS_SUPPLIER, PAYOUTS_SUPPLIER_PROXY];
/** The order lists (not the pool): where a payout may have a supplier and a batch. */
const LISTS = [...STAFF, ...SUPPLIERS, PAYOUTS_MERCHANT];
/** Screens that see the merchant side (merchant, its order number and fee). */
const MERCHANT_SIDE = [...STAFF, PAYOUTS_MERCHANT, PAYOUT_POOL_CUSTOMER_SERVICE];
/** Screens that see the supplier side (supplier, payout account, supplier fee). */
const SUPPLIER_SIDE = [...STAFF, ...SUPPLIERS];

const byId = <T extends { id: number; code: string }>(items: readonly T[], pick: (item: T) => string) => Object.fromEntries(items.map((item) => [item.id, pick(item)]));

const payoutStatusOptions = {
  values: PAYOUT_STATES.map((s) => s.id),
  labelKey: 'payoutStatus',
  labels: byId(PAYOUT_STATES, (s) => s.code),
  colors: byId(PAYOUT_STATES, (s) => PAYOUT_STATE_COLORS[s.code]),
};
/** Allocation status (derived): on a supplier's payout account, or still in the pool. */
const ALLOCATION_STATUSES = ['assigned', 'pool'] as const;
const allocation = { values: ALLOCATION_STATUSES, labelKey: 'payouts.allocation', colors: { assigned: 'blue', pool: 'default' } };
const mark = { values: ORDER_MARKS.map((m) => m.id), labelKey: 'orders.marks', labels: byId(ORDER_MARKS, (m) => m.code) };
const products = { values: CATALOGUE.filter((p) => p.kind === 'payout').map((p) => p.id), labelKey: 'products.names' };

export const payoutFields: FieldDeclaration[] = [
  { name: 'id', type: 'number', list: true, show: true, width: 80 },
  { name: 'orderCode', type: 'text', list: true, show: true, filter: 'exact', primaryFilter: true, copyable: true, copyMessage: 'orders.codeCopied' },
  { name: 'merchantOrderNo', type: 'text', list: true, show: true, filter: 'exact', filterName: 'merchantOrderId', primaryFilter: true, copyable: true, onlyFor: MERCHANT_SIDE },
  { name: 'merchantName', type: 'text', list: true, show: true, onlyFor: [...STAFF, PAYOUT_POOL_CUSTOMER_SERVICE] },
  { name: 'merchantId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'merchant' } }, filter: 'exact', primaryFilter: true, onlyFor: STAFF },
  { name: 'supplierName', type: 'text', list: true, show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', onlyFor: [...STAFF, PAYOUTS_SUPPLIER_PROXY] },
  { name: 'productId', type: 'enum', options: products, list: true, show: true, filter: 'exact', primaryFilter: true },
  { name: 'payoutStatus', type: 'enum', options: payoutStatusOptions, list: true, show: true, filter: 'exact', primaryFilter: true },
  // Filter only: the payout states of one of the product's broad labels (PAYOUT_STATE_GROUP); the pool holds waiting payouts alone.
  { name: 'statusGroup', type: 'enum', options: statusGroupOptions, filter: 'exact', onlyFor: LISTS },
  { name: 'allocationStatus', type: 'enum', options: allocation, list: true, show: true, filter: 'exact', onlyFor: LISTS },
  { name: 'batchId', type: 'number', list: true, show: true, filter: 'exact', onlyFor: LISTS },
  { name: 'amount', type: 'money', list: true, show: true, filter: 'exact', sortable: true, primaryFilter: true },
  { name: 'merchantFee', type: 'money', show: true, onlyFor: MERCHANT_SIDE },
  { name: 'supplierFee', type: 'money', show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'usdtCount', type: 'usdt', list: true, show: true, filter: 'exact' },
  { name: 'usdtAddress', type: 'text', list: true, show: true, filter: 'exact', copyable: true },
  { name: 'userName', type: 'text', list: true, show: true, filter: 'prefix' },
  { name: 'cardNumber', type: 'text', list: true, show: true, filter: 'exact', copyable: true },
  { name: 'ifscCode', type: 'text', list: true, show: true, filter: 'exact' },
  { name: 'bankName', type: 'text', list: true, show: true },
  { name: 'vpa', type: 'text', show: true },
  // A reason's code (an operator's choice, a bank's refusal without a remark, a batch's exception) is named in the screen's language; anything else is the words given.
  { name: 'rejectReason', type: 'enum', options: { values: STORED_REJECT_REASONS, labelKey: 'payoutActions.rejectReasons', freeText: true }, list: true, show: true },
  // The bank's reference of a paid payout (its result file's UTR), also sent to the merchant in the callback.
  { name: 'utr', type: 'text', show: true, copyable: true },
  { name: 'mark', type: 'enum', options: mark, show: true, filter: 'exact', filterName: 'orderMark' },
  { name: 'accountId', type: 'number', show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'assignedAt', type: 'datetime', show: true, onlyFor: LISTS },
  { name: 'createdAt', type: 'datetime', list: true, show: true, filter: 'range', primaryFilter: true, sortable: true },
  { name: 'completedAt', type: 'datetime', list: true, show: true, filter: 'range', rangeNames: ['completedStartTime', 'completedEndTime'], sortable: true, onlyFor: LISTS },
  // The agents' payouts screen always sends isProxy=true (its variant's listQuery); no input of its own.
  { name: 'isProxy', type: 'boolean', filter: 'exact', filterHidden: true, onlyFor: [PAYOUTS_SUPPLIER_PROXY] },
];

/** The keys of a payout's audit trail that are no field of the row; the others are shown as the fields are. */
export const payoutTrail: Record<string, TrailKey> = {
  mchOrderNo: { as: 'merchantOrderNo' },
  // Why it moved (a reject reason, a bank's refusal): the payout's own story.
  reason: {},
};
