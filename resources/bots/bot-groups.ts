/**
 * Bot groups: the chat groups the bot serves, each bound to a merchant or a supplier, with what the
 * bot does there. The status and error count are the bot's own report (it runs outside this
 * product and writes them); operators pause a group by setting its status. The whitelist count is
 * the chat whitelist entries limited to the group.
 */
import { z } from 'zod';
import type { OptionSource, ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalId, remark, required } from '../common/rules';
import { userApi } from '../users/api';
import { GROUP_PURPOSES, GROUP_STATUSES, botRoutes, chatId, readonlyRoutes } from './rules';

export const botGroupApi = crudApi('/botGroup', { calls: { options: '/botGroup/getOptions' } });
/** The bot groups as [{value, label}], for the whitelist's and the transfer bot's pickers. */
export const botGroupOptions: OptionSource = { api: botGroupApi.calls.options };

/** A group serves one merchant or one supplier, or nobody yet: never both. */
const oneMember = (value: { merchantId?: number; supplierId?: number }, ctx: z.RefinementCtx) => {
  if (value.merchantId !== undefined && value.supplierId !== undefined) ctx.addIssue({ code: 'custom', path: ['supplierId'], message: 'oneMember' });
};

const fields = {
  groupId: chatId,
  name: required(128),
  merchantId: optionalId,
  supplierId: optionalId,
  purpose: z.enum(GROUP_PURPOSES, { error: 'option' }),
  status: z.enum(GROUP_STATUSES, { error: 'option' }),
  remark,
};

export const botGroups: ResourceDeclaration = {
  name: 'botGroups',
  parent: 'group.bots',
  icon: 'team',
  labels: 'bots',
  routes: botRoutes('botGroup'),
  api: botGroupApi,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'groupId', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true, hint: 'bots.hints.chatId' },
    { name: 'name', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'merchantId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'merchant' } }, filter: 'exact', create: true, edit: true },
    { name: 'supplierId', type: 'enum', options: { api: userApi.calls.userOptions, query: { role: 'supplier' } }, filter: 'exact', create: true, edit: true, hint: 'bots.hints.oneMember' },
    { name: 'memberName', type: 'text', list: true, show: true },
    { name: 'purpose', type: 'enum', options: { values: GROUP_PURPOSES, labelKey: 'bots.purposes' }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'fundRecord' },
    {
      name: 'status',
      type: 'enum',
      options: { values: GROUP_STATUSES, labelKey: 'bots.statuses', colors: { active: 'green', paused: 'default', error: 'red' } },
      list: true,
      filter: 'exact',
      show: true,
      create: true,
      edit: true,
      defaultValue: 'active',
    },
    { name: 'errorCount', type: 'number', list: true, show: true, hint: 'bots.hints.errorCount' },
    { name: 'whitelistCount', type: 'number', list: true, show: true },
    { name: 'remark', type: 'text', show: true, create: true, edit: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
  createSchema: z.object(fields).superRefine(oneMember),
  editSchema: z.object({ id, ...fields }).superRefine(oneMember),
  variants: [{ name: 'botGroups-readonly', routes: readonlyRoutes('botGroup') }],
};
