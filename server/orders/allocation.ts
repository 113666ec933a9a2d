/**
 * Allocation: which receiving account takes an order, and why. One place decides it for creation
 * and for the reselect, retry and release actions; the decision and every reason are written to
 * orders.allocateInfo (GET /order/getOrderAllocateInfo). docs/orders-allocation.md has the rules.
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
 * Concurrency: allocations of one product are serialized by a transaction-scoped advisory lock, so
 * two creations never both read the same figures and both pass a limit; the chosen account row is
 * locked FOR UPDATE so an edit that disables it waits or is seen.
 */
import { and, asc, eq, gte, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_STATUSES, statusId, SUCCESS_STATUSES, type OrderStatus } from '../../resources/orders/statuses.js';
import type { SkipReason } from '../../resources/orders/allocation-rules.js';
import { memberProfiles, orders, products, receivingAccounts, userProducts, users } from '../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { getSetting } from '../system-config/store.js';
import { clockNow } from '../clock.js';
import type { Db } from '../db/client.js';

export type AllocateAction = 'allocate' | 'reselect' | 'retry' | 'release';
export interface AllocateRequest {
  action: AllocateAction;
  /** Minor units. */
  amount: number;
  /** Products whose accounts may take the order (the order's own, or the reselect list). */
  productIds: number[];
  /** The order being allocated again: left out of its accounts' figures. */
  orderId?: number;
  /** Release: only the order's own account. */
  onlyAccountId?: number;
  /** Reselect: anything but the order's current account. */
  excludeAccountId?: number | null;
  /** Release: the pay amount the payer was shown, kept when still free. */
  preferredPayAmount?: number;
}

export interface CandidateInfo {
  accountId: number;
  kind: string;
  supplierId: number;
  productId: number;
  reasons: SkipReason[];
  figures?: { openCount: number; todayCount: number; todayAmount: number; balance: number; lastAllocatedAt: string | null };
  chosen?: true;
}

export type AllocateOutcome = 'allocated' | 'allocationFailed' | 'amountOutOfRange';

export interface AllocateInfo {
  action: AllocateAction;
  at: string;
  amount: number;
  productIds: number[];
  limitMode: LimitMode;
  outcome: AllocateOutcome;
  candidates: CandidateInfo[];
  /** Candidates beyond the recorded ones (the info keeps the first MAX_RECORDED). */
  moreCandidates?: number;
  chosen: { accountId: number; supplierId: number; productId: number; payAmount: number } | null;
}

export interface Allocation {
  info: AllocateInfo;
  /** What the order row gets when allocated; null when no account can take it. */
  set: { supplierId: number; accountId: number; payAmount: number; expiresAt: Date } | null;
}

/** strict: every order an account was given today counts toward its daily limits; relaxed: timed-out and rejected ones do not. */
type LimitMode = 'strict' | 'relaxed';
const NOT_GIVEN: readonly OrderStatus[] = ['created', 'allocationFailed'];
const GIVEN_BACK: readonly OrderStatus[] = ['timedOut', 'rejected'];
const MAX_RECORDED = 100;
/** Any fixed number: the first key of the per-product allocation lock (the second is the product). */
const ALLOCATION_LOCK = 7_200_002;

const ids = (list: readonly OrderStatus[]) => list.map(statusId);

/** Midnight today in the platform time zone (the server's TZ), where daily limits restart. */
function startOfToday(now = new Date()): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

const owner = alias(users, 'owner');
const boss = alias(users, 'boss');

/** Every non-deleted account of the products, with what its owner's state says about it. */
async function accountsOf(tx: Db, request: AllocateRequest) {
  const where = [isNull(receivingAccounts.deletedAt), inArray(receivingAccounts.productId, request.productIds)];
  if (request.onlyAccountId !== undefined) where.push(eq(receivingAccounts.id, request.onlyAccountId));
  return tx
    .select({
      account: receivingAccounts,
      productEnabled: products.enabled,
      ownerDeleted: sql<boolean>`(${owner.deletedAt} is not null or ${boss.deletedAt} is not null)`,
      accepting: memberProfiles.acceptOrders,
      supplierProduct: userProducts.enabled,
    })
    .from(receivingAccounts)
    .innerJoin(owner, eq(owner.id, receivingAccounts.supplierId))
    // An agent's accounts work under its supplier: the supplier's state and products decide.
    .innerJoin(boss, eq(boss.id, sql`coalesce(${owner.parentId}, ${owner.id})`))
    .leftJoin(products, eq(products.id, receivingAccounts.productId))
    .leftJoin(memberProfiles, eq(memberProfiles.userId, boss.id))
    .leftJoin(userProducts, and(eq(userProducts.userId, boss.id), eq(userProducts.productId, receivingAccounts.productId), eq(userProducts.side, 'supplier')))
    .where(and(...where))
    .orderBy(asc(receivingAccounts.id));
}

type AccountRow = Awaited<ReturnType<typeof accountsOf>>[number];

