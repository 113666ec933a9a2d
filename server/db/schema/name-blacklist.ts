/** Names the platform refuses to deal with (system management > name blacklist). */
import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const nameBlacklist = pgTable(
  'name_blacklist',
  {
    id: serial('id').primaryKey(),
    /** The blocked name as payers and payees write it; unique. */
    name: text('name').notNull().unique(),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('name_blacklist_created_idx').on(t.createdAt)],
);
