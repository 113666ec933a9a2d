/**
 * Merchants and suppliers (code merchants) are rows of `users` (role merchant / supplier); what only
 * they have lives here. Balances are not stored: they are sums of ledger rows (schema/ledger.ts).
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const memberProfiles = pgTable('member_profiles', {
  userId: integer('user_id').primaryKey(),
  /** Public merchant number used by the order API (`mchId`); suppliers have one too. */
  mchId: text('mch_id').notNull().unique(),
  /** The signing key, encrypted with server/security/secrets.ts; never returned unmasked in lists. */
  merchantKeyEncrypted: text('merchant_key_encrypted').notNull(),
  /**
   * The key masked ("demo••••••0001"), written with the key: lists show it without decrypting, so
   * one undecryptable key never breaks a list. Null for rows written before the column (shown as
   * a plain mask until the key is next regenerated).
   */
  merchantKeyMask: text('merchant_key_mask'),
  /** Off: the member takes no new orders. */
  acceptOrders: boolean('accept_orders').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