function structuralReasons(row: AccountRow, request: AllocateRequest): SkipReason[] {
  const reasons: SkipReason[] = [];
  if (!row.account.enabled) reasons.push('accountDisabled');
  if (row.productEnabled !== true) reasons.push('productDisabled');
  if (row.ownerDeleted) reasons.push('supplierDeleted');
  if (row.accepting !== true) reasons.push('supplierNotAccepting');
  if (row.supplierProduct !== true) reasons.push('supplierProductDisabled');
  if (request.excludeAccountId != null && row.account.id === request.excludeAccountId) reasons.push('currentAccount');
  return reasons;
}

function rangeReasons(row: AccountRow, amount: number): SkipReason[] {
  const { minAmount, maxAmount } = row.account;
  if (minAmount !== null && amount < minAmount) return ['belowMinAmount'];
  if (maxAmount !== null && amount > maxAmount) return ['aboveMaxAmount'];
  return [];
}

/** The widest float an account may have, in cents: pay amounts lie within this of the amount. */
const MAX_FLOAT = 100;

interface Figures {
  /** How many orders are open on the account. */
  openCount: number;
  /** The open orders' pay amounts near this amount (within the widest float): the ones a new pay amount must avoid. */
  open: number[];
  todayCount: number;
  todayAmount: number;
  lastAt: Date | null;
}

/** Open pay amounts and today's count, sum and latest order of each account, the order itself left out. */
async function figuresOf(tx: Db, accountIds: number[], request: AllocateRequest, limitMode: LimitMode, successAmount: boolean): Promise<Map<number, Figures>> {
  const result = new Map<number, Figures>(accountIds.map((id) => [id, { openCount: 0, open: [], todayCount: 0, todayAmount: 0, lastAt: null }]));
  if (!accountIds.length) return result;
  const others = request.orderId !== undefined ? [ne(orders.id, request.orderId)] : [];
  const uncounted = limitMode === 'relaxed' ? [...NOT_GIVEN, ...GIVEN_BACK] : NOT_GIVEN;
  const [open, today] = await Promise.all([
    tx
      // Only amounts a float could collide with come back: an account with thousands of open orders
      // would otherwise send them all on every allocation.
      .select({
        accountId: orders.accountId,
        count: sql<number>`count(*)::int`,
        payAmounts: sql<string[]>`coalesce(array_agg(${orders.payAmount}::text) filter (where ${orders.payAmount} between ${request.amount - MAX_FLOAT} and ${request.amount + MAX_FLOAT}), '{}')`,
      })
      .from(orders)
      .where(and(inArray(orders.accountId, accountIds), inArray(orders.status, ids(OPEN_STATUSES)), ...others))
      .groupBy(orders.accountId),
    tx
      .select({
        accountId: orders.accountId,
        count: sql<number>`count(*)::int`,
        // LimitUseSuccessAmount: the daily amount counts what was paid, not what was given out.
        amount: successAmount
          ? sql<string>`coalesce(sum(${orders.amount}) filter (where ${inArray(orders.status, ids(SUCCESS_STATUSES))}), 0)::text`
          : sql<string>`coalesce(sum(${orders.amount}), 0)::text`,
        lastAt: sql<string | null>`(extract(epoch from max(${orders.createdAt})) * 1000)::bigint::text`,
      })
      .from(orders)
      .where(and(inArray(orders.accountId, accountIds), notInArray(orders.status, ids(uncounted)), gte(orders.createdAt, startOfToday()), ...others))
      .groupBy(orders.accountId),
  ]);
  for (const row of open) Object.assign(result.get(row.accountId!)!, { openCount: row.count, open: row.payAmounts.map(Number) });
  for (const row of today) Object.assign(result.get(row.accountId!)!, { todayCount: row.count, todayAmount: Number(row.amount), lastAt: row.lastAt === null ? null : new Date(Number(row.lastAt)) });
  return result;
}

/**
 * The pay amount: the amount itself when free among the account's open orders, else the nearest
 * free one within +/- float cents (up first). Release tries the amount the payer was already shown
 * first. Without a float the account does not tell payers apart by amount: no uniqueness needed.
 */
export function payAmountFor(amount: number, float: number, taken: readonly number[], preferred?: number): number | null {
  const spread = Math.min(Math.abs(float), MAX_FLOAT);
  if (spread === 0) return amount;
  const busy = new Set(taken);
  const tries = [...(preferred !== undefined && Math.abs(preferred - amount) <= spread ? [preferred] : []), amount];
  for (let step = 1; step <= spread; step++) tries.push(amount + step, amount - step);
  return tries.find((p) => p > 0 && !busy.has(p)) ?? null;
}

function limitReasons(row: AccountRow, figures: Figures, balance: bigint, amount: number): SkipReason[] {
  const a = row.account;
  const reasons: SkipReason[] = [];
  if (a.maxConcurrentOrders !== null && figures.openCount >= a.maxConcurrentOrders) reasons.push('maxConcurrentOrders');
  if (a.dailyCountLimit !== null && figures.todayCount >= a.dailyCountLimit) reasons.push('dailyCountLimit');
  if (a.dailyAmountLimit !== null && figures.todayAmount + amount > a.dailyAmountLimit) reasons.push('dailyAmountLimit');
  if (a.minAcceptBalance !== null && balance < BigInt(a.minAcceptBalance)) reasons.push('balanceBelowMin');
  return reasons;
}

