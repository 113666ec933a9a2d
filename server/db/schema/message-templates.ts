/** Templates of the messages the platform sends (bot, SMS, message centre). */
import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** Which message it is, and so which placeholders it may use (resources/message-templates/placeholders.ts). */
  kind: text('kind').notNull(),
  language: text('language').notNull(),
  channel: text('channel').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
