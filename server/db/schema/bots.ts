/**
 * The chat bot's configuration (system management > bot settings). The bot runs outside this
 * product: it reads these tables and reports each group's status and error count.
 */
import { boolean, bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Bot groups: the chat groups the bot serves, each for a merchant or a supplier (or nobody yet). */
export const botGroups = pgTable(
  'bot_groups',
  {
    id: serial('id').primaryKey(),
    /** The chat's own group ID; unique. */
    groupId: text('group_id').notNull().unique(),
    name: text('name').notNull(),
    merchantId: integer('merchant_id'),
    supplierId: integer('supplier_id'),
    /** fundRecord, reminder or transfer (resources/bots/rules.ts). */
    purpose: text('purpose').notNull(),
    /** active, paused or error. */
    status: text('status').notNull().default('active'),
    /** Failures the bot reported in this group since it was last reset. */
    errorCount: integer('error_count').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_groups_merchant_idx').on(t.merchantId), index('bot_groups_supplier_idx').on(t.supplierId)],
);

/** Chat whitelist: who may talk to the bot, everywhere or in one group. */
export const chatWhitelist = pgTable(
  'bot_chat_whitelist',
  {
    id: serial('id').primaryKey(),
    chatId: text('chat_id').notNull().unique(),
    nickname: text('nickname').notNull(),
    /** contact or group. */
    kind: text('kind').notNull(),
    /** Only in this bot group; null: everywhere. Deleting the group deletes its entries. */
    botGroupId: integer('bot_group_id').references(() => botGroups.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_chat_whitelist_group_idx').on(t.botGroupId)],
);

/** Transfer bot settings, global or for one bot group. */
export const transferBots = pgTable('bot_transfer_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** global or group. */
  scope: text('scope').notNull(),
  botGroupId: integer('bot_group_id').references(() => botGroups.id, { onDelete: 'cascade' }),
  /** The chat the bot announces transfers in. */
  targetChat: text('target_chat').notNull(),
  /** Amounts the bot handles, in minor units. */
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
