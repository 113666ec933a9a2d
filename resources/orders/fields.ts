/**
 * The fields of the collection-order lists: columns with the labels of the product (order ID,
 * merchant order ID, system order number, merchant, code merchant...) and every filter of the order
 * list under its API name, sent as its type and switch say (common/filter-wire.ts: times
 * YYYY-MM-DD HH:mm:ss on createdAt and completedAt, amount and received money as major-unit text
 * plus 0.0001, usdtCount x1e6, mainProductId 3024 from the main-product switch,
 * notInOrderStatusIds [10] unless "show all").
 *
 * Who sees what (`onlyFor`, enforced by the server too): merchants never see the supplier, the
 * receiving account or the supplier's fee; suppliers never see the merchant, the merchant's own
 * order number, fee or notify URL.
 */
import type { FieldDeclaration, TrailKey } from '../types';
import { CATALOGUE, MAIN_PRODUCT_ID } from '../products/catalogue';
import { userApi } from '../users/api';
import { HIDDEN_STATUS_ID, ORDER_MARKS, ORDER_STATUSES, ORDER_TYPES } from './statuses';
import { statusGroupOptions } from './status-groups';
import { REJECT_REASONS } from './action-options';

export const ORDERS = 'orders';
export const CUSTOMER_SERVICE = 'orders-customerService';
export const SUPPLIER = 'orders-supplier';
export const SUPPLIER_PROXY = 'orders-supplierProxy';
export const MERCHANT = 'orders-merchant';

const STAFF = [ORDERS, CUSTOMER_SERVICE];
const SUPPLIERS = [SUPPLIER, SUPPLIER_PROXY];
/** Screens that see the merchant side (merchant, its order number and fee). */
const MERCHANT_SIDE = [...STAFF, MERCHANT];
/** Screens that see the supplier side (code merchant, receiving account, supplier fee). */
const SUPPLIER_SIDE = [...STAFF, ...SUPPLIERS];

const STATUS_COLORS: Record<(typeof ORDER_STATUSES)[number]['code'], string> = {
  created: 'default',
  allocated: 'processing',
  callbackSucceeded: 'success',
  callbackFailed: 'warning',
  allocationFailed: 'error',
  rejecting: 'orange',
  rejected: 'red',
  pendingConfirmation: 'gold',
  waitingForProcessing: 'cyan',
  timedOut: 'default',
  readyForProcessing: 'geekblue',
  processingError: 'volcano',
  submitted: 'lime',
};
const MARK_COLORS: Record<(typeof ORDER_MARKS)[number]['code'], string> = { ordinary: 'default', suspicious: 'orange', test: 'purple', supplement: 'cyan', malicious: 'red' };

const byId = <T extends { id: number; code: string }>(items: readonly T[], pick: (item: T) => string) => Object.fromEntries(items.map((item) => [item.id, pick(item)]));

const status = {
  values: ORDER_STATUSES.map((s) => s.id),
  labelKey: 'orderStatus',
  labels: byId(ORDER_STATUSES, (s) => s.code),
  colors: byId(ORDER_STATUSES, (s) => STATUS_COLORS[s.code]),
};
const mark = { values: ORDER_MARKS.map((m) => m.id), labelKey: 'orders.marks', labels: byId(ORDER_MARKS, (m) => m.code), colors: byId(ORDER_MARKS, (m) => MARK_COLORS[m.code]) };
const orderType = { values: ORDER_TYPES.map((o) => o.id), labelKey: 'orders.orderTypes', labels: byId(ORDER_TYPES, (o) => o.code) };
const products = { values: CATALOGUE.filter((p) => p.kind === 'collection').map((p) => p.id), labelKey: 'products.names' };
/** The wallet and USDT amount of an order belong to the USDT products only (3015). */
const USDT_ORDER = { field: 'productId', in: CATALOGUE.filter((p) => p.kind === 'collection' && p.usdt).map((p) => p.id) };
/** How a supplement completed an order: 1 manual, 2 offset (isOffsetReplenishmentOrder). */
const supplementType = { values: [1, 2], labelKey: 'orders.supplementTypes' };

