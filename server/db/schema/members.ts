/**
 * Merchants and suppliers (code merchants) are rows of `users` (role merchant / supplier); what only
 * they have lives here. Balances are not stored: they are sums of ledger rows (schema/ledger.ts).
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const memberProfiles = pgTable('member_profiles', {
  userId: integer('user_id').primaryKey(),
  /** Public merchant number used by the order API (`mchId`); suppliers have one too. */
  mchId: text('mch_id').notNull().unique(),
  /** The signing key, encrypted with server/security/secrets.ts; never returned unmasked in lists. */
  merchantKeyEncrypted: text('merchant_key_encrypted').notNull(),
  /** Off: the member takes no new orders. */
  acceptOrders: boolean('accept_orders').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Related accounts (/user/bindUser and friends): `userId` asked to be related to `boundUserId`; the
 * bound account confirms before the relation counts.
 */
export const userBindings = pgTable(
  'user_bindings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    boundUserId: integer('bound_user_id').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_bindings_pair_idx').on(t.userId, t.boundUserId), index('user_bindings_bound_idx').on(t.boundUserId)],
);
