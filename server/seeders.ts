/** Registers each domain's demo seeder (imported for its side effect by main and the test database). */
import './messages/seed.js';
import './merchants/seed.js';
import './bank-numbers/seed.js';
import './receiving-accounts/seed.js';
// The demo supplier's device and monitor, watching its card account.
import './ingest/seed.js';
// Before the orders: a demo payout to a listed payee is held by the risk check.
import './risk-control/seed.js';
import './orders/seed.js';
import './payouts/seed.js';
import './payout-batches/seed.js';
// Last: one run of the order cleanup over a few old demo orders (the clear history's first row).
import './order-clear-history/seed.js';
// Demo pay and monitor scripts, and the pay runner's call records.
import './scripts/seed.js';
