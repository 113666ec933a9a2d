/**
 * The table resources/README.md adds, as step 2 shows it word for word (tests/api/entity-by-the-book.test.ts
 * checks the README still shows this), and its SQL, which `npx drizzle-kit generate` would write.
 */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../server/db/schema/index.js';

export const complaints = pgTable('complaints', {
  id: serial('id').primaryKey(),
  orderCode: text('order_code').notNull(),
  // Whose row it is: the merchant's and the supplier's grants read these (providers/abilities.ts).
  merchantId: integer('merchant_id').notNull().references(() => users.id),
  supplierId: integer('supplier_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const COMPLAINTS_SQL = `create table complaints (
  id serial primary key,
  order_code text not null,
  merchant_id integer not null references users(id),
  supplier_id integer not null references users(id),
  created_at timestamptz not null default now()
)`;

/** The same table without its owner columns: what the kit refuses to serve to members. */
export const complaintsWithoutOwners = pgTable('complaints', {
  id: serial('id').primaryKey(),
  orderCode: text('order_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
