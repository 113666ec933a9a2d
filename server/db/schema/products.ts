/**
 * The product catalogue (the platform's product codes, rows from resources/products/catalogue.ts, inserted
 * by the migration) and which user has which product at which rate. Rates are exact decimals
 * (numeric; 0.005 = 5 per mille), fees bigint minor units: never floats.
 */
import { bigint, boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const products = pgTable('products', {
  /** The product code itself (1034, 3024...). */
  id: integer('id').primaryKey(),
  /** 'collection' | 'payout'. */
  kind: text('kind').notNull(),
  /** Amounts in USDT micro units instead of minor units. */
  usdt: boolean('usdt').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
});

export const userProducts = pgTable(
  'user_products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    /** 'merchant' (merchant product) or 'supplier' (code-merchant product), from the user's role. */
    side: text('side').notNull(),
    rate: numeric('rate', { precision: 10, scale: 6 }).notNull(),
    /** Fixed fee per transaction, minor units. */
    fixedFee: bigint('fixed_fee', { mode: 'number' }).notNull().default(0),
    /** Single transaction fee, minor units. */
    singleFee: bigint('single_fee', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_products_user_product_idx').on(t.userId, t.productId), index('user_products_product_idx').on(t.productId), index('user_products_side_idx').on(t.side)],
);