/** Takes the per-product allocation locks in one order (product ids ascending), so two allocations never wait on each other in a circle. */
async function lockProducts(tx: Db, productIds: number[]): Promise<void> {
  for (const productId of [...new Set(productIds)].sort((x, y) => x - y)) await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK}::int, ${productId}::int)`);
}

/** Decides where an order goes; writes nothing but the locks (the caller moves the order with transition()). */
export async function allocate(tx: Db, request: AllocateRequest): Promise<Allocation> {
  if (request.onlyAccountId !== undefined) {
    const [row] = await tx.select({ productId: receivingAccounts.productId }).from(receivingAccounts).where(eq(receivingAccounts.id, request.onlyAccountId)).limit(1);
    request = { ...request, productIds: row ? [row.productId] : [] };
  }
  const productIds = [...new Set(request.productIds)];
  await lockProducts(tx, productIds);
  const limitMode: LimitMode = (await getSetting(tx, 'LimitMode')).value === 'relaxed' ? 'relaxed' : 'strict';
  const successAmount = (await getSetting(tx, 'LimitUseSuccessAmount')).enable === true;
  const rows = productIds.length ? await accountsOf(tx, { ...request, productIds }) : [];
  const candidates: CandidateInfo[] = rows.map(({ account: a }) => ({ accountId: a.id, kind: a.kind, supplierId: a.supplierId, productId: a.productId, reasons: [] }));
  const byId = new Map(candidates.map((c) => [c.accountId, c]));
  let working = rows.filter((row) => (byId.get(row.account.id)!.reasons = structuralReasons(row, request)).length === 0);
  const anyWorking = working.length > 0;
  working = working.filter((row) => (byId.get(row.account.id)!.reasons = rangeReasons(row, request.amount)).length === 0);

  const figures = await figuresOf(tx, working.map((r) => r.account.id), request, limitMode, successAmount);
  const balances = await balancesOf(tx, [...new Set(working.map((r) => r.account.supplierId))]);
  // Fair rotation: accounts without an order today first, then the one whose latest order is oldest.
  const time = (row: AccountRow) => figures.get(row.account.id)!.lastAt?.getTime() ?? -Infinity;
  working.sort((x, y) => time(x) - time(y) || x.account.id - y.account.id);

  let chosen: Allocation['set'] = null;
  for (const row of working) {
    const f = figures.get(row.account.id)!;
    const balance = balances.get(row.account.supplierId) ?? 0n;
    const candidate = byId.get(row.account.id)!;
    candidate.figures = { openCount: f.openCount, todayCount: f.todayCount, todayAmount: f.todayAmount, balance: Number(balance), lastAllocatedAt: f.lastAt?.toISOString() ?? null };
    if (chosen) continue;
    candidate.reasons = limitReasons(row, f, balance, request.amount);
    const payAmount = candidate.reasons.length ? null : payAmountFor(request.amount, row.account.floatAmount, f.open, request.preferredPayAmount);
    if (!candidate.reasons.length && payAmount === null) candidate.reasons.push('floatExhausted');
    if (payAmount === null) continue;
    // The row as it is now: an edit that disabled or deleted it since the read waits for us or is seen here.
    const [locked] = await tx.select({ id: receivingAccounts.id }).from(receivingAccounts).where(and(eq(receivingAccounts.id, row.account.id), eq(receivingAccounts.enabled, true), isNull(receivingAccounts.deletedAt))).for('update');
    if (!locked) {
      candidate.reasons.push('accountDisabled');
      continue;
    }
    candidate.chosen = true;
    chosen = { supplierId: row.account.supplierId, accountId: row.account.id, payAmount, expiresAt: await expiryFrom(tx, clockNow()) };
  }

  const outcome: AllocateOutcome = chosen ? 'allocated' : anyWorking && !working.length ? 'amountOutOfRange' : 'allocationFailed';
  const chosenRow = chosen && rows.find((r) => r.account.id === chosen.accountId)!;
  const info: AllocateInfo = {
    action: request.action,
    at: new Date().toISOString(),
    amount: request.amount,
    productIds,
    limitMode,
    outcome,
    candidates: candidates.slice(0, MAX_RECORDED),
    ...(candidates.length > MAX_RECORDED ? { moreCandidates: candidates.length - MAX_RECORDED } : {}),
    chosen: chosen && chosenRow ? { accountId: chosen.accountId, supplierId: chosen.supplierId, productId: chosenRow.account.productId, payAmount: chosen.payAmount } : null,
  };
  return { info, set: chosen };
}

/** When an order allocated now times out: OrderTimeoutMinutes later. */
async function expiryFrom(tx: Db, now: Date): Promise<Date> {
  const minutes = Number((await getSetting(tx, 'OrderTimeoutMinutes')).value);
  return new Date(now.getTime() + (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000);
}
