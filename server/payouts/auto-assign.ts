/**
 * The automatic assignment job: while AutoAssignPayoutOrder is on, the pool's payouts, oldest
 * first, are given to eligible payout accounts (./assign.ts), a bounded number per transaction.
 * Each run claims its payouts with FOR UPDATE SKIP LOCKED, so a supplier claiming one at the same
 * moment, or a second instance running the job, never gets the same payout twice: whoever locks it
 * first moves it, and the state machine writes only if it is still waiting.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { orders } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { getSetting } from '../settings/store.js';
import { autoAssign } from './assign.js';

/** How often the pool is looked at. */
const EVERY_MS = 5_000;
/** Payouts taken per run: a long pool is worked over several runs in short transactions. */
const ASSIGN_BATCH = 100;

/** Assigns one batch of pool payouts; answers how many found an account. */
export async function assignPool(db: Db): Promise<number> {
  if ((await getSetting(db, 'AutoAssignPayoutOrder')).enable !== true) return 0;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const pool = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderType, PAYOUT), eq(orders.payoutStatus, payoutStateId('waiting')), isNull(orders.supplierId)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(ASSIGN_BATCH)
      .for('update', { skipLocked: true });
    let assigned = 0;
    for (const order of pool) if ((await autoAssign(tx, order)) !== order) assigned++;
    return assigned;
  });
}

export const autoAssignJob: Job = { name: 'payoutAutoAssign', everyMs: EVERY_MS, run: (services) => assignPool(services.db).then(() => undefined) };