export const orderFields: FieldDeclaration[] = [
  { name: 'id', type: 'number', list: true, show: true, width: 80 },
  { name: 'orderCode', type: 'text', list: true, show: true, filter: 'exact', primaryFilter: true, copyable: true, copyMessage: 'orders.codeCopied' },
  { name: 'merchantOrderNo', type: 'text', list: true, show: true, filter: 'exact', filterName: 'merchantOrderId', primaryFilter: true, copyable: true, onlyFor: MERCHANT_SIDE },
  { name: 'merchantName', type: 'text', list: true, show: true, onlyFor: STAFF },
  { name: 'merchantId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'merchant' } }, filter: 'exact', primaryFilter: true, onlyFor: STAFF },
  { name: 'supplierName', type: 'text', list: true, show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', primaryFilter: true, onlyFor: [...STAFF, SUPPLIER_PROXY] },
  { name: 'productId', type: 'enum', options: products, list: true, show: true, filter: 'exact', primaryFilter: true },
  { name: 'status', type: 'enum', options: status, list: true, show: true, filter: 'exact', filterName: 'orderStatusId', primaryFilter: true },
  // Filter only: the statuses of one of the product's broad labels (ORDER_STATUS_GROUP).
  { name: 'statusGroup', type: 'enum', options: statusGroupOptions, filter: 'exact' },
  { name: 'mark', type: 'enum', options: mark, list: true, show: true, filter: 'exact', filterName: 'orderMark' },
  { name: 'amount', type: 'money', list: true, show: true, filter: 'exact', sortable: true, primaryFilter: true },
  { name: 'payAmount', type: 'money', list: true, show: true },
  { name: 'receivedAmount', type: 'money', list: true, show: true, filter: 'exact', filterName: 'currentReceivedMoney' },
  { name: 'merchantFee', type: 'money', show: true, onlyFor: MERCHANT_SIDE },
  { name: 'supplierFee', type: 'money', show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'utr', type: 'text', list: true, show: true, filter: 'exact', copyable: true, primaryFilter: true },
  { name: 'utrSubmittedAt', type: 'datetime', list: true, show: true },
  { name: 'description', type: 'text', list: true, show: true, filter: 'prefix' },
  { name: 'validateUserName', type: 'text', list: true, show: true, filter: 'prefix' },
  { name: 'userName', type: 'text', show: true, filter: 'prefix' },
  { name: 'cardNumber', type: 'text', show: true, filter: 'exact' },
  { name: 'ifscCode', type: 'text', show: true, filter: 'exact' },
  { name: 'usdtAddress', type: 'text', list: true, show: true, showWhen: USDT_ORDER, filter: 'exact', copyable: true },
  { name: 'usdtCount', type: 'usdt', list: true, show: true, showWhen: USDT_ORDER, filter: 'exact' },
  { name: 'clientIp', type: 'text', list: true, show: true, filter: 'exact', filterName: 'ipAddress' },
  { name: 'identifyCode', type: 'text', list: true, show: true, filter: 'exact' },
  { name: 'orderType', type: 'enum', options: orderType, show: true, filter: 'exact' },
  { name: 'supplemented', type: 'boolean', list: true, show: true, filter: 'exact', filterName: 'supplementStatus' },
  { name: 'supplementType', type: 'enum', options: supplementType, show: true, filter: 'exact' },
  { name: 'accountId', type: 'number', onlyFor: SUPPLIER_SIDE },
  // The account's name and number, as its own screens show it (the detail route reads it: ../../server/orders/actions/detail.ts).
  { name: 'receivingAccount', type: 'text', show: true, onlyFor: SUPPLIER_SIDE },
  { name: 'locked', type: 'boolean', list: true, show: true },
  { name: 'isTest', type: 'boolean', show: true },
  // A reason of the reject dialog is named in the screen's language; an operator's "other" reason is shown as written.
  { name: 'rejectReason', type: 'enum', options: { values: REJECT_REASONS, labelKey: 'orderActions.rejectReasons', freeText: true }, show: true },
  { name: 'notifyUrl', type: 'text', show: true, onlyFor: MERCHANT_SIDE },
  // Filters of the spec's order list that only payouts fill: a collection order's detail has no batch or payout state.
  { name: 'batchId', type: 'number', filter: 'exact' },
  { name: 'payoutStatus', type: 'number', filter: 'exact' },
  { name: 'processState', type: 'number', filter: 'exact' },
  { name: 'expiresAt', type: 'datetime', show: true },
  { name: 'createdAt', type: 'datetime', list: true, show: true, filter: 'range', primaryFilter: true, sortable: true },
  { name: 'completedAt', type: 'datetime', list: true, show: true, filter: 'range', rangeNames: ['completedStartTime', 'completedEndTime'], sortable: true },
  // Filter-only switches: the main product only, and the statuses left out (timed out) until "show all" is on.
  { name: 'mainProductId', type: 'number', filter: 'exact', filterSwitch: { name: 'mainProduct', on: MAIN_PRODUCT_ID } },
  { name: 'notInOrderStatusIds', type: 'enum', options: status, filter: 'notIn', filterSwitch: { name: 'showAll', off: [HIDDEN_STATUS_ID] }, primaryFilter: true },
  // The agents' orders screen always sends isProxy=true (its variant's listQuery); no input of its own.
  { name: 'isProxy', type: 'boolean', filter: 'exact', filterHidden: true, onlyFor: [SUPPLIER_PROXY] },
];

/**
 * The keys of an order's audit trail that are no field of the row (creation, allocation and the
 * state machine write them); the others are fields and shown as the fields are.
 */
export const orderTrail: Record<string, TrailKey> = {
  mchOrderNo: { as: 'merchantOrderNo' },
  // Why it moved (a reject or repair reason, "expired") and a callback sent again: the order's own story.
  reason: {},
  callback: {},
  // The allocation explanation names other suppliers' accounts with their balances and counts.
  allocateInfo: { onlyFor: STAFF },
  outcome: { onlyFor: STAFF },
};
