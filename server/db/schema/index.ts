/** All tables, one file per domain. */
export * from './core.js';
export * from './messages.js';
export * from './ledger.js';
export * from './members.js';
export * from './products.js';
export * from './bank-numbers.js';
export * from './receiving-accounts.js';
export * from './name-blacklist.js';
export * from './orders.js';
export * from './payout-batches.js';
export * from './risk-control.js';
export * from './idempotency.js';
export * from './ingest.js';
export * from './order-analysis.js';
export * from './monitors.js';
export * from './bank-statements.js';
// To-do items (changes held for review)
export * from './todo-items.js';
