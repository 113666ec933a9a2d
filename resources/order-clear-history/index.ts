/**
 * Order clear history: one row per run of the order cleanup (server/order-clear-history), which
 * moves finished orders older than DataClearCycle days to the archive. Read-only: runs are written
 * by the job alone. superAdmin reads it here, technical maintenance on the read-only variant.
 */
import type { ResourceDeclaration } from '../types';

export const orderClearHistory: ResourceDeclaration = {
  name: 'orderClearHistory',
  parent: 'group.system',
  icon: 'fileText',
  routes: { list: '/orderClearHistory' },
  api: { list: '/orderClearHistory/getList' },
  fields: [
    { name: 'id', type: 'number', list: true, width: 70 },
    { name: 'ranAt', type: 'datetime', list: true, filter: 'range', sortable: true },
    { name: 'cycleDays', type: 'number', list: true },
    { name: 'cutoff', type: 'datetime', list: true },
    { name: 'collectionCount', type: 'number', list: true },
    { name: 'payoutCount', type: 'number', list: true },
    { name: 'rangeStart', type: 'datetime', list: true },
    { name: 'rangeEnd', type: 'datetime', list: true },
    { name: 'durationMs', type: 'number', list: true },
  ],
  variants: [{ name: 'orderClearHistory-readonly', routes: { list: '/orderClearHistory/readonly' } }],
};
