/**
 * Matching a received payment to the open order it pays. Allocation gives every open order of a
 * receiving account its own pay amount (the account's float spreads equal amounts apart by cents,
 * server/orders/allocation.ts), so the amount the payer sent names the order exactly: no
 * tolerance is needed, and one would only make two orders fit. A candidate is an open collection
 * order (OPEN_STATUSES, or timed out after the payment was made), not locked by an operator, of the record's account, asking exactly the
 * amount, created at most lookForwardMinutes before the record. Exactly one candidate: the state
 * machine pays it (action bankMatch, actor = the system, the record's UTR), which posts its ledger
 * rows and schedules the merchant's callback, as a manual supplement does. None or several: the
 * record stays unmatched for an operator.
 */
import { and, desc, eq, gt, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { COLLECTION, OPEN_STATUSES, SUCCESS_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { CATALOGUE } from '../../resources/products/catalogue.js';
import type { MatchState } from '../../resources/bank-statements/match-states.js';
import { orders, receivingAccounts } from '../db/schema/index.js';
import { transition } from '../orders/state-machine.js';
import type { Db } from '../db/client.js';
import { getSetting } from '../system-config/store.js';
import { globalSecurity } from './security-settings.js';

export interface MatchResult {
  matchState: MatchState;
  matchedOrderCode: string | null;
}

const OPEN_IDS = OPEN_STATUSES.map(statusId);
const TIMED_OUT = statusId('timedOut');
const PAID_IDS = SUCCESS_STATUSES.map(statusId);
/** Collection products whose amounts are USDT micro units (USDT automatic collection). */
const USDT_COLLECTION = CATALOGUE.filter((p) => p.kind === 'collection' && p.usdt).map((p) => p.id);

/**
 * CompleteCheckOrderTime: a record no open order fits is still checked against the orders completed
 * in the last that many minutes (say, supplemented by hand before the bank's message came). One that
 * fits is `alreadyPaid` and names that order, so operators see the money is accounted for; nothing
 * moves. 0: no check after completion.
 */
async function checkCompleted(tx: Db, fits: SQL): Promise<MatchResult> {
  const minutes = Number((await getSetting(tx, 'CompleteCheckOrderTime')).value) || 0;
  if (minutes <= 0) return { matchState: 'unmatched', matchedOrderCode: null };
  const [paid] = await tx
    .select({ orderCode: orders.orderCode })
    .from(orders)
    .where(and(fits, eq(orders.orderType, COLLECTION), inArray(orders.status, PAID_IDS), gte(orders.completedAt, new Date(Date.now() - minutes * 60_000))))
    .orderBy(desc(orders.completedAt))
    .limit(1);
  return paid ? { matchState: 'alreadyPaid', matchedOrderCode: paid.orderCode } : { matchState: 'unmatched', matchedOrderCode: null };
}

/**
 * An order a payment made at `occurredAt` (a record's time has whole seconds) may pay: an open one,
 * or one that timed out after that time. A payment made in time pays its order even when the
 * timeout sweep came first, as it does when MessageDelay holds the message back. An order timed out
 * early (freed, repaired) expired then (server/orders/state-machine.ts), and a later order given the
 * same pay amount was created after that: a payment made before is not the later one's (the
 * creation window below), one made after is not the old one's, and one stamped with the very second
 * both fit leaves the record ambiguous, for an operator.
 */
const payableAt = (occurredAt: Date): SQL => or(inArray(orders.status, OPEN_IDS), and(eq(orders.status, TIMED_OUT), gt(orders.expiresAt, occurredAt)))!;

/** Pays the only open order `fits` selects among those created in the look-forward window before `occurredAt`. */
async function completeOnlyCandidate(tx: Db, fits: SQL, occurredAt: Date, utr: string | null): Promise<MatchResult> {
  const { lookForwardMinutes } = await globalSecurity(tx);
  const since = new Date(occurredAt.getTime() - lookForwardMinutes * 60_000);
  // A record's time has whole seconds: an order created within that second still comes before it.
  const until = new Date(occurredAt.getTime() + 999);
  const candidates = await tx
    .select()
    .from(orders)
    .where(and(fits, eq(orders.orderType, COLLECTION), payableAt(occurredAt), eq(orders.locked, false), gte(orders.createdAt, since), lte(orders.createdAt, until)))
    .limit(2)
    .for('update');
  if (candidates.length === 0) return checkCompleted(tx, fits);
  if (candidates.length > 1) return { matchState: 'ambiguous', matchedOrderCode: null };
  const [order] = candidates;
  await transition(tx, order, { action: 'bankMatch', to: 'submitted', actor: { userId: null }, set: utr ? { utr } : {} });
  return { matchState: 'matched', matchedOrderCode: order.orderCode };
}

/** A bank credit (SMS or web message) of a receiving account. */
export function matchBankCredit(tx: Db, record: { accountId: number; amount: number; occurredAt: Date; utr: string | null }): Promise<MatchResult> {
  return completeOnlyCandidate(tx, and(eq(orders.accountId, record.accountId), eq(orders.payAmount, record.amount))!, record.occurredAt, record.utr);
}

/**
 * A USDT transfer to a wallet: orders paying to that address (the order's own address, or its
 * account's wallet) asking that many USDT (the order's USDT count, or the pay amount of a USDT
 * product, which is in micro units already). With UsdtAuto off (read on each transfer) no transfer
 * completes an order by itself: every one stays unmatched for an operator to supplement by hand.
 */
export async function matchUsdtTransfer(tx: Db, record: { toAddress: string; amount: number; occurredAt: Date; txHash: string }): Promise<MatchResult> {
  if (!(await getSetting(tx, 'UsdtAuto')).enable) return { matchState: 'unmatched', matchedOrderCode: null };
  const wallets = tx.select({ id: receivingAccounts.id }).from(receivingAccounts).where(and(eq(receivingAccounts.walletAddress, record.toAddress), isNull(receivingAccounts.deletedAt)));
  const toAddress = or(eq(orders.usdtAddress, record.toAddress), and(isNull(orders.usdtAddress), inArray(orders.accountId, wallets)));
  const count = or(eq(orders.usdtCount, record.amount), and(isNull(orders.usdtCount), inArray(orders.productId, USDT_COLLECTION), eq(orders.payAmount, record.amount)));
  return completeOnlyCandidate(tx, and(toAddress, count)!, record.occurredAt, record.txHash);
}
