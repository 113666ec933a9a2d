/**
 * Orders the e2e order-list tests find by their codes (E2E-LIST-...), written straight into the e2e
 * server's new database with the demo data (the list screens need orders in several statuses, of
 * two suppliers, not the flows that make them). Imported by serve.ts before the server starts.
 */
import { inArray } from 'drizzle-orm';
import '../../server/seeders.js';
import { addDemoSeeder } from '../../server/db/seed.js';
import { orders, users } from '../../server/db/schema/index.js';
import { E2E_ORDERS } from './order-data.js';

addDemoSeeder(async (db) => {
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, ['merchant', 'merchant2', 'supplier', 'supplier2']));
  const id = (account: string) => rows.find((r) => r.account === account)!.id;
  const order = (orderCode: string, createdAt: string, extra: Partial<typeof orders.$inferInsert>) => ({
    orderCode,
    merchantOrderNo: `${orderCode}-M`,
    merchantId: id('merchant'),
    supplierId: id('supplier'),
    accountId: 1,
    productId: 1034,
    status: 2,
    amount: 123_45,
    payAmount: 123_45,
    notifyUrl: 'https://shop.example/notify',
    createdAt: new Date(`${createdAt}Z`),
    ...extra,
  });
  await db.insert(orders).values([
    order(E2E_ORDERS.paid, '2025-02-10 09:30:00', { status: 13, receivedAmount: 123_45, utr: 'E2EUTR0001', completedAt: new Date('2025-02-10T09:40:00Z') }),
    order(E2E_ORDERS.open, '2025-02-11 10:00:00', { amount: 500_00, payAmount: 500_01 }),
    order(E2E_ORDERS.timedOut, '2025-02-12 11:00:00', { status: 10 }),
    order(E2E_ORDERS.otherSupplier, '2025-02-13 12:00:00', { merchantId: id('merchant2'), supplierId: id('supplier2'), status: 3, receivedAmount: 123_45 }),
    order(E2E_ORDERS.formula, '2025-02-14 13:00:00', { description: '=1+2', status: 8 }),
  ]);
});
