/**
 * Demo: a few unpaid orders of the demo merchant from six weeks ago (rejected, timed out, never
 * allocated), then one real run of the cleanup, so the clear history shows what a run records.
 * The demo's other orders are younger than the default cycle and stay.
 */
import { eq } from 'drizzle-orm';
import { statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { orders, users } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import { clearFinishedOrders } from './job.js';

const DAY = 86_400_000;
const OLD: readonly OrderStatus[] = ['rejected', 'timedOut', 'allocationFailed', 'rejected', 'timedOut'];

addDemoSeeder(async (db) => {
  const [merchant] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant')).limit(1);
  if (!merchant) return;
  const now = Date.now();
  await db.insert(orders).values(
    OLD.map((status, n) => {
      const created = new Date(now - (42 + n) * DAY);
      return {
        orderCode: `PCLR${String(n + 1).padStart(4, '0')}`,
        merchantId: merchant.id,
        merchantOrderNo: `MCLR-${n + 1}`,
        productId: 1034,
        status: statusId(status),
        amount: 50_000,
        payAmount: 50_000,
        notifyUrl: 'https://shop.example.com/notify',
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  await clearFinishedOrders(db);
});
