/** Bank names and numbers the platform recognises (system management > bank number management). */
import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bankNumbers = pgTable(
  'bank_numbers',
  {
    id: serial('id').primaryKey(),
    bankName: text('bank_name').notNull(),
    /** The number the bank sends from or is known by (digits only); unique. */
    bankNumber: text('bank_number').notNull().unique(),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_numbers_name_idx').on(t.bankName)],
);
