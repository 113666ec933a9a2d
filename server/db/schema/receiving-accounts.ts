/**
 * Receiving and payout accounts of every channel kind (resources/receiving-accounts), in one table:
 * `kind` names the channel, columns hold what lists filter on and what allocation reads (amounts in
 * bigint minor units, a wallet's reported USDT balance in micro units), `extras` the kind-specific texts, `secrets` the
 * online-banking secrets, each encrypted (server/security/secrets.ts).
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    supplierId: integer('supplier_id').notNull(),
    productId: integer('product_id').notNull(),
    /** A resource is enabled or not (the API shows state 0 for enabled). */
    enabled: boolean('enabled').notNull().default(false),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    cardNumber: text('card_number'),
    ifscCode: text('ifsc_code'),
    upiAccount: text('upi_account'),
    nickname: text('nickname'),
    walletAddress: text('wallet_address'),
    /** Supported amount range; null maximum = no upper limit. */
    minAmount: bigint('min_amount', { mode: 'number' }),
    maxAmount: bigint('max_amount', { mode: 'number' }),
    dailyCountLimit: integer('daily_count_limit'),
    dailyAmountLimit: bigint('daily_amount_limit', { mode: 'number' }),
    /** Float up/down in cents, within plus or minus 100. */
    floatAmount: integer('float_amount').notNull().default(0),
    maxConcurrentOrders: integer('max_concurrent_orders'),
    minAcceptBalance: bigint('min_accept_balance', { mode: 'number' }),
    freezeAmount: bigint('freeze_amount', { mode: 'number' }),
    /**
     * USDT wallets: the balance the wallet's chain last reported, in micro units. It is not platform
     * money (that is the ledger, schema/ledger.ts): forms never write it, only the demo seed and a
     * chain-balance ingest set it, and nothing computes with it.
     */
    reportedBalance: bigint('reported_balance', { mode: 'number' }).notNull().default(0),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('receiving_accounts_kind_supplier_idx').on(t.kind, t.supplierId),
    index('receiving_accounts_kind_product_idx').on(t.kind, t.productId, t.enabled),
    index('receiving_accounts_card_idx').on(t.cardNumber),
  ],
);
