/** The menu groups, in menu order. A group shows only when one child is allowed. */
import type { GroupDeclaration } from './types';

export const groups: GroupDeclaration[] = [
  { name: 'group.merchants', icon: 'shop' },
  { name: 'group.suppliers', icon: 'team' },
  { name: 'group.agents', icon: 'cluster' },
  { name: 'group.receivingAccounts', icon: 'creditCard' },
  { name: 'group.usdt', icon: 'dollar' },
  { name: 'group.kenya', icon: 'global' },
  { name: 'group.collectionOrders', icon: 'fileText' },
  { name: 'group.transactionRecords', icon: 'message' },
  { name: 'group.orderAnalysis', icon: 'radar' },
  { name: 'group.payoutOrders', icon: 'send' },
  { name: 'group.statistics', icon: 'barChart' },
  { name: 'group.finance', icon: 'accountBook' },
  { name: 'group.monitorLog', icon: 'monitor' },
  { name: 'group.apiTest', icon: 'api' },
  { name: 'group.profile', icon: 'user' },
  { name: 'group.system', icon: 'setting' },
  // technicalSupport's system management (/systemConfig) and its dynamic pay branch (/dynamicPay).
  { name: 'group.techSystem', icon: 'setting', alwaysShown: true },
  { name: 'group.dynamicPay', icon: 'code', parent: 'group.techSystem' },
  // Bot settings, inside system management.
  { name: 'group.bots', icon: 'message', parent: 'group.system' },
];
