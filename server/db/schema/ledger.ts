/**
 * The ledger: every movement of a user's money is one row here, and a balance is the sum of the
 * user's rows. Rows are only ever added (a correction is a new row with the opposite sign), so the
 * history explains every balance. Written only through server/ledger/ledger.ts.
 */
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The member (merchant or supplier) whose money it is; null for the platform's own accounts. */
    userId: integer('user_id'),
    /**
     * 'member' (the user's balance), or a platform account: 'platformFee' (what the platform earns
     * between merchant and supplier fees) and 'supplierClearing' (collected money the platform is
     * owed by suppliers, when IsSupplierRemoveBalanceOnOrderFinished is off) and 'platformEquity'
     * (money brought in or taken out outside the order flows: opening balances, adjustments),
     * 'payoutReserve' (merchants' money held for payouts not yet paid) and 'payoutClearing' (payouts
     * the platform paid from its own bank accounts, in its own batches); 'frozen' (a member's funds
     * held by an admin: frozen and unfrozen against the member's own 'member' account). The rows of one
     * posting sum to zero across these accounts (double entry).
     */
    account: text('account').notNull().default('member'),
    /** Signed amount in minor units (cents): positive credits the user, negative debits. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Why the money moved (see LEDGER_REASONS). */
    reason: text('reason').notNull(),
    /** What caused it, e.g. ('order', 'P2024...') or ('adjustment', '17'). */
    refType: text('ref_type'),
    refId: text('ref_id'),
    /** Who posted it (an admin for adjustments; null for automatic postings). */
    createdBy: integer('created_by'),
    /**
     * The running balance of this user's account (member or frozen) after this row, written under
     * the user's row lock; null for the platform's rows. Fund records show it without summing.
     */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    /** The operator's reason for a manual posting (adjustment, freeze, clear). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_user_created_idx').on(t.userId, t.createdAt), index('ledger_ref_idx').on(t.refType, t.refId), index('ledger_account_idx').on(t.account), index('ledger_user_id_idx').on(t.userId, t.id), index('ledger_user_account_id_idx').on(t.userId, t.account, t.id)],
);
