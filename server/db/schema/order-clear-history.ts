/**
 * The order cleanup (server/order-clear-history): finished orders older than DataClearCycle days
 * leave the working `orders` table for `orders_archive`, whole (the row as JSON), so the ledger's
 * and the audit's references to an order code still find the order. Each run is one row of
 * `order_clear_history`.
 */
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const orderClearHistory = pgTable(
  'order_clear_history',
  {
    id: serial('id').primaryKey(),
    ranAt: at('ran_at').notNull().defaultNow(),
    /** The DataClearCycle (days) the run read. */
    cycleDays: integer('cycle_days').notNull(),
    /** Orders last changed before this were old enough. */
    cutoff: at('cutoff').notNull(),
    collectionCount: integer('collection_count').notNull().default(0),
    payoutCount: integer('payout_count').notNull().default(0),
    /** Creation times of the oldest and newest order cleared (null when none was). */
    rangeStart: at('range_start'),
    rangeEnd: at('range_end'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('order_clear_history_ran_idx').on(t.ranAt)],
);

export const ordersArchive = pgTable(
  'orders_archive',
  {
    /** The order's own id, kept. */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    orderCode: text('order_code').notNull(),
    orderType: smallint('order_type').notNull(),
    merchantId: integer('merchant_id').notNull(),
    status: smallint('status').notNull(),
    createdAt: at('created_at').notNull(),
    /** The whole order row as it was. */
    data: jsonb('data').notNull(),
    runId: integer('run_id').notNull(),
    archivedAt: at('archived_at').notNull().defaultNow(),
  },
  (t) => [index('orders_archive_code_idx').on(t.orderCode), index('orders_archive_created_idx').on(t.createdAt)],
);
