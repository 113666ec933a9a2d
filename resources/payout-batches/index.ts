/**
 * Payout batches (/payoutBatch/list: superAdmin, admin, supplier on its own batches; a read-only
 * customer-service variant). The list is the generic one; the batch page is custom
 * (PayoutBatchShowPage) because it is a workflow, not a record: export progress polled while the
 * job writes the file, the download, confirm, the exception with ticked orders and the bank
 * result upload, each shown by the batch state (./states.ts) and the caller's abilities.
 */
import type { FieldDeclaration, ResourceDeclaration } from '../types';
import { payoutBatchApi } from './api';
import { BATCH_STATES } from './states';
import { BATCH_TEMPLATES } from './templates';

const STATE_COLORS: Record<string, string> = { created: 'default', exporting: 'processing', exported: 'blue', confirmed: 'green', exception: 'red' };

const state = {
  values: BATCH_STATES.map((s) => s.id),
  labelKey: 'payoutBatchState',
  labels: Object.fromEntries(BATCH_STATES.map((s) => [s.id, s.code])),
  colors: Object.fromEntries(BATCH_STATES.map((s) => [s.id, STATE_COLORS[s.code]])),
};
const template = { values: BATCH_TEMPLATES.map((t) => t.id), labelKey: 'payoutBatches.templates' };

const payoutBatchFields: FieldDeclaration[] = [
  { name: 'id', type: 'number', list: true, show: true, width: 80 },
  { name: 'batchNo', type: 'text', list: true, show: true, filter: 'contains', primaryFilter: true, copyable: true },
  { name: 'templateId', type: 'enum', options: template, list: true, show: true, filter: 'exact', primaryFilter: true },
  { name: 'state', type: 'enum', options: state, list: true, show: true, filter: 'exact', primaryFilter: true },
  { name: 'supplierName', type: 'text', list: true, show: true, onlyFor: ['payoutBatches', 'payoutBatches-customerService'] },
  { name: 'maxCount', type: 'number', list: true, show: true },
  { name: 'amountLimit', type: 'money', list: true, show: true },
  { name: 'orderCount', type: 'number', list: true, show: true },
  { name: 'totalAmount', type: 'money', list: true, show: true },
  { name: 'exceptionAmount', type: 'money', list: true, show: true },
  { name: 'fileName', type: 'text', list: true, show: true },
  { name: 'exportProgress', type: 'number', list: true, show: true },
  { name: 'createdAt', type: 'datetime', list: true, show: true, filter: 'range', sortable: true },
];

export const payoutBatches: ResourceDeclaration = {
  name: 'payoutBatches',
  parent: 'group.payoutOrders',
  icon: 'fileText',
  routes: { list: '/payoutBatch/list', show: '/payoutBatch/list/show/:id' },
  api: {
    list: payoutBatchApi.list,
    one: payoutBatchApi.one,
    calls: {
      templates: payoutBatchApi.templates,
      settings: payoutBatchApi.settings,
      create: payoutBatchApi.create,
      exportBatch: payoutBatchApi.export,
      download: payoutBatchApi.download,
      confirm: payoutBatchApi.confirm,
      exception: payoutBatchApi.exception,
      upload: payoutBatchApi.upload,
      uploadPreview: payoutBatchApi.uploadPreview,
    },
  },
  fields: payoutBatchFields,
  listFailed: 'payoutBatches.messages.listFailed',
  screens: { list: 'PayoutBatchListPage', show: 'PayoutBatchShowPage' },
  variants: [{ name: 'payoutBatches-customerService', routes: { list: '/payoutBatch/list/customerService', show: '/payoutBatch/list/customerService/show/:id' } }],
};
