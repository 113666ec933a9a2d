/** `npm run orders-doc`: writes docs/orders.md from the order statuses, actions and money rule. */
import { writeFileSync } from 'node:fs';
import { ORDERS_DOC_FILE, renderOrdersDoc } from './orders-doc-report';

writeFileSync(ORDERS_DOC_FILE, renderOrdersDoc());
console.error(`written to ${ORDERS_DOC_FILE}`);
