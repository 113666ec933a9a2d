/** `npm run orders-doc`: writes docs/orders.md and docs/payouts.md from the order and payout states, actions and money rule. */
import { writeFileSync } from 'node:fs';
import { ORDERS_DOC_FILE, renderOrdersDoc } from './orders-doc-report';
import { PAYOUTS_DOC_FILE, renderPayoutsDoc } from './payouts-doc-report';

writeFileSync(ORDERS_DOC_FILE, renderOrdersDoc());
writeFileSync(PAYOUTS_DOC_FILE, renderPayoutsDoc());
console.error(`written to ${ORDERS_DOC_FILE} and ${PAYOUTS_DOC_FILE}`);
