/**
 * Statistics summaries (server/statistics/summary.ts): the figures of each closed day of platform
 * time, per basis (creation or completion day), order type, product, mark and merchant, and the
 * same per supplier, so a long period reads a few thousand summary rows instead of every order.
 * Test orders are left out, as the statistics engine leaves them out.
 *  - order_stat_zone: the time zone the days were cut in (none yet: nothing is summarised);
 *  - order_stat_stale: 15-minute slots (zone-independent) whose orders changed since their day was
 *    summed; a trigger on orders marks them (migrations 0012, 0014), a read rebuilds the days holding them.
 */
import { bigint, boolean, date, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const orderStatZone = pgTable('order_stat_zone', { zone: text('zone').primaryKey() });

export const orderStatStale = pgTable(
  'order_stat_stale',
  {
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    byCompletion: boolean('by_completion').notNull(),
  },
  // Not unique: a unique key would make a change marking a new slot wait for another transaction's
  // uncommitted mark of it (migration 0014); a slot marked twice at once is marked, and cleared, alike.
  (t) => [index('order_stat_stale_slot_idx').on(t.byCompletion, t.slot)],
);

const figures = {
  day: date('day').notNull(),
  byCompletion: boolean('by_completion').notNull(),
  orderType: smallint('order_type').notNull(),
  productId: integer('product_id').notNull(),
  mark: smallint('mark').notNull(),
  created: integer('created').notNull(),
  succeeded: integer('succeeded').notNull(),
  successAmount: bigint('success_amount', { mode: 'number' }).notNull(),
  merchantFee: bigint('merchant_fee', { mode: 'number' }).notNull(),
  supplierFee: bigint('supplier_fee', { mode: 'number' }).notNull(),
};

export const orderStatMerchant = pgTable('order_stat_merchant', { ...figures, merchantId: integer('merchant_id').notNull() }, (t) => [
  index('order_stat_merchant_day_idx').on(t.byCompletion, t.orderType, t.day),
]);

export const orderStatSupplier = pgTable('order_stat_supplier', { ...figures, supplierId: integer('supplier_id') }, (t) => [
  index('order_stat_supplier_day_idx').on(t.byCompletion, t.orderType, t.day),
]);
