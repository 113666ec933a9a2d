/**
 * Why money moves: the reasons of ledger rows (server/ledger). Shared with the fund records screen,
 * which names each in the reader's language (locales fundRecords.reasons). Add a reason here, with
 * its three translations, when a new kind of posting appears.
 */
export const LEDGER_REASONS = [
  /** Demo or migrated opening balance. */
  'opening',
  /** A collection order credited to a merchant / supplier. */
  'collection',
  /** A fee charged on an order. */
  'fee',
  /** A payout debited. */
  'payout',
  /** An order reversed: the opposite of its earlier postings. */
  'reversal',
  /** A manual balance adjustment by an admin. */
  'adjustment',
  /** Funds an admin froze (member -> frozen) or unfroze (frozen -> member). */
  'freeze',
  'unfreeze',
  /** A merchant's available balance cleared by superAdmin. */
  'clearBalance',
  /** Collected money a supplier owes the platform, or the platform's earnings (platform accounts). */
  'settlement',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** A member's ledger accounts: available funds and funds an admin froze. */
export const MEMBER_ACCOUNTS = ['member', 'frozen'] as const;

/** What caused a row (its refType): an order's code, or an operation. */
export const FUND_SOURCES = ['order', 'balanceOperation', 'demo'] as const;
