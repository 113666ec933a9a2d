/**
 * Allocation: which receiving account takes an order, and why. One place decides it for creation
 * and for the reselect, retry and release actions; the decision and every reason are written to
 * orders.allocateInfo (GET /order/getOrderAllocateInfo). docs/orders-allocation.md has the rules.
 * This file is the entry point; beside it: types.ts (the request and the answer), read.ts (the
 * accounts and their figures, one prepared statement), rules.ts (why an account cannot take an
 * order), pay-amount.ts (the float), lock.ts (the account locks), rotation.ts (the pick in order).
 *
 * An account can take an order when it is enabled and not deleted, its owner (the supplier, or the
 * supplier above an agent) is not deleted, accepts orders and has the product enabled, and:
 *  - the amount is within [minAmount, maxAmount];
 *  - its open orders stay below maxConcurrentOrders;
 *  - today's orders (platform time zone) stay within dailyCountLimit and dailyAmountLimit (the
 *    amount of the orders given, or of those paid while LimitUseSuccessAmount is on);
 *  - the owner's ledger balance is at least minAcceptBalance;
 *  - a pay amount within +/- floatAmount cents is free among its open orders (no float: no check).
 * Among the accounts that can, the least recently allocated goes first (fair rotation).
 *
 * Concurrency: allocations to different accounts run side by side, those to one account one after
 * another. The candidates are read without a lock and ranked; then, in rotation order, one account
 * at a time is locked (its receiving_accounts row FOR NO KEY UPDATE, the lock an edit of the row
 * takes too, so an edit waits for the allocation or is seen by it) and read again: its row and
 * owner state, its open orders and their pay amounts, today's count and amount, and its owner's
 * balance. Every allocation to an account (creation, batch, reselect, retry, release) holds that
 * lock until its transaction commits, and only allocation gives an account orders, so what is read
 * under the lock stays true until commit: two allocations never both pass maxConcurrentOrders or a
 * daily limit on the same figures, nor take the same pay amount. An account that no longer passes
 * gets its reasons recorded and is let go at once (lock.ts: a savepoint rolled back, or a fresh transaction's),
 * and the next is tried: an allocation never holds one account lock while it waits for another, so
 * allocations cannot wait on each other in a circle.
 *  - Rotation: an account another transaction holds is passed over at first (it is being given an
 *    order, which makes it the most recently allocated) and waited for only when every other one
 *    failed. The ranking is the read's: an account that took orders between the read and its lock
 *    still takes this one if it passes. Reading the candidates again until the ranking held cost
 *    more than the allocation itself under load (each burst made nearly every pick stale), and a
 *    burst's orders still spread over the accounts through the pass-over above.
 *  - Balance (minAcceptBalance) is the owner's, shared by its accounts. It is read again under the
 *    account lock but needs no lock of its own: only ledger postings change it and allocation posts
 *    nothing, so allocations to accounts of one owner side by side cannot take each other under the
 *    minimum; a posting committed after the read (a paid order, an adjustment) is simply ordered
 *    after this allocation, which wrote nothing the posting reads.
 *  - Payment outcomes of orders an account already has are not allocations and take no lock: a paid
 *    order counts toward today's amount under LimitUseSuccessAmount, a supplemented timed-out order
 *    again toward today's figures in relaxed mode. Limits decide what an account is given.
 *  - Batch creation holds the accounts of all its orders in one transaction: it locks every account
 *    of its products up front in id order (lockAccountsOf) and never waits for an account later,
 *    and takes no savepoints (lockAndRead).
 */
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { receivingAccounts } from '../../db/schema/index.js';
import { getSetting } from '../../settings/store.js';
import { clockNow } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { readAccounts, readsOf, type AccountRow } from './read.js';
import { judge, rangeReasons, structuralReasons } from './rules.js';
import { goesBefore, pickFrom, timeOf } from './rotation.js';
import type { Allocation, AllocateInfo, AllocateOutcome, AllocateRequest, CandidateInfo, LimitMode, Limits, Settings } from './types.js';

/** How many candidates the info records (AllocateInfo.moreCandidates counts the rest). */
const MAX_RECORDED = 100;

