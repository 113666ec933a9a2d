/**
 * Payment references in use (resources/orders/payment-references.ts): one row per channel and
 * reference, naming the order that holds it. Written only by the trigger on orders (the
 * payment_references migration): an order entering a holding status (pending confirmation, paid) with a reference, or
 * changing it, claims it; one leaving those statuses gives it back; an order becoming paid must
 * hold its own. The primary key is what refuses a second order, also one racing the first.
 * An archived order keeps its references: they were paid with.
 */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const paymentReferences = pgTable(
  'payment_references',
  {
    /** 'bank' (a UTR) or 'usdt' (a transaction hash). */
    channel: text('channel').notNull(),
    /** Upper case, without surrounding blanks. */
    reference: text('reference').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    heldSince: timestamp('held_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_references_pkey', columns: [t.channel, t.reference] })],
);
