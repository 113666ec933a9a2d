/**
 * The columns and filters the transaction-record lists share: where the record came from
 * (account, supplier, device), what it says, and which order it completed.
 */
import type { FieldDeclaration } from '../types';
import { userApi } from '../users/api';
import { MATCH_STATES, MATCH_STATE_COLORS } from './match-states';
import { DIRECTIONS } from './ingest-schema';

const matchState: FieldDeclaration = {
  name: 'matchState',
  type: 'enum',
  options: { values: MATCH_STATES, labelKey: 'bankStatements.matchStates', colors: MATCH_STATE_COLORS },
  list: true,
  filter: 'exact',
  primaryFilter: true,
  show: true,
};
const matchedOrderCode: FieldDeclaration = { name: 'matchedOrderCode', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true };

/** The supplier column and filter, on the screens of the staff (a supplier sees only its own team anyway). */
const supplierFields = (staffScreens: string[]): FieldDeclaration[] => [
  { name: 'supplierName', type: 'text', list: true, show: true, onlyFor: staffScreens },
  { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', onlyFor: staffScreens },
];

/** Bank SMS and web messages. `rawScreens` also show the device and the message as received. */
export function bankRecordFields(staffScreens: string[], rawScreens: string[]): FieldDeclaration[] {
  return [
    { name: 'id', type: 'number', list: true, show: true, width: 80 },
    { name: 'occurredAt', type: 'datetime', list: true, filter: 'range', show: true, sortable: true },
    ...supplierFields(staffScreens),
    { name: 'cardNumber', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true },
    { name: 'direction', type: 'enum', options: { values: DIRECTIONS, labelKey: 'bankStatements.directions', colors: { credit: 'green', debit: 'volcano' } }, list: true, filter: 'exact', show: true },
    { name: 'amount', type: 'money', list: true, filter: 'exact', show: true },
    { name: 'balanceAfter', type: 'money', list: true, show: true },
    { name: 'utr', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true },
    matchState,
    matchedOrderCode,
    { name: 'sender', type: 'text', show: true },
    { name: 'deviceCode', type: 'text', list: true, filter: 'exact', show: true, onlyFor: rawScreens },
    { name: 'content', type: 'text', list: true, show: true, onlyFor: rawScreens },
    { name: 'createdAt', type: 'datetime', show: true },
  ];
}

/** USDT transfers: hash, addresses and the USDT amount. */
export function usdtRecordFields(staffScreens: string[]): FieldDeclaration[] {
  return [
    { name: 'id', type: 'number', list: true, show: true, width: 80 },
    { name: 'occurredAt', type: 'datetime', list: true, filter: 'range', show: true, sortable: true },
    ...supplierFields(staffScreens),
    { name: 'txHash', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true },
    { name: 'fromAddress', type: 'text', list: true, filter: 'exact', show: true, copyable: true },
    { name: 'toAddress', type: 'text', list: true, filter: 'exact', primaryFilter: true, show: true, copyable: true },
    { name: 'amount', type: 'usdt', list: true, filter: 'exact', show: true },
    matchState,
    matchedOrderCode,
    { name: 'deviceCode', type: 'text', show: true },
    { name: 'createdAt', type: 'datetime', show: true },
  ];
}
