/** Messages sent to one user: unread, read, or in the trash. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 'unread' | 'read' | 'trash'; moves only along server/messages/transitions.ts. */
    state: text('state').notNull().default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_state_idx').on(t.userId, t.state)],
);
