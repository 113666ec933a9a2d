/**
 * The timeout sweep: an allocated order nobody paid before its expiresAt (OrderTimeoutMinutes after
 * allocation) becomes timed out, through the state machine's timeout edge, audited with the system
 * as actor. The expiry is a column, so a restart loses nothing; each batch claims its orders with
 * SELECT ... FOR UPDATE SKIP LOCKED in one transaction, and the state machine writes only if the
 * status is still allocated, so two instances sweeping at once time an order out exactly once.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { orders } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { transition } from './state-machine.js';
import { clockNow } from '../clock.js';

/** How often the server looks for expired orders. */
const SWEEP_EVERY_MS = 5_000;
/** Orders claimed per transaction: a long backlog is worked in short transactions. */
const BATCH = 200;

/** Times out one batch of expired orders; answers how many. */
async function sweepBatch(db: Db): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const expired = await tx
      .select()
      .from(orders)
      // Matches the partial index orders_expires_idx (status = 2).
      .where(and(eq(orders.status, statusId('allocated')), lt(orders.expiresAt, clockNow())))
      .orderBy(asc(orders.expiresAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const order of expired) await transition(tx, order, { action: 'timeout', to: 'timedOut', actor: { userId: null }, reason: 'expired' });
    return expired.length;
  });
}

/** Times out every order expired by now; answers how many this call moved. */
export async function sweepTimeouts(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await sweepBatch(db);
    total += moved;
    if (moved < BATCH) return total;
  }
}

export const timeoutJob: Job = { name: 'orderTimeouts', everyMs: SWEEP_EVERY_MS, run: (services) => sweepTimeouts(services.db).then(() => undefined) };
