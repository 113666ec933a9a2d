/**
 * Security nodes (superAdmin): the trusted chain of each receiving account, built from its SMS
 * records (server/security-nodes/chains.ts says how). Computed, not stored: both lists are
 * hand-written reads over the records, filtered by card number.
 */
import type { ResourceDeclaration } from '../types';

const PATCH_STATES = ['continued', 'open'] as const;

export const securityChains: ResourceDeclaration = {
  name: 'securityChains',
  parent: 'group.transactionRecords',
  icon: 'radar',
  routes: { list: '/securityNodes/list' },
  api: { list: '/securityNodes/getList' },
  fields: [
    { name: 'id', type: 'number', list: true, width: 80 },
    { name: 'cardNumber', type: 'text', list: true, filter: 'exact', primaryFilter: true, copyable: true },
    { name: 'supplierName', type: 'text', list: true },
    { name: 'nodes', type: 'number', list: true },
    { name: 'chainLength', type: 'number', list: true },
    { name: 'trusted', type: 'boolean', list: true },
    { name: 'lastNodeAt', type: 'datetime', list: true },
    { name: 'lastBalance', type: 'money', list: true },
  ],
};

export const securityPatches: ResourceDeclaration = {
  name: 'securityPatches',
  parent: 'group.transactionRecords',
  icon: 'radar',
  labels: 'securityChains',
  routes: { list: '/securityNodes/security-patch-list' },
  api: { list: '/securityNodes/getPatchList' },
  fields: [
    { name: 'id', type: 'number', list: true, width: 80 },
    { name: 'cardNumber', type: 'text', list: true, filter: 'exact', primaryFilter: true, copyable: true },
    { name: 'previousNodeAt', type: 'datetime', list: true },
    { name: 'nodeAt', type: 'datetime', list: true },
    { name: 'expectedBalance', type: 'money', list: true },
    { name: 'reportedBalance', type: 'money', list: true },
    { name: 'missingAmount', type: 'money', list: true },
    { name: 'state', type: 'enum', options: { values: PATCH_STATES, labelKey: 'securityChains.patchStates', colors: { continued: 'green', open: 'red' } }, list: true },
    { name: 'continuedByOrderCode', type: 'text', list: true, copyable: true },
  ],
};
