/**
 * Payout blacklist (risk control): the names, card numbers, UPI ids and wallet addresses the
 * platform will not pay. A plain entity like the name blacklist; what is its own is the value's
 * format, which depends on the kind, checked by the schema so the form and the server agree.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { cardNumber, id, optionalSwitch as enabled, remark, required } from '../common/rules';
import { USDT_ADDRESS } from '../payouts/details';
import { BLACKLIST_KINDS, type BlacklistKind } from './kinds';

export const KIND_CODES = BLACKLIST_KINDS.map((k) => k.code) as [BlacklistKind, ...BlacklistKind[]];

/** A UPI id (virtual payment address) as payouts take it: `name@bank`. */
const UPI_ID = /^[\w.-]+@[\w.-]+$/;

/** The format a value of each kind must have, and the reason (validation.*) when it has not; a name is any text. */
const FORMATS: Partial<Record<BlacklistKind, { test: (v: string) => boolean; reason: string }>> = {
  cardNumber: { test: (v) => cardNumber.safeParse(v).success, reason: 'cardNumber' },
  upi: { test: (v) => UPI_ID.test(v), reason: 'upiId' },
  wallet: { test: (v) => USDT_ADDRESS.test(v), reason: 'usdtAddress' },
};

const kind = z.enum(KIND_CODES, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'option') });
const fields = { kind, value: required(256), remark, enabled };

/** The value must have its kind's format (the issue names `value`). */
function valueOfKind(v: { kind: BlacklistKind; value: string }, ctx: z.RefinementCtx) {
  const format = FORMATS[v.kind];
  if (format && !format.test(v.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: format.reason });
}

const riskBlacklistApi = crudApi('/riskControl/blacklist');

export const riskBlacklist: ResourceDeclaration = {
  name: 'riskBlacklist',
  parent: 'group.payoutOrders',
  icon: 'stop',
  routes: {
    list: '/payProxyOrder/risk-control/blacklist',
    create: '/payProxyOrder/risk-control/blacklist/create',
    edit: '/payProxyOrder/risk-control/blacklist/edit/:id',
    show: '/payProxyOrder/risk-control/blacklist/show/:id',
  },
  api: riskBlacklistApi,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'kind', type: 'enum', options: { values: KIND_CODES, labelKey: 'riskBlacklist.kinds' }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'name' },
    { name: 'value', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
    { name: 'remark', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
  createSchema: z.object(fields).superRefine(valueOfKind),
  editSchema: z.object({ id, ...fields }).superRefine(valueOfKind),
};
