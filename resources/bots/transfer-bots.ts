/**
 * Transfer bot settings: what the transfer bot does, globally or for one bot group (a group's
 * setting overrides the global one): where it announces transfers and the amounts it handles, in
 * minor units. Its token is the TransferBotToken setting of the global config, not kept here.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalSwitch as enabled, remark, required } from '../common/rules';
import { minorUnits } from '../receiving-accounts/rules';
import { botGroupOptions } from './bot-groups';
import { TRANSFER_SCOPES, botRoutes, chatId, optionalGroup, readonlyRoutes } from './rules';

/** A group setting names its group, a global one none; the minimum never exceeds the maximum. */
const consistent = (value: { scope?: string; botGroupId?: number | null; minAmount?: unknown; maxAmount?: unknown }, ctx: z.RefinementCtx) => {
  if (value.scope === 'group' && !value.botGroupId) ctx.addIssue({ code: 'custom', path: ['botGroupId'], message: 'required' });
  if (value.scope === 'global' && value.botGroupId) ctx.addIssue({ code: 'custom', path: ['botGroupId'], message: 'globalNoGroup' });
  if (typeof value.minAmount === 'number' && typeof value.maxAmount === 'number' && value.minAmount > value.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'minAboveMax' });
  }
};

const fields = {
  name: required(64),
  scope: z.enum(TRANSFER_SCOPES, { error: 'option' }),
  botGroupId: optionalGroup,
  targetChat: chatId,
  minAmount: minorUnits(1)(true),
  maxAmount: minorUnits(1)(true),
  remark,
  enabled,
};
const money = { type: 'money', integerUnits: true } as const;

export const transferBots: ResourceDeclaration = {
  name: 'transferBots',
  parent: 'group.bots',
  icon: 'send',
  labels: 'bots',
  routes: botRoutes('transferBot'),
  api: crudApi('/transferBot'),
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'name', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'scope', type: 'enum', options: { values: TRANSFER_SCOPES, labelKey: 'bots.scopes' }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'global' },
    { name: 'botGroupId', type: 'enum', options: botGroupOptions, create: true, edit: true, hint: 'bots.hints.transferGroup' },
    { name: 'botGroupName', type: 'text', list: true, show: true },
    { name: 'targetChat', type: 'text', list: true, show: true, create: true, edit: true, copyable: true, hint: 'bots.hints.targetChat' },
    { name: 'minAmount', ...money, list: true, show: true, create: true, edit: true },
    { name: 'maxAmount', ...money, list: true, show: true, create: true, edit: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'remark', type: 'text', show: true, create: true, edit: true },
    { name: 'createdAt', type: 'datetime', list: true, show: true },
  ],
  createSchema: z.object(fields).superRefine(consistent),
  editSchema: z.object({ id, ...fields }).superRefine(consistent),
  variants: [{ name: 'transferBots-readonly', routes: readonlyRoutes('transferBot') }],
};
