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
 * Concurrency: allocations to different accounts run side by side, those to one account one after
 * another. The candidates are read without a lock and ranked; then, in rotation order, one account
 * at a time is locked (its receiving_accounts row FOR NO KEY UPDATE, the lock an edit of the row
 * takes too, so an edit waits for the allocation or is seen by it) and read again: its row and
 * owner state, its open orders and their pay amounts, today's count and amount, and its owner's
 * balance. Every allocation to an account (creation, batch, reselect, retry, release) holds that
 * lock until its transaction commits, and only allocation gives an account orders, so what is read
 * under the lock stays true until commit: two allocations never both pass maxConcurrentOrders or a
 * daily limit on the same figures, nor take the same pay amount. An account that no longer passes
 * gets its reasons recorded and is let go at once (the lock is taken in a savepoint, rolled back),
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
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import { OPEN_STATUSES, statusId, SUCCESS_STATUSES, type OrderStatus } from '../../resources/orders/statuses.js';
import type { SkipReason } from '../../resources/orders/allocation-rules.js';
import { memberProfiles, orders, products, receivingAccounts, userProducts, users } from '../db/schema/index.js';
import { balancesFrom, newestBalanceText } from '../ledger/ledger.js';
import { getSetting } from '../system-config/store.js';
import { clockNow } from '../clock.js';
import type { Db } from '../db/client.js';
import { intArray, intArrayValue } from '../db/int-array.js';
import { Statement, Statements } from '../db/prepared.js';

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
  /** Never wait for an account another transaction holds (batch creation: see lockAccountsOf). */
  noWait?: boolean;
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

const ids = (list: readonly OrderStatus[]) => list.map(statusId);

/** Midnight today in the platform time zone (the server's TZ), where daily limits restart. */
function startOfToday(now = new Date()): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

const owner = alias(users, 'owner');
const boss = alias(users, 'boss');

/** What allocation judges of an account's row: the rest of it (bank details, notes) is not read per order. */
const ACCOUNT_COLUMNS = {
  id: receivingAccounts.id,
  kind: receivingAccounts.kind,
  supplierId: receivingAccounts.supplierId,
  productId: receivingAccounts.productId,
  enabled: receivingAccounts.enabled,
  minAmount: receivingAccounts.minAmount,
  maxAmount: receivingAccounts.maxAmount,
  maxConcurrentOrders: receivingAccounts.maxConcurrentOrders,
  dailyCountLimit: receivingAccounts.dailyCountLimit,
  dailyAmountLimit: receivingAccounts.dailyAmountLimit,
  minAcceptBalance: receivingAccounts.minAcceptBalance,
  floatAmount: receivingAccounts.floatAmount,
};

/** The limit settings an account's figures are read under. */
type Limits = { limitMode: LimitMode; successAmount: boolean };
/** What changes the text of the accounts' read: the limit settings, and whether an order is allocated again or one account is read. */
type Shape = Limits & { again: boolean; one: boolean };
/** The values the accounts' read and the lock are run with (server/db/prepared.ts). */
type Values = { productIds: string; accountId?: number; orderId?: number; low?: number; high?: number; today?: string };
const value = (key: keyof Values) => sql.placeholder(key);
const ofProducts = () => sql`${receivingAccounts.productId} = any(${value('productIds')}::int[])`;

/**
 * Every non-deleted account of the products (or the one of accountId), with what its owner's state
 * says about it, its figures and its owner's balance (figureColumns), in one statement: the
 * candidates' read, and the read under an account's lock (lockAndRead).
 */
