/**
 * What the bot screens share: the chat ID rule, the option lists and the paths. The chat bot itself
 * runs outside this product (it reads the BotToken / TransferBotToken settings and these tables);
 * here its configuration is kept and checked.
 */
import { z } from 'zod';
import { required } from '../common/rules';

/** WeChat IDs (wxid_...), group IDs (123@chatroom) and Telegram IDs (-100123...): 3 to 64 of these characters. */
export const chatId = required(64).regex(/^[A-Za-z0-9_@.:-]{3,64}$/, 'chatId');

/** Who a whitelist entry is: a person's account or a whole chat. */
export const CHAT_KINDS = ['contact', 'group'] as const;
/** What the bot does in a group (spec: fund records, reminders; transfers for the transfer bot). */
export const GROUP_PURPOSES = ['fundRecord', 'reminder', 'transfer'] as const;
/** A group's state: served, paused by an operator, or failing (the bot reports errors). */
export const GROUP_STATUSES = ['active', 'paused', 'error'] as const;
/** A transfer bot setting applies to every group, or to one bot group (which then overrides the global one). */
export const TRANSFER_SCOPES = ['global', 'group'] as const;

/** Bot screens live under one path; their read-only variants add /readonly. */
export const BOT_PATH = '/systemManager/bot';
export const botRoutes = (screen: string, editable = true) => {
  const base = `${BOT_PATH}/${screen}`;
  return editable ? { list: base, create: `${base}/create`, edit: `${base}/edit/:id`, show: `${base}/show/:id` } : { list: base, show: `${base}/show/:id` };
};
export const readonlyRoutes = (screen: string) => ({ list: `${BOT_PATH}/${screen}/readonly`, show: `${BOT_PATH}/${screen}/readonly/show/:id` });

/** An optional bot group in a form: blank means none. */
export const optionalGroup = z.preprocess((v) => (v === '' || v === null ? null : v), z.number().int().positive().max(2147483647).nullable().optional());
