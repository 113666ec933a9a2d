/**
 * Payout blacklist (risk control): the names, card numbers, UPI ids and wallet addresses the
 * platform will not pay. A plain entity like the name blacklist; what is its own is the value's
 * format, which depends on the kind, checked by the schema so the form and the server agree.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { cardNumber, displayName, id, optionalSwitch as enabled, remark, required, upiId } from '../common/rules';
import { walletAddress } from '../common/wallet-address';
import { BLACKLIST_KINDS, type BlacklistKind } from './kinds';

export const KIND_CODES = BLACKLIST_KINDS.map((k) => k.code) as [BlacklistKind, ...BlacklistKind[]];

/** The rule a value of each kind follows: the one its field follows on a payout (../common/rules.ts). */
const FORMATS: Record<BlacklistKind, z.ZodType<string>> = {
  name: displayName(256),
  cardNumber,
  upi: upiId,
  wallet: walletAddress(),
};

const kind = z.enum(KIND_CODES, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'option') });
const fields = { kind, value: required(256), remark, enabled };

/** The value must have its kind's format (the issue names `value`, with the rule's reason). */
function valueOfKind(v: { kind: BlacklistKind; value: string }, ctx: z.RefinementCtx) {
  const result = FORMATS[v.kind].safeParse(v.value);
  if (!result.success) ctx.addIssue({ ...result.error.issues[0], path: ['value'] } as z.core.$ZodRawIssue);
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
