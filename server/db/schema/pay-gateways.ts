/** Payment gateways the platform connects to (gateway config). */
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const payGateways = pgTable('pay_gateways', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Product codes (resources/products/catalogue.ts) the gateway serves. */
  productIds: integer('product_ids').array().notNull(),
  baseUrl: text('base_url').notNull(),
  merchantNo: text('merchant_no').notNull(),
  /** The gateway key, encrypted (server/security/secrets.ts); never answered. */
  secretKey: text('secret_key').notNull(),
  /** Addresses the gateway calls back from, one per line. */
  callbackIps: text('callback_ips').notNull().default(''),
  timeoutMs: integer('timeout_ms').notNull().default(10000),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