/** The limit settings the accounts' figures are read under. */
export async function limitsIn(db: Db): Promise<Limits> {
  const limitMode: LimitMode = (await getSetting(db, 'LimitMode')).value === 'relaxed' ? 'relaxed' : 'strict';
  return { limitMode, successAmount: (await getSetting(db, 'LimitUseSuccessAmount')).enable === true };
}

/**
 * Decides where an order goes; writes nothing but the chosen account's lock (the caller moves the
 * order with transition()). `read`: the request's accounts as read already (readAccounts, before
 * the transaction), used when read under the limit settings in force.
 */
export async function allocate(tx: Db, request: AllocateRequest, read?: { rows: AccountRow[]; limits: Limits }): Promise<Allocation> {
  if (!((tx as unknown) instanceof PgTransaction)) throw new Error('allocate must run inside a transaction: the account lock lasts until it commits');
  if (request.onlyAccountId !== undefined) {
    const [row] = await tx.select({ productId: receivingAccounts.productId }).from(receivingAccounts).where(eq(receivingAccounts.id, request.onlyAccountId)).limit(1);
    request = { ...request, productIds: row ? [row.productId] : [] };
  }
  const productIds = [...new Set(request.productIds)];
  request = { ...request, productIds };
  const { limitMode, successAmount } = await limitsIn(tx);
  const readBefore = read && read.limits.limitMode === limitMode && read.limits.successAmount === successAmount;
  const rows = readBefore ? read.rows : productIds.length ? await readAccounts(tx, request, { limitMode, successAmount }) : [];
  const candidates: CandidateInfo[] = rows.map(({ account: a }) => ({ accountId: a.id, kind: a.kind, supplierId: a.supplierId, productId: a.productId, reasons: [] }));
  const byId = new Map(candidates.map((c) => [c.accountId, c]));
  const settings: Settings = { request, limitMode, successAmount, byId };
  let working = rows.filter((row) => (byId.get(row.account.id)!.reasons = structuralReasons(row, request)).length === 0);
  const anyWorking = working.length > 0;
  working = working.filter((row) => (byId.get(row.account.id)!.reasons = rangeReasons(row, request.amount)).length === 0);

  // Ranked on the figures read without a lock; each is judged again on what is read under its lock.
  const ready = (await readsOf(tx, working))
    .filter((r) => judge(settings, r).reasons.length === 0)
    .map((r) => ({ row: r.row, time: timeOf(r.figures) }))
    .sort((x, y) => (goesBefore(x, y) ? -1 : goesBefore(y, x) ? 1 : 0));
  const chosen = ready.length ? await pickFrom(tx, settings, ready) : null;

  const noSupplier = !candidates.length && request.onlyAccountId === undefined;
  const outcome: AllocateOutcome = chosen ? 'allocated' : noSupplier ? 'noSupplier' : anyWorking && !working.length ? 'amountOutOfRange' : 'allocationFailed';
  if (chosen) byId.get(chosen.row.account.id)!.chosen = true;
  const set: Allocation['set'] = chosen && { supplierId: chosen.row.account.supplierId, accountId: chosen.row.account.id, payAmount: chosen.payAmount, expiresAt: await expiryFrom(tx, clockNow()) };
  const info: AllocateInfo = {
    action: request.action,
    at: new Date().toISOString(),
    amount: request.amount,
    productIds,
    limitMode,
    outcome,
    candidates: candidates.slice(0, MAX_RECORDED),
    ...(candidates.length > MAX_RECORDED ? { moreCandidates: candidates.length - MAX_RECORDED } : {}),
    chosen: chosen && { accountId: chosen.row.account.id, supplierId: chosen.row.account.supplierId, productId: chosen.row.account.productId, payAmount: chosen.payAmount },
  };
  return { info, set };
}

/** When an order allocated now times out: OrderTimeoutMinutes later. */
async function expiryFrom(tx: Db, now: Date): Promise<Date> {
  const minutes = Number((await getSetting(tx, 'OrderTimeoutMinutes')).value);
  return new Date(now.getTime() + (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000);
}
