/**
 * The ledger API: the only way money moves. A balance is the sum of a user's ledger rows; nothing
 * stores a balance that could drift from its history.
 *
 *   await db.transaction(async (tx) => {
 *     await postEntry(tx, { userId, amount: -1500n, reason: 'payout', refType: 'payoutOrder', refId: code });
 *     ...the payout row written in the same transaction...
 *   });
 *   const balance = await balanceOf(db, userId);          // available balance, bigint minor units
 *   const map = await balancesOf(db, [3, 4, 5]);          // Map<userId, bigint>, one query
 *   const held = await balanceOf(db, userId, 'frozen');   // funds an admin froze
 *
 * A member has two accounts: 'member' (the available balance every flow spends and credits) and
 * 'frozen' (funds an admin holds back; freezing moves money from one to the other in one posting).
 * Each member row carries `balanceAfter`, the running balance of its user and account.
 *
 * Amounts are signed integers of minor units (cents) as bigint (numbers are accepted when they are
 * safe integers); never floats. Route handlers already run in a transaction for POSTs (and GETs
 * marked `mutates`), so `ctx.db` there is a transaction.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { fail, type ErrorName } from '../errors.js';
import { ledgerEntries, users } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { intArray } from '../db/int-array.js';
import { LEDGER_REASONS, type LedgerReason } from '../../resources/fund-records/reasons.js';

export interface LedgerPosting {
  userId: number;
  /** Signed minor units: positive credits, negative debits. Zero is refused (it explains nothing). */
  amount: bigint | number;
  reason: LedgerReason;
  refType?: string;
  refId?: string | number;
  /** The acting user (admin adjustments). */
  createdBy?: number;
  /** Refuse if the posting would take the balance below zero: `true` answers stateConflict, a name that error. */
  requireCover?: boolean | ErrorName;
  /** Which of the member's accounts; default 'member' (the available balance). */
  account?: MemberAccount;
  /** The operator's reason, shown in the fund records. */
  note?: string;
}

/** A member's own accounts: available funds, and funds an admin froze. */
export type MemberAccount = 'member' | 'frozen';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** The platform's own ledger accounts (rows without a user): see schema/ledger.ts. */
export type PlatformAccount = 'platformFee' | 'supplierClearing' | 'platformEquity' | 'payoutReserve' | 'payoutClearing';

/** One leg of a balanced posting: a member's balance or a platform account. */
export type Leg = LedgerPosting | (Omit<LedgerPosting, 'userId' | 'requireCover' | 'account'> & { account: PlatformAccount; userId?: undefined });

/**
 * A double-entry posting: legs that sum to zero (refused otherwise), written together in the
 * caller's transaction. Zero legs are left out (a product without fee has no fee leg).
 */
export async function postBalanced(tx: Db, legs: Leg[]): Promise<LedgerEntry[]> {
  const live = legs.filter((l) => toMinor(l.amount) !== 0n);
  const sum = live.reduce((total, l) => total + toMinor(l.amount), 0n);
  if (sum !== 0n) throw new RangeError(`a posting must sum to zero, got ${sum}`);
  // Every member of the posting locked at once, in id order, before any row is written: two
  // postings touching the same members (a merchant and a supplier) never hold one each and wait for
  // the other, and none holds the ledger (a platform row written) while it waits for a member, which
  // the running-balance fix (system-config/maintenance.ts) takes the other way round.
  const members = [...new Set(live.flatMap((l) => (l.userId === undefined ? [] : [l.userId])))].sort((a, b) => a - b);
  if (!((tx as unknown) instanceof PgTransaction)) throw new Error('postings must run inside a transaction');
  if (members.length) await lockSorted(tx, members);
  const rows: LedgerEntry[] = [];
  for (const leg of live) {
    if (leg.userId === undefined) rows.push(await postPlatform(tx, leg as Extract<Leg, { account: PlatformAccount }>));
    else rows.push(await insertEntry(tx, leg as LedgerPosting));
  }
  return rows;
}

/**
 * Locks the balances of several members until the transaction ends, all at once in id order. A
 * transaction that makes several postings (a batch's payouts) takes them first: posting by posting,
 * two such transactions would lock shared members in different orders and deadlock.
 */
export async function lockMembers(tx: Db, ids: readonly (number | null)[]): Promise<void> {
  const members = [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (members.length) await lockSorted(tx, members);
}

/** Locks the members' users rows in ascending id order (one statement); `ids` sorted, distinct. */
async function lockSorted(tx: Db, ids: number[]): Promise<void> {
  const locked = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('update');
  if (locked.length !== ids.length) fail('notFound');
}

async function postPlatform(tx: Db, leg: Extract<Leg, { account: PlatformAccount }>): Promise<LedgerEntry> {
  if (!(tx instanceof PgTransaction)) throw new Error('postings must run inside a transaction');
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ userId: null, account: leg.account, amount: toMinor(leg.amount), reason: leg.reason, refType: leg.refType ?? null, refId: leg.refId === undefined ? null : String(leg.refId), createdBy: leg.createdBy ?? null, note: leg.note ?? null })
    .returning();
  return row;
}

/** The rows of one cause (an order's postings: refType 'order', refId its code), oldest first. */
export async function entriesFor(db: Db, refType: string, refId: string): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId)))
    .orderBy(ledgerEntries.id);
}

