/**
 * Orders the e2e order-list tests find by their codes (E2E-LIST-...), written into the e2e server's
 * new database with the demo data (the list screens need orders in several statuses, of two
 * suppliers, on fixed dates, not the flows that make them). A paid one gets the ledger postings a
 * paid order gets (server/orders/money.ts), as the demo's own orders do, so the run's ledger check
 * (serve.ts) holds; an order on an account is on its supplier's. Imported by serve.ts before the server starts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import '../../server/seeders.js';
import { addDemoSeeder } from '../../server/db/seed.js';
import { orders, receivingAccounts, users } from '../../server/db/schema/index.js';
import { postPaid } from '../../server/orders/money.js';
import { isSuccess, statusCode } from '../../resources/orders/statuses.js';
import { E2E_ORDERS } from './order-data.js';

addDemoSeeder(async (db) => {
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, ['merchant', 'merchant2', 'supplier', 'supplier2']));
  const id = (account: string) => rows.find((r) => r.account === account)!.id;
  const [account] = await db
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.supplierId, id('supplier')), eq(receivingAccounts.productId, 1034)))
    .orderBy(asc(receivingAccounts.id))
    .limit(1);
  const order = (orderCode: string, createdAt: string, extra: Partial<typeof orders.$inferInsert>) => ({
    orderCode,
    merchantOrderNo: `${orderCode}-M`,
    merchantId: id('merchant'),
    supplierId: id('supplier'),
    accountId: account.id,
    productId: 1034,
    status: 2,
    amount: 123_45,
    payAmount: 123_45,
    notifyUrl: 'https://shop.example/notify',
    createdAt: new Date(`${createdAt}Z`),
    ...extra,
  });
  const placed = await db.insert(orders).values([
    order(E2E_ORDERS.paid, '2025-02-10 09:30:00', { status: 13, receivedAmount: 123_45, utr: 'E2EUTR0001', completedAt: new Date('2025-02-10T09:40:00Z') }),
    order(E2E_ORDERS.open, '2025-02-11 10:00:00', { amount: 500_00, payAmount: 500_01 }),
    order(E2E_ORDERS.timedOut, '2025-02-12 11:00:00', { status: 10 }),
    // The other supplier has no account of its own in the demo data.
    order(E2E_ORDERS.otherSupplier, '2025-02-13 12:00:00', { merchantId: id('merchant2'), supplierId: id('supplier2'), accountId: null, status: 3, receivedAmount: 123_45 }),
    order(E2E_ORDERS.formula, '2025-02-14 13:00:00', { description: '=1+2', status: 8 }),
  ]).returning();
  for (const order of placed.filter((o) => isSuccess(statusCode(o.status)!))) await postPaid(db, order);
});
