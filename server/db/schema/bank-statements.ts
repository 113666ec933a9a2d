/**
 * Transaction records fed by ingest devices (server/ingest): bank SMS and online-banking web
 * messages in one table (`source`), USDT transfers in another. Each record keeps the device that
 * sent it, the receiving account and supplier it belongs to (the supplier's row scope), what it
 * says (amounts in integer minor units, USDT in micro units) and which open order it completed.
 */
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'sms' (a bank SMS read on a phone) or 'webMessage' (an online-banking message). */
    source: text('source').notNull(),
    clientId: integer('client_id').notNull(),
    deviceCode: text('device_code').notNull(),
    supplierId: integer('supplier_id'),
    accountId: integer('account_id'),
    /** The account's card number when the record arrived (what operators search by). */
    cardNumber: text('card_number'),
    sender: text('sender'),
    content: text('content').notNull(),
    /** sha256 of the content: with the device, source and time it says "already received". */
    contentHash: text('content_hash').notNull(),
    /** 'credit' (money in) or 'debit' (money out). */
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    utr: text('utr'),
    occurredAt: at('occurred_at').notNull(),
    /** 'matched', 'unmatched', 'ambiguous' (several open orders fit) or 'notCredit' (resources/bank-statements/match-states.ts). */
    matchState: text('match_state').notNull(),
    matchedOrderCode: text('matched_order_code'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statements_dedupe_idx').on(t.clientId, t.source, t.occurredAt, t.contentHash),
    index('bank_statements_source_id_idx').on(t.source, t.id),
    index('bank_statements_supplier_idx').on(t.supplierId, t.id),
    // The trusted chain reads an account's records in time order.
    index('bank_statements_account_time_idx').on(t.accountId, t.occurredAt),
    index('bank_statements_card_idx').on(t.cardNumber),
    index('bank_statements_utr_idx').on(t.utr),
    index('bank_statements_order_idx').on(t.matchedOrderCode),
  ],
);

export const usdtTransactions = pgTable(
  'usdt_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    deviceCode: text('device_code').notNull(),
    supplierId: integer('supplier_id'),
    /** The receiving account whose wallet is the `to` address, when there is one. */
    accountId: integer('account_id'),
    txHash: text('tx_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** USDT micro units (1 USDT = 1,000,000). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    occurredAt: at('occurred_at').notNull(),
    matchState: text('match_state').notNull(),
    matchedOrderCode: text('matched_order_code'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usdt_transactions_hash_idx').on(t.txHash),
    index('usdt_transactions_supplier_idx').on(t.supplierId, t.id),
    index('usdt_transactions_to_idx').on(t.toAddress),
    index('usdt_transactions_order_idx').on(t.matchedOrderCode),
  ],
);