function accountsOf(tx: Db, shape: Shape) {
  const where = [isNull(receivingAccounts.deletedAt), ofProducts()];
  if (shape.one) where.push(eq(receivingAccounts.id, value('accountId')));
  return tx
    .select({
      account: ACCOUNT_COLUMNS,
      productEnabled: products.enabled,
      ownerDeleted: sql<boolean>`(${owner.deletedAt} is not null or ${boss.deletedAt} is not null)`,
      accepting: memberProfiles.acceptOrders,
      supplierProduct: userProducts.enabled,
      ...figureColumns(shape),
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

/** An account as the allocation reads it: its row, its owner's state, its figures. */
type AccountRow = Awaited<ReturnType<typeof accountsOf>>[number];

/** One statement per shape, built on its first run. */
const accountReads = new Statements<AccountRow[], Values>((db, shape) => accountsOf(db, JSON.parse(shape) as Shape));

/** The accounts of the request's products (or its onlyAccountId) with their figures: accountsOf run with the request's values. */
function readAccounts(tx: Db, request: AllocateRequest, { limitMode, successAmount }: Limits): Promise<AccountRow[]> {
  const shape: Shape = { limitMode, successAmount, again: request.orderId !== undefined, one: request.onlyAccountId !== undefined };
  return accountReads.run(tx, JSON.stringify(shape), {
    productIds: intArrayValue(request.productIds),
    accountId: request.onlyAccountId,
    orderId: request.orderId,
    low: request.amount - MAX_FLOAT,
    high: request.amount + MAX_FLOAT,
    today: startOfToday().toISOString(),
  });
}

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

/** `savepoint`: whether this allocation's savepoint stands (lockAndRead). */
type Settings = Limits & { request: AllocateRequest; byId: Map<number, CandidateInfo>; savepoint?: boolean };
/** An account as the allocation reads it: its row and owner state, its figures and its owner's balance. */
type Read = { row: AccountRow; figures: Figures; balance: bigint };
/** An account that passed on the figures read, and the time that places it in the rotation. */
type Ready = { row: AccountRow; time: number };

/** Fair rotation: no order today first, then the oldest latest order, ties by account id. */
const timeOf = (figures: Figures) => figures.lastAt?.getTime() ?? -Infinity;
const goesBefore = (a: Ready, b: Ready) => a.time < b.time || (a.time === b.time && a.row.account.id < b.row.account.id);

/** Writes what was read of an account to its candidate entry and answers why it cannot take the order (nothing: a pay amount it can). */
function judge(settings: Settings, { row, figures, balance }: Read): { reasons: SkipReason[]; payAmount: number | null } {
  const { request } = settings;
  const candidate = settings.byId.get(row.account.id)!;
  candidate.figures = { openCount: figures.openCount, todayCount: figures.todayCount, todayAmount: figures.todayAmount, balance: Number(balance), lastAllocatedAt: figures.lastAt?.toISOString() ?? null };
  const reasons = limitReasons(row, figures, balance, request.amount);
  const payAmount = reasons.length ? null : payAmountFor(request.amount, row.account.floatAmount, figures.open, request.preferredPayAmount);
  if (!reasons.length && payAmount === null) reasons.push('floatExhausted');
  candidate.reasons = reasons;
  return { reasons, payAmount };
}

/**
 * What the allocation reads of an account besides its row, as columns of accountsOf's select: its
 * open orders' count and the pay amounts a float could collide with (between low and high), today's
 * count, amount and latest order (the order being allocated again left out), and its owner's
 * balance. Creation is the busiest path and each statement is a round trip, so they ride on the
 * statement that reads the rows.
 */
function figureColumns({ limitMode, successAmount, again }: Shape) {
  const account = receivingAccounts.id;
  const others = again ? sql`and o.id <> ${value('orderId')}` : sql``;
  const uncounted = limitMode === 'relaxed' ? [...NOT_GIVEN, ...GIVEN_BACK] : NOT_GIVEN;
  // LimitUseSuccessAmount: the daily amount counts what was paid, not what was given out.
  const todayAmount = successAmount ? sql`sum(o.amount) filter (where o.status = any(${intArray(ids(SUCCESS_STATUSES))}))` : sql`sum(o.amount)`;
  return {
    // Only amounts a float could collide with come back: an account with thousands of open orders would otherwise send them all.
    openFigures: sql<{ count: number; payAmounts: string[] }>`(
      select json_build_object('count', count(*), 'payAmounts', coalesce(array_agg(o.pay_amount::text) filter (where o.pay_amount between ${value('low')} and ${value('high')}), '{}'))
      from ${orders} o where o.account_id = ${account} and o.status = any(${intArray(ids(OPEN_STATUSES))}) ${others})`,
    todayFigures: sql<{ count: number; amount: string; lastAt: string | null }>`(
      select json_build_object('count', count(*), 'amount', coalesce(${todayAmount}, 0)::text, 'lastAt', (extract(epoch from max(o.created_at)) * 1000)::bigint::text)
      from ${orders} o where o.account_id = ${account} and o.status <> all(${intArray(ids(uncounted))}) and o.created_at >= ${value('today')}::timestamptz ${others})`,
    balance: newestBalanceText(sql`${receivingAccounts.supplierId}`),
  };
}

/** The accounts as read with their figures (accountsOf): owners' balances summed where their newest row carries none. */
async function readsOf(tx: Db, rows: AccountRow[]): Promise<Read[]> {
  const balances = await balancesFrom(tx, rows.map((r) => ({ userId: r.account.supplierId, balance: r.balance })));
  return rows.map((row) => {
    const { openFigures: open, todayFigures: today } = row;
    const figures: Figures = { openCount: Number(open.count), open: open.payAmounts.map(Number), todayCount: Number(today.count), todayAmount: Number(today.amount), lastAt: today.lastAt === null ? null : new Date(Number(today.lastAt)) };
    return { row, figures, balance: balances.get(row.account.supplierId) ?? 0n };
  });
}

/**
 * An account's lock alone, on its row (owner and boss always exist): cheap to plan, and an account
 * another allocation holds costs no more than this. skippingLock answers nothing for a held account.
 */
const lockOf = (wait: boolean) =>
  new Statement<{ id: number }[], Values>((db) =>
    db
      .select({ id: receivingAccounts.id })
      .from(receivingAccounts)
      .where(and(eq(receivingAccounts.id, value('accountId')), isNull(receivingAccounts.deletedAt), ofProducts()))
      .for('no key update', wait ? {} : { skipLocked: true }),
  );
const waitingLock = lockOf(true);
const skippingLock = lockOf(false);

/** The name of the savepoint an account's lock is taken in: rolling back to it lets the account go. */
const SAVEPOINT = sql.raw('allocation_account');

/**
 * Locks one account for this allocation (its receiving_accounts row FOR NO KEY UPDATE, the lock an
 * edit of the row takes too), then reads its row, owner state, figures and owner's balance in the
 * next statement: a statement that starts after the lock sees every allocation to the account that
 * committed before it. Every allocation to the account holds this lock until it commits, so these
 * figures stay true until this transaction commits. `wait`
 * false: an account another transaction holds (or one gone since the read) answers 'busy' at once.
 * The lock is taken in a savepoint, so the caller can keep it or let it go (letGo()): an allocation
 * never holds one account while it waits for another. After a rollback to it the savepoint still
 * stands, so the next account's lock is taken in the same one.
 */
async function lockAndRead(tx: Db, settings: Settings, accountId: number, wait: boolean): Promise<'busy' | 'gone' | Read> {
  // A batch holds its accounts from its start (lockAccountsOf): a rollback to a savepoint would let
  // none of them go, and a savepoint per order would take it past PostgreSQL's cache of 64
  // subtransactions. An account made since that it locks and finds unfit stays locked until it commits.
  if (!settings.savepoint && !settings.request.noWait) {
    await tx.execute(sql`savepoint ${SAVEPOINT}`);
    settings.savepoint = true;
  }
  const request = { ...settings.request, onlyAccountId: accountId };
  const [locked] = await (wait ? waitingLock : skippingLock).run(tx, { accountId, productIds: intArrayValue(request.productIds) });
  // Nothing locked, nothing to let go.
  if (!locked) return wait ? 'gone' : 'busy';
  const [read] = await readsOf(tx, await readAccounts(tx, request, settings));
  if (read) return read;
  // Locked, yet not read with its figures: cannot happen while the lock holds the row; let it go all the same.
  await letGo(tx, settings);
  return 'gone';
}

/** Lets the account locked last go (when taken in the savepoint); the savepoint stands for the next one. */
const letGo = async (tx: Db, settings: Settings) => {
  if (settings.savepoint) await tx.execute(sql`rollback to savepoint ${SAVEPOINT}`);
};

type Pick = { row: AccountRow; payAmount: number };

/**
 * Locks and checks again the accounts that passed on the read, in rotation order: the first that
 * still passes takes the order. One that another allocation holds is passed over at first (it is
 * being given an order, which will make it the most recently allocated) and waited for only when
 * every other one failed.
 */
async function pickFrom(tx: Db, settings: Settings, ready: Ready[]): Promise<Pick | null> {
  const busy: Ready[] = [];
  const tryOne = async (entry: Ready, wait: boolean): Promise<Pick | 'busy' | null> => {
    const read = await lockAndRead(tx, settings, entry.row.account.id, wait);
    const candidate = settings.byId.get(entry.row.account.id)!;
    if (read === 'busy') return 'busy';
    if (read === 'gone') {
      // Deleted, or moved out of the products asked for, since the read.
      candidate.reasons = ['accountDisabled'];
      return null;
    }
    const reasons = [...structuralReasons(read.row, settings.request), ...rangeReasons(read.row, settings.request.amount)];
    const { payAmount } = reasons.length ? { payAmount: null } : judge(settings, read);
    if (reasons.length) candidate.reasons = reasons;
    if (payAmount === null) {
      await letGo(tx, settings);
      return null;
    }
    return { row: read.row, payAmount };
  };
  for (const entry of ready) {
    const result = await tryOne(entry, false);
    if (result === 'busy') busy.push(entry);
    else if (result !== null) return result;
  }
  if (settings.request.noWait) return null;
  for (const entry of busy) {
    const result = await tryOne(entry, true);
    if (result !== null) return result as Pick;
  }
  return null;
}

/**
 * For a transaction that allocates many orders (batch creation): takes the lock of every account
 * of the products up front, in ascending id order, so two such transactions never hold each
 * other's accounts in a circle. Allocations in the transaction then find these accounts free (a
 * transaction does not wait for its own locks); they pass `noWait`, so an account made since is
 * taken only when free.
 */
export async function lockAccountsOf(tx: Db, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  await tx
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(inArray(receivingAccounts.productId, [...new Set(productIds)]), isNull(receivingAccounts.deletedAt)))
    .orderBy(asc(receivingAccounts.id))
    .for('no key update');
}

/** Decides where an order goes; writes nothing but the chosen account's lock (the caller moves the order with transition()). */
export async function allocate(tx: Db, request: AllocateRequest): Promise<Allocation> {
  if (!((tx as unknown) instanceof PgTransaction)) throw new Error('allocate must run inside a transaction: the account lock lasts until it commits');
  if (request.onlyAccountId !== undefined) {
    const [row] = await tx.select({ productId: receivingAccounts.productId }).from(receivingAccounts).where(eq(receivingAccounts.id, request.onlyAccountId)).limit(1);
    request = { ...request, productIds: row ? [row.productId] : [] };
  }
  const productIds = [...new Set(request.productIds)];
  request = { ...request, productIds };
  const limitMode: LimitMode = (await getSetting(tx, 'LimitMode')).value === 'relaxed' ? 'relaxed' : 'strict';
  const successAmount = (await getSetting(tx, 'LimitUseSuccessAmount')).enable === true;
  const rows = productIds.length ? await readAccounts(tx, request, { limitMode, successAmount }) : [];
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

  const outcome: AllocateOutcome = chosen ? 'allocated' : anyWorking && !working.length ? 'amountOutOfRange' : 'allocationFailed';
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
