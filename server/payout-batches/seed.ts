/**
 * Demo batches: one of each stage (created, exported, confirmed, exception) of the demo merchant's
 * bank payouts, built through the same functions as the screens (createBatch, the export, confirm,
 * exception), so the ledger of every payout sums to zero as in a real run. The merchant gets the
 * bank payout product and a payout float if it lacks them. Its payouts are dated days back, so
 * each batch takes exactly the ones placed for it (batches take the oldest first); the exception
 * batch returns two payouts to the pool, where the pool screen shows them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { batchStateId } from '../../resources/payout-batches/states.js';
import type { CreateOrderPayload } from '../../resources/orders/create-schema.js';
import { orderCallbacks, orders, payoutBatches, userProducts, users } from '../db/schema/index.js';
import { PAYOUT } from '../../resources/payouts/states.js';
import { addDemoSeeder } from '../db/seed.js';
import { postBalanced } from '../ledger/ledger.js';
import { findMerchant } from '../orders/create/merchant.js';
import { placePayout } from '../payouts/create.js';
import type { Db } from '../db/client.js';
import { createBatch } from './create.js';
import { exportBatchNow } from './export-job.js';
import { confirmBatch, markException } from './settle.js';

const DAY = 86_400_000;
const PAYEES = [
  { userName: 'Ravi Kumar', cardNumber: '50100234567891', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' },
  { userName: 'Priya Sharma', cardNumber: '000401234567', ifscCode: 'ICIC0000004', bankName: 'ICICI Bank' },
  { userName: 'Amit Verma', cardNumber: '31234567890', ifscCode: 'SBIN0001234', bankName: 'State Bank of India' },
];

addDemoSeeder(async (db) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
  const [merchantUser] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
  if (!admin || !merchantUser) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.insert(userProducts).values({ userId: merchantUser.id, productId: 3017, side: 'merchant', rate: '0.005' }).onConflictDoNothing();
    await postBalanced(tx, [
      { userId: merchantUser.id, amount: 20_000_00n, reason: 'opening', refType: 'demo' },
      { account: 'platformEquity', amount: -20_000_00n, reason: 'opening', refType: 'demo' },
    ]);
    const merchant = await findMerchant(tx, { userId: merchantUser.id });
    const actor = { userId: admin.id };
    let n = 0;

    /** Three pool payouts dated `daysAgo` back, then a batch of them. */
    const batchOfThree = async (daysAgo: number) => {
      const placed = [];
      for (const payee of PAYEES) {
        n++;
        const payload = { mchId: merchant.profile.mchId, productId: 3017, mchOrderNo: `DEMO-BATCH-${String(n).padStart(3, '0')}`, amount: 1_500_00 + n * 2_375, notifyUrl: 'https://merchant.example/notify', ...payee, sign: '' } as CreateOrderPayload;
        placed.push(await placePayout(tx, merchant, payload, { actor }));
      }
      await tx
        .update(orders)
        .set({ createdAt: new Date(Date.now() - daysAgo * DAY + n * 60_000) })
        .where(inArray(orders.id, placed.map((o) => o.id)));
      return createBatch(tx, { templateId: 'iciciBulk', maxCount: 3 }, { actor, supplier: null, lang: 'en-US' });
    };
    const exported = async (batchId: number) => {
      await tx.update(payoutBatches).set({ state: batchStateId('exporting'), exportProgress: 0 }).where(eq(payoutBatches.id, batchId));
      await exportBatchNow(tx, batchId);
      const [row] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
      return row;
    };

    const confirmed = await exported((await batchOfThree(12)).id);
    await confirmBatch(tx, confirmed, actor);
    await exported((await batchOfThree(11)).id);
    await batchOfThree(10);
    const exception = await exported((await batchOfThree(9)).id);
    const [first] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.batchId, exception.id)).limit(1);
    await markException(tx, exception, [first.id], actor);
  });
  // The demo payouts' notifications, as a finished run leaves them: delivered, none due.
  await db
    .update(orderCallbacks)
    .set({ state: 'succeeded', attempts: 1, nextAttemptAt: null, lastAttemptAt: sql`now()` })
    .where(and(eq(orderCallbacks.state, 'pending'), inArray(orderCallbacks.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.orderType, PAYOUT)))));
});
