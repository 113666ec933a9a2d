/**
 * Matching a received payment to the open order it pays. Allocation gives every open order of a
 * receiving account its own pay amount (the account's float spreads equal amounts apart by cents,
 * server/orders/allocation/pay-amount.ts), so the amount the payer sent names the order exactly: no
 * tolerance is needed, and one would only make two orders fit. A candidate is an open collection
 * order (OPEN_STATUSES, or timed out after the payment was made), not locked by an operator, of the record's account, asking exactly the
 * amount, created at most lookForwardMinutes before the record. Exactly one candidate: the state
 * machine pays it (action bankMatch, actor = the system, the record's UTR), which posts its ledger
 * rows and schedules the merchant's callback, as a manual supplement does. None or several: the
 * record stays unmatched for an operator. A UTR (or hash) pays once: one another order holds pays
 * nothing more (referenceUsed, naming that order).
 */
import { and, desc, eq, gt, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { COLLECTION, OPEN_STATUSES, SUCCESS_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { CATALOGUE } from '../../resources/products/catalogue.js';
import type { MatchState } from '../../resources/bank-statements/match-states.js';
import type { ReferenceChannel } from '../../resources/orders/payment-references.js';
import { orders } from '../db/schema/index.js';
import { transition } from '../orders/state-machine.js';
import type { OrderRow } from '../orders/order-row.js';
import { referenceHolder } from '../orders/payment-references.js';
import { refusalOf } from '../http/register.js';
import type { Db } from '../db/client.js';
import { getSetting } from '../settings/store.js';
import { globalSecurity } from '../settings/security.js';

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

/** A record's payment reference (the bank's UTR, a transfer's hash) and where it was issued. */
interface RecordReference {
  channel: ReferenceChannel;
  value: string | null;
}

/**
 * Pays `order` with the record's reference. In a savepoint: should another order claim the same
 * reference meanwhile, the database refuses this one (the payment_references migration) and the
 * record, not the whole request, says so.
 */
async function payWith(tx: Db, order: OrderRow, reference: RecordReference): Promise<MatchResult> {
  try {
    await tx.transaction((savepoint) => transition(savepoint as unknown as Db, order, { action: 'bankMatch', to: 'submitted', actor: { userId: null }, set: reference.value ? { utr: reference.value } : {} }));
    return { matchState: 'matched', matchedOrderCode: order.orderCode };
  } catch (error) {
    if (refusalOf(error, 'en-US')?.name !== 'paymentReferenceUsed') throw error;
    const holder = await referenceHolder(tx, reference.channel, reference.value);
    return { matchState: 'referenceUsed', matchedOrderCode: holder?.orderCode ?? null };
  }
}

/**
 * Pays the only open order `fits` selects among those created in the look-forward window before
 * `occurredAt`. A reference another order holds (pending or paid) is that order's payment, seen
 * again (an SMS and a web message of one transfer) or reused: unless that order is the one
 * candidate, nothing is paid and the record names it, for an operator.
 */
async function completeOnlyCandidate(tx: Db, fits: SQL, occurredAt: Date, reference: RecordReference): Promise<MatchResult> {
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
  const holder = await referenceHolder(tx, reference.channel, reference.value);
  if (holder && !(candidates.length === 1 && candidates[0].id === holder.orderId)) return { matchState: 'referenceUsed', matchedOrderCode: holder.orderCode };
  if (candidates.length === 0) return checkCompleted(tx, fits);
  if (candidates.length > 1) return { matchState: 'ambiguous', matchedOrderCode: null };
  return payWith(tx, candidates[0], reference);
}

/** A bank credit (SMS or web message) of a receiving account. */
export function matchBankCredit(tx: Db, record: { accountId: number; amount: number; occurredAt: Date; utr: string | null }): Promise<MatchResult> {
  return completeOnlyCandidate(tx, and(eq(orders.accountId, record.accountId), eq(orders.payAmount, record.amount))!, record.occurredAt, { channel: 'bank', value: record.utr });
}

/**
 * A USDT transfer to a wallet: orders of the wallets the sending device may credit (`accountIds`,
 * ./ingest.ts) paying to that address (the order's own address, or its account's wallet) asking
 * that many USDT (the order's USDT count, or the pay amount of a USDT product, which is in micro
 * units already). With UsdtAuto off (read on each transfer) no transfer completes an order by
 * itself: every one stays unmatched for an operator to supplement by hand.
 */
export async function matchUsdtTransfer(tx: Db, record: { accountIds: number[]; toAddress: string; amount: number; occurredAt: Date; txHash: string }): Promise<MatchResult> {
  if (!(await getSetting(tx, 'UsdtAuto')).enable) return { matchState: 'unmatched', matchedOrderCode: null };
  const toAddress = and(inArray(orders.accountId, record.accountIds), or(eq(orders.usdtAddress, record.toAddress), isNull(orders.usdtAddress)));
  const count = or(eq(orders.usdtCount, record.amount), and(isNull(orders.usdtCount), inArray(orders.productId, USDT_COLLECTION), eq(orders.payAmount, record.amount)));
  return completeOnlyCandidate(tx, and(toAddress, count)!, record.occurredAt, { channel: 'usdt', value: record.txHash });
}
