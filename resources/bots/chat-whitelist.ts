/**
 * Chat whitelist: the chat accounts and chats allowed to talk to the bot, everywhere or in one bot
 * group only (which gives the group its whitelist count). A chat ID is listed once.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { displayName, id, optionalSwitch as enabled, remark } from '../common/rules';
import { botGroupOptions } from './bot-groups';
import { CHAT_KINDS, botRoutes, chatId, optionalGroup, readonlyRoutes } from './rules';

const fields = { chatId, nickname: displayName(64), kind: z.enum(CHAT_KINDS, { error: 'option' }), botGroupId: optionalGroup, remark, enabled };

export const chatWhitelist: ResourceDeclaration = {
  name: 'chatWhitelist',
  parent: 'group.bots',
  icon: 'user',
  labels: 'bots',
  routes: botRoutes('chatWhitelist'),
  api: crudApi('/botChatWhitelist'),
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'chatId', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true, hint: 'bots.hints.chatId' },
    { name: 'nickname', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'kind', type: 'enum', options: { values: CHAT_KINDS, labelKey: 'bots.chatKinds', colors: { contact: 'blue', group: 'purple' } }, list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: 'contact' },
    { name: 'botGroupId', type: 'enum', options: botGroupOptions, filter: 'exact', create: true, edit: true, hint: 'bots.hints.whitelistGroup' },
    { name: 'botGroupName', type: 'text', list: true, show: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'remark', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
  createSchema: z.object(fields),
  editSchema: z.object({ id, ...fields }),
  variants: [{ name: 'chatWhitelist-readonly', routes: readonlyRoutes('chatWhitelist') }],
};
