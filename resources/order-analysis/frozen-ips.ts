/**
 * Abnormal / frozen IPs: each freeze is a row, automatic (more order-creation requests from one
 * merchant in a minute than the global security setting's perMinuteFreqCount) or by hand with a
 * reason; unfreezing fills in who, when and why, so the list is also the history. A frozen IP's
 * order creation, pay page and UTR are refused: for the merchant that caused an automatic freeze
 * (named in the list), for every merchant after a freeze by hand. A plain entity served by the kit;
 * unfreezing is a transition (hand-written).
 */
import { z } from 'zod';
import type { ResourceDeclaration, RowAction } from '../types';
import { id, required } from '../common/rules';
import { FREEZE_SOURCES, LABELS, csVariant, orderAnalysisApi as api } from './api';
import { userApi } from '../users/api';

const LIST = '/orderAnalysis/fronzen-ip-list';

/** An IPv4 or IPv6 address, as the order API's clientIp takes it. */
const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'format') });
const reason = required(200);

export const freezeSchema = z.object({ ip: ipAddress, reason });
export const unfreezeSchema = z.object({ id, reason });

/** Unfreeze, asked for a reason and confirmed; only on IPs still frozen. */
const unfreezeAction: RowAction = {
  name: 'unfreeze',
  ability: 'unfreeze',
  call: api.unfreeze,
  confirm: true,
  inputs: [{ name: 'reason', type: 'text' }],
  schema: unfreezeSchema,
  when: { field: 'frozen', equals: true },
  labels: LABELS,
};

export const frozenIps: ResourceDeclaration = {
  name: 'frozenIps',
  parent: 'group.orderAnalysis',
  icon: 'stop',
  labels: LABELS,
  routes: { list: LIST, create: `${LIST}/create` },
  api: { list: api.frozenList, create: api.freeze, calls: { unfreeze: api.unfreeze } },
  fields: [
    { name: 'id', type: 'number', list: true, width: 70 },
    { name: 'ip', type: 'text', list: true, filter: 'contains', create: true, copyable: true, primaryFilter: true },
    { name: 'frozen', type: 'boolean', list: true, filter: 'exact' },
    { name: 'source', type: 'enum', options: { values: FREEZE_SOURCES, labelKey: `${LABELS}.sources` }, list: true, filter: 'exact' },
    // The merchant whose requests froze it, and whose orders alone it holds for (blank: by hand, every merchant).
    { name: 'merchantName', type: 'text', list: true },
    { name: 'merchantId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'merchant' } }, filter: 'exact' },
    { name: 'reason', type: 'text', list: true, create: true, multiline: true },
    { name: 'requestCount', type: 'number', list: true },
    { name: 'frozenBy', type: 'text', list: true },
    { name: 'frozenAt', type: 'datetime', list: true, filter: 'range' },
    { name: 'unfrozenBy', type: 'text', list: true },
    { name: 'unfrozenAt', type: 'datetime', list: true },
    { name: 'unfreezeReason', type: 'text', list: true },
  ],
  createSchema: freezeSchema,
  actions: [unfreezeAction],
  variants: [csVariant('frozenIps', LIST)],
};
