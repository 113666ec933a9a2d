/**
 * Demo orders: a few hundred collection orders of the demo merchants over the last seven days, on
 * the demo supplier's card account, in every status an operator meets, with the ledger rows and
 * callback records a real run would have left, so every list, balance and chart shows something
 * real on first start. Money goes through the same posting as live orders (money.ts); only the
 * times are set back to when the order happened.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ledgerEntries, memberProfiles, orderCallbackAttempts, orderCallbacks, orders, receivingAccounts, users } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import { markId, statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { postPaid } from './money.js';
import { signOf } from './sign.js';
import { decryptSecret } from '../security/secrets.js';
import type { Db } from '../db/client.js';
import type { OrderRow } from './order-row.js';

const COUNT = 320;
const DAY = 86_400_000;
const NOTIFY_URL = 'https://merchant.example/notify';
/** The demo's closed orders are at least this old: their payments (up to 11 minutes after) end before the seed. */
const HISTORY_GAP = 15 * 60_000;

/** A small deterministic generator, so every new demo database holds the same orders. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Status by share of orders (the rest are paid): most are paid, some time out, a few wait or fail. */
const MIX: [OrderStatus, number][] = [
  ['callbackSucceeded', 0.58],
  ['callbackFailed', 0.04],
  ['timedOut', 0.26],
  ['rejected', 0.05],
  ['allocationFailed', 0.05],
  // Few open orders: they hold the demo account, whose concurrency limit new orders still need.
  ['pendingConfirmation', 0.012],
  ['allocated', 0.008],
];

function pick(r: number): OrderStatus {
  let sum = 0;
  for (const [status, share] of MIX) if (r < (sum += share)) return status;
  return 'callbackSucceeded';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const codeOf = (at: Date, n: number) => `P${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1, 2)}${pad(at.getUTCDate(), 2)}${pad(n, 6)}`;

addDemoSeeder(async (db) => {
  const merchants = await db
    .select({ id: users.id, mchId: memberProfiles.mchId, keyEncrypted: memberProfiles.merchantKeyEncrypted })
    .from(users)
    .innerJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(inArray(users.account, ['merchant', 'merchant2']));
  const [account] = await db
    .select()
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.kind, 'internationalCardToCard'), eq(receivingAccounts.productId, 1034), eq(receivingAccounts.enabled, true)))
    .limit(1);
  if (!merchants.length || !account) return;
  const next = random(20_001);
  const now = Date.now();
  const planned: { n: number; status: OrderStatus; created: Date; amount: number; paid: boolean; completed: Date | null; utr: string | null }[] = [];
  for (let n = 1; n <= COUNT; n++) {
    const status = pick(next());
    // Open orders are recent (they have not timed out yet); the others spread over the week before
    // HISTORY_GAP, so every demo payment is made before what the later seeders post now (payouts, batches).
    const open = status === 'allocated' || status === 'pendingConfirmation';
    const created = new Date(open ? now - next() * 10 * 60_000 : now - HISTORY_GAP - next() * 7 * DAY);
    const amount = (100 + Math.floor(next() * 200) * 50) * 100;
    const paid = status === 'callbackSucceeded' || status === 'callbackFailed';
    const completed = paid ? new Date(created.getTime() + (60 + next() * 600) * 1000) : null;
    const utr = paid || status === 'pendingConfirmation' ? `UTR${pad(Math.floor(next() * 1e9), 9)}` : null;
    planned.push({ n, status, created, amount, paid, completed, utr });
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Written as they happened: the orders in creation order, then the payments in the order they
    // were made, so the ledger's posting order (its ids, which the running balances follow and the
    // fund records list newest first) is also the order of their times.
    const paidOrders: OrderRow[] = [];
    for (const { n, status, created, amount, paid, completed, utr } of [...planned].sort((a, b) => a.created.getTime() - b.created.getTime())) {
      const merchant = merchants[n % merchants.length];
      const allocated = status !== 'allocationFailed';
      const [order] = await tx
        .insert(orders)
        .values({
          orderCode: codeOf(created, n),
          merchantId: merchant.id,
          merchantOrderNo: `M${merchant.mchId}-${pad(n, 5)}`,
          productId: 1034,
          supplierId: allocated ? account.supplierId : null,
          accountId: allocated ? account.id : null,
          status: statusId(status),
          mark: n % 37 === 0 ? markId('suspicious') : markId('ordinary'),
          amount,
          payAmount: amount,
          receivedAmount: paid ? amount : null,
          notifyUrl: NOTIFY_URL,
          clientIp: `203.0.113.${n % 250}`,
          utr,
          utrSubmittedAt: utr ? new Date(created.getTime() + 45_000) : null,
          rejectReason: status === 'rejected' ? 'notReceived' : null,
          expiresAt: allocated ? new Date(created.getTime() + 15 * 60_000) : null,
          completedAt: completed,
          allocateInfo: { demo: true },
          createdAt: created,
          updatedAt: completed ?? created,
        })
        .returning();
      if (paid) paidOrders.push(order);
    }
    for (const order of paidOrders.sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime())) {
      const merchant = merchants.find((m) => m.id === order.merchantId)!;
      await payDemoOrder(tx, order, merchant.mchId, decryptSecret(merchant.keyEncrypted), order.status === statusId('callbackSucceeded'));
    }
  });
});

/** The ledger rows and callback records of a paid demo order, dated when it was paid. */
async function payDemoOrder(tx: Db, order: OrderRow, mchId: string, key: string, delivered: boolean) {
  await postPaid(tx, order);
  await tx
    .update(ledgerEntries)
    .set({ createdAt: order.completedAt! })
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, order.orderCode)));
  const at = order.completedAt!;
  const [task] = await tx
    .insert(orderCallbacks)
    .values({ orderId: order.id, orderCode: order.orderCode, merchantOrderNo: order.merchantOrderNo, merchantId: order.merchantId, url: NOTIFY_URL, state: delivered ? 'succeeded' : 'failed', attempts: delivered ? 1 : 3, nextAttemptAt: null, deadlineAt: new Date(at.getTime() + 30 * 60_000), lastAttemptAt: at, createdAt: at })
    .returning();
  const params = { mchId, mchOrderNo: order.merchantOrderNo, orderCode: order.orderCode, amount: order.amount, status: 'success', productId: order.productId };
  const signed = { ...params, sign: signOf(params, key) };
  const tries = delivered ? [true] : [false, false, false];
  await tx.insert(orderCallbackAttempts).values(
    tries.map((ok, i) => ({
      callbackId: task.id,
      orderId: order.id,
      orderCode: order.orderCode,
      merchantOrderNo: order.merchantOrderNo,
      merchantId: order.merchantId,
      url: NOTIFY_URL,
      httpMethod: 'POST',
      params: signed,
      responseStatus: ok ? 200 : 502,
      responseBody: ok ? 'success' : 'Bad Gateway',
      durationMs: 80 + ((order.id * 37 + i * 11) % 400),
      success: ok,
      systemFlag: 'PAY',
      receivedAt: new Date(at.getTime() + i * 60_000),
    })),
  );
}