function toMinor(amount: bigint | number): bigint {
  if (typeof amount === 'bigint') return amount;
  if (!Number.isSafeInteger(amount)) throw new RangeError(`ledger amounts are integers of minor units, got ${amount}`);
  return BigInt(amount);
}

/**
 * Adds one ledger row. Must run inside a transaction (throws otherwise), so the posting and whatever
 * caused it are written together or not at all. The user's row is locked first, so concurrent
 * postings for one user are serialised: the cover check and the running balance (`balanceAfter`)
 * see every earlier posting.
 */
export async function postEntry(tx: Db, posting: LedgerPosting): Promise<LedgerEntry> {
  if (!((tx as unknown) instanceof PgTransaction)) throw new Error('postEntry must run inside a transaction');
  await lockBalances(tx, posting.userId);
  return insertEntry(tx, posting);
}

/** The row of a posting whose member this transaction has locked (postEntry, postBalanced). */
async function insertEntry(tx: Db, posting: LedgerPosting): Promise<LedgerEntry> {
  const amount = toMinor(posting.amount);
  const account = posting.account ?? 'member';
  if (amount === 0n) throw new RangeError('a ledger posting of zero explains nothing');
  if (!LEDGER_REASONS.includes(posting.reason)) throw new RangeError(`unknown ledger reason ${posting.reason}`);
  const before = await runningBalance(tx as unknown as Db, posting.userId, account);
  if (posting.requireCover && amount < 0n && before + amount < 0n) fail(posting.requireCover === true ? 'stateConflict' : posting.requireCover);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      userId: posting.userId,
      account,
      amount,
      reason: posting.reason,
      refType: posting.refType ?? null,
      refId: posting.refId === undefined ? null : String(posting.refId),
      createdBy: posting.createdBy ?? null,
      balanceAfter: before + amount,
      note: posting.note ?? null,
    })
    .returning();
  return row;
}

/**
 * Locks a user's balances until the transaction ends (its users row, as every posting does): a
 * caller that reads a balance and then posts from it (clearing it) sees no posting in between.
 */
export async function lockBalances(tx: Db, userId: number): Promise<void> {
  await lockSorted(tx, [userId]);
}

/** The balance before a new row: the newest row's balanceAfter (one index step), else the sum. */
async function runningBalance(db: Db, userId: number, account: MemberAccount): Promise<bigint> {
  const [newest] = await db
    .select({ balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, account)))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  if (!newest) return 0n;
  return newest.balanceAfter ?? balanceOf(db, userId, account);
}

/** The balance of one user's account in minor units (0 without rows); default the available balance. */
export async function balanceOf(db: Db, userId: number, account: MemberAccount = 'member'): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, account)));
  return BigInt(row.total);
}

/**
 * SQL for the newest running balance of the user `userId` (an SQL expression) as text: one step of
 * ledger_user_account_id_idx, so its cost does not grow with a member's history. 'sum' when that
 * row carries none, null when the user has no rows. balancesFrom() turns what it read into balances;
 * a query that reads other things too (allocation) embeds it to save a round trip.
 */
export const newestBalanceText = (userId: SQL, account: MemberAccount = 'member'): SQL<string | null> =>
  sql<string | null>`(select coalesce(l.balance_after::text, 'sum') from ${ledgerEntries} l where l.user_id = ${userId} and l.account = ${account} order by l.id desc limit 1)`;

/** Balances from what newestBalanceText() read for each user: users without rows get 0, those read as 'sum' are summed. */
export async function balancesFrom(db: Db, newest: readonly { userId: number; balance: string | null }[], account: MemberAccount = 'member'): Promise<Map<number, bigint>> {
  const result = new Map<number, bigint>(newest.map((row) => [Number(row.userId), 0n]));
  const unsummed: number[] = [];
  for (const row of newest) {
    if (row.balance === 'sum') unsummed.push(Number(row.userId));
    else if (row.balance !== null) result.set(Number(row.userId), BigInt(row.balance));
  }
  if (unsummed.length) {
    const sums = await db
      .select({ userId: ledgerEntries.userId, total: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.userId, [...new Set(unsummed)]), eq(ledgerEntries.account, account)))
      .groupBy(ledgerEntries.userId);
    for (const row of sums) if (row.userId !== null) result.set(row.userId, BigInt(row.total));
  }
  return result;
}

/** Balances of many users' accounts (default available), users without rows 0: one query (two when an old row carries no running balance). */
export async function balancesOf(db: Db, userIds: readonly number[], account: MemberAccount = 'member'): Promise<Map<number, bigint>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const newest = (await db.execute(sql`
    select u.id as "userId", ${newestBalanceText(sql`u.id`, account)} as "balance"
    from unnest(${intArray(ids)}) as u(id)`)) as unknown as { rows: { userId: number; balance: string | null }[] };
  return balancesFrom(db, newest.rows, account);
}

/** The rows behind a balance, newest first (fund records build on this). */
export async function entriesOf(db: Db, userId: number, limit = 50, offset = 0): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId)))
    .orderBy(sql`${ledgerEntries.id} desc`)
    .limit(limit)
    .offset(offset);
}

/**
 * A balance for JSON: minor units as a number. Exact while below 2^53 minor units (about 90 trillion
 * in major units); beyond that it refuses rather than round.
 */
export function minorForJson(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError('balance beyond exact JSON range');
  return Number(value);
}
