/**
 * Risk control of payouts: the parties the platform will not pay (by name, card number, UPI id or
 * wallet address) and the record of each payout the check held, with the rule that hit.
 */
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const riskBlacklist = pgTable(
  'risk_blacklist',
  {
    id: serial('id').primaryKey(),
    /** What the value is: 'name', 'cardNumber', 'upi', 'wallet' (resources/risk-control). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A party is listed once per kind, whatever its case and surrounding spaces.
  (t) => [uniqueIndex('risk_blacklist_kind_value_idx').on(t.kind, t.value), index('risk_blacklist_created_idx').on(t.createdAt)],
);

export const riskDetections = pgTable(
  'risk_detections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    merchantId: integer('merchant_id').notNull(),
    /** The rule that hit: the blacklist kind, and the listed value it matched. */
    rule: text('rule').notNull(),
    value: text('value').notNull(),
    blacklistId: integer('blacklist_id'),
    /** What the check did: 'held' (the payout waits for an operator instead of being paid). */
    outcome: text('outcome').notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_detections_created_idx').on(t.createdAt), index('risk_detections_order_idx').on(t.orderCode)],
);
