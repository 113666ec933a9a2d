/**
 * Bot fund records: what the bot announces in its fund-record groups. Read from the ledger, not fed
 * in by the bot: every balance change of a member (its available account) bound to a bot group
 * whose purpose is fund records, with the group(s) that announce it. Whether the bot did send a
 * message is known only to the bot, which runs outside this product, so no "sent" state is shown.
 */
import type { ResourceDeclaration } from '../types';
import { LEDGER_REASONS } from '../fund-records/reasons';
import { botGroupOptions } from './bot-groups';
import { BOT_PATH } from './rules';

export const botFundRecords: ResourceDeclaration = {
  name: 'botFundRecords',
  parent: 'group.bots',
  icon: 'accountBook',
  labels: 'bots',
  routes: { list: `${BOT_PATH}/fundRecord` },
  api: { list: '/botFundRecord/getList' },
  fields: [
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', primaryFilter: true, width: 170 },
    { name: 'botGroupId', type: 'enum', options: botGroupOptions, filter: 'exact', primaryFilter: true },
    { name: 'groupNames', type: 'text', list: true },
    { name: 'memberAccount', type: 'text', list: true },
    { name: 'reason', type: 'enum', options: { values: LEDGER_REASONS, labelKey: 'fundRecords.reasons' }, list: true, filter: 'exact' },
    { name: 'amount', type: 'money', list: true },
    { name: 'balanceAfter', type: 'money', list: true },
    { name: 'orderCode', type: 'text', list: true, copyable: true },
  ],
};
