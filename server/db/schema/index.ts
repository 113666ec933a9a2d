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
// Order cleanup: the clear history and the archive of cleared orders.
export * from './order-clear-history.js';
// Versioned scripts (dynamic pay, monitors) and the pay scripts' call records.
export * from './scripts.js';
// Bot settings, gateway config and message templates (system management).
export * from './bots.js';
export * from './pay-gateways.js';
export * from './message-templates.js';
// IP rules (system management > IP whitelist, agent IP whitelist)
export * from './ip-rules.js';
// To-do items (changes held for review)
export * from './todo-items.js';
// Statistics summaries per closed day
export * from './order-statistics.js';
// Payment references (UTRs, USDT hashes) held by orders: each pays once
export * from './payment-references.js';
