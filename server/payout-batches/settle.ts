/**
 * How a batch ends, each in the caller's one transaction with the batch locked (batch-row.ts):
 * confirm (every payout with the bank completes: the ledger pays the payer and the platform's fee),
 * mark exceptional (ticked payouts are rejected, the merchant's reserve released; the rest leave
 * the batch for another: back to the pool for a platform batch, to their supplier for a supplier's)
 * and the bank's result file (each row paid or refused). A payout moves only through the payout
 * state machine, so a second confirm finds nothing to pay and is refused by the batch state.
 * Each locks the members its postings will touch at once, in id order, before the first of them
 * (ledger.ts, lockMembers): two batches settling payouts of the same merchants never deadlock.
 */
import { eq } from 'drizzle-orm';
import { batchAllows, batchStateId } from '../../resources/payout-batches/states.js';
import { BANK_REFUSED, BATCH_EXCEPTION } from '../../resources/payouts/reject-reasons.js';
import { payoutBatches } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { getSetting } from '../settings/store.js';
import { payoutTransition } from '../payouts/state-machine.js';
import { lockMembers } from '../ledger/ledger.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../orders/state-machine.js';
import type { OrderRow } from '../orders/order-row.js';
import { batchOrders, stateConflict, type BatchRow } from './batch-row.js';
import type { ResultRow } from './bank-file.js';

const finish = (tx: Db, batch: BatchRow, set: Partial<BatchRow>) =>
  tx
    .update(payoutBatches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payoutBatches.id, batch.id))
    .returning()
    .then(([row]) => row);

/** Completes every payout of the exported batch and confirms it. */
export async function confirmBatch(tx: Db, batch: BatchRow, actor: Actor): Promise<{ batch: BatchRow; completed: number }> {
  const paying = await batchOrders(tx, batch.id, ['paying']);
  // Completion credits the supplier (none for the platform's own batch).
  await lockMembers(tx, paying.map((o) => o.supplierId));
  for (const order of paying) await payoutTransition(tx, order, { action: 'confirm', to: 'completed', actor });
  return { batch: await finish(tx, batch, { state: batchStateId('confirmed'), finishedAt: new Date() }), completed: paying.length };
}

/** Where a payout goes when it leaves a batch unpaid: the pool (platform batch), or its supplier (supplier batch). */
async function unbatch(tx: Db, batch: BatchRow, order: OrderRow, actor: Actor, action: 'unbatch' | 'bankResult', reason?: string) {
  const toPool = batch.supplierId === null || action === 'bankResult';
  const set = toPool ? { batchId: null, supplierId: null, accountId: null, assignedAt: null } : { batchId: null };
  return payoutTransition(tx, order, { action, to: toPool ? 'waiting' : 'preparing', actor, reason, set });
}

/** Rejects the ticked payouts, returns the others, and marks the batch exceptional. */
export async function markException(tx: Db, batch: BatchRow, orderIds: readonly number[], actor: Actor): Promise<{ batch: BatchRow; rejected: number; returned: number }> {
  const open = await batchOrders(tx, batch.id, ['preparing', 'paying']);
  const ticked = new Set(orderIds);
  // A ticked id that is not an open payout of this batch is the caller's mistake, not something to skip silently.
  if ([...ticked].some((id) => !open.some((o) => o.id === id))) fail('notFound');
  // Rejecting gives each ticked payout's merchant its reserve back; the others move no money.
  await lockMembers(tx, open.filter((o) => ticked.has(o.id)).map((o) => o.merchantId));
  let exceptionAmount = 0;
  for (const order of open) {
    if (ticked.has(order.id)) {
      // The reason's code, which every screen names in its language; the payout keeps its batch.
      await payoutTransition(tx, order, { action: 'exception', to: 'revoked', actor, reason: BATCH_EXCEPTION, set: { rejectReason: BATCH_EXCEPTION } });
      exceptionAmount += order.amount;
    } else {
      await unbatch(tx, batch, order, actor, 'unbatch');
    }
  }
  const done = await finish(tx, batch, { state: batchStateId('exception'), exceptionAmount: batch.exceptionAmount + exceptionAmount, finishedAt: new Date() });
  return { batch: done, rejected: ticked.size, returned: open.length - ticked.size };
}

/**
 * Settles the rows of the bank's result file: paid completes (keeping the bank's reference), refused
 * returns to the pool while GatewayOrderRejectToPayoutPool is on and is rejected otherwise. A row naming anything but a
 * payout of this batch still with the bank refuses the whole file (`rowError`). The batch is
 * confirmed once none of its payouts is left with the bank.
 */
export async function applyResult(tx: Db, batch: BatchRow, rows: readonly ResultRow[], actor: Actor, rowError: (row: number) => Error) {
  const paying = await batchOrders(tx, batch.id, ['paying']);
  const byCode = new Map(paying.map((o) => [o.orderCode, o]));
  const toPool = (await getSetting(tx, 'GatewayOrderRejectToPayoutPool')).enable === true;
  // A paid row credits its supplier; a refused one rejected gives its merchant the reserve back.
  await lockMembers(
    tx,
    rows.map((row) => {
      const order = byCode.get(row.reference);
      return !order ? null : row.paid ? order.supplierId : toPool ? null : order.merchantId;
    }),
  );
  let completed = 0;
  let refused = 0;
  let exceptionAmount = 0;
  for (const row of rows) {
    const order = byCode.get(row.reference);
    if (!order) throw rowError(row.row);
    if (row.paid) {
      // The bank's reference goes to the merchant with the callback the completion schedules.
      await payoutTransition(tx, order, { action: 'bankResult', to: 'completed', actor, ...(row.utr ? { set: { utr: row.utr } } : {}) });
      completed++;
      continue;
    }
    refused++;
    exceptionAmount += order.amount;
    // The bank's own words when the file has them; else the reason's code, which every screen names in its language.
    const reason = row.remark ?? BANK_REFUSED;
    if (toPool) await unbatch(tx, batch, order, actor, 'bankResult', reason);
    else await payoutTransition(tx, order, { action: 'bankResult', to: 'revoked', actor, reason, set: { rejectReason: reason } });
  }
  const left = paying.length - rows.length;
  const state = left === 0 ? 'confirmed' : 'exported';
  if (!batchAllows('upload', 'exported', state)) stateConflict(batch);
  const done = await finish(tx, batch, { state: batchStateId(state), exceptionAmount: batch.exceptionAmount + exceptionAmount, ...(left === 0 ? { finishedAt: new Date() } : {}) });
  return { batch: done, completed, refused, left };
}
