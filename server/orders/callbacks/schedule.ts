/**
 * Schedules the notification of a paid order (or a manual re-send): one row per order in
 * order_callbacks, due now; the worker (./worker.ts) sends it after the transaction commits and
 * retries with backoff until TimeoutCallbackTime minutes have passed. A re-send starts a new
 * round on the same row: due now, a new deadline, the backoff from its first step (attempts
 * counts the tries of the round; every try stays in order_callback_attempts), and a deleted row
 * is back on the list.
 */
import { sql } from 'drizzle-orm';
import { orderCallbacks } from '../../db/schema/index.js';
import { getSetting } from '../../settings/store.js';
import type { Db } from '../../db/client.js';
import type { OrderRow } from '../order-row.js';

/** Retries stop this long after scheduling when TimeoutCallbackTime is 0 (unset). */
const DEFAULT_RETRY_MINUTES = 30;

export async function scheduleCallback(tx: Db, order: OrderRow): Promise<void> {
  const minutes = Number((await getSetting(tx, 'TimeoutCallbackTime')).value) || DEFAULT_RETRY_MINUTES;
  const deadline = sql`now() + make_interval(mins => ${minutes})`;
  await tx
    .insert(orderCallbacks)
    .values({ orderId: order.id, orderCode: order.orderCode, merchantOrderNo: order.merchantOrderNo, merchantId: order.merchantId, url: order.notifyUrl, state: 'pending', nextAttemptAt: sql`now()`, deadlineAt: deadline })
    .onConflictDoUpdate({ target: orderCallbacks.orderId, set: { state: 'pending', url: order.notifyUrl, attempts: 0, nextAttemptAt: sql`now()`, deadlineAt: deadline, deletedAt: null } });
}
