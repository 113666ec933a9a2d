/**
 * The accounts-and-figures read: every candidate account with its owner's state, its figures and
 * its owner's balance in one statement, prepared once per shape (server/db/prepared.ts). The same
 * read runs for the candidates and again for one account under its lock (lock.ts); a creation runs
 * the candidates' read before its transaction, with its settings and merchant (create/read-ahead.ts).
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_STATUSES, statusId, SUCCESS_STATUSES, type OrderStatus } from '../../../resources/orders/statuses.js';
import { memberProfiles, orders, products, receivingAccounts, userProducts, users } from '../../db/schema/index.js';
import { balancesFrom, newestBalanceText } from '../../ledger/ledger.js';
import type { Db } from '../../db/client.js';
import { intArray, intArrayValue } from '../../db/int-array.js';
import { Statements } from '../../db/prepared.js';
import { MAX_FLOAT } from './pay-amount.js';
import type { AllocateRequest, Limits } from './types.js';

const NOT_GIVEN: readonly OrderStatus[] = ['created', 'allocationFailed'];
const GIVEN_BACK: readonly OrderStatus[] = ['timedOut', 'rejected'];

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

/** What changes the text of the accounts' read: the limit settings, whether an order is allocated again or one account is read, and what comes along (Along). */
type Shape = Limits & { again: boolean; one: boolean; along?: string };
/** The values the accounts' read and the lock are run with (server/db/prepared.ts). */
export type Values = { productIds: string; accountId?: number; orderId?: number; low?: number; high?: number; today?: string };
export const value = (key: keyof Values) => sql.placeholder(key);
export const ofProducts = () => sql`${receivingAccounts.productId} = any(${value('productIds')}::int[])`;

/**
 * Every non-deleted account of the products (or the one of accountId), with what its owner's state
 * says about it, its figures and its owner's balance (figureColumns), in one statement: the
 * candidates' read, and the read under an account's lock (lockAndRead).
 */
function accountsOf(tx: Db, shape: Shape, along?: SQL) {
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
      // Once, on the first row: what the caller reads in the same round trip.
      along: along ? sql<unknown>`case when row_number() over (order by ${receivingAccounts.id}) = 1 then ${along} end` : sql<null>`null`,
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
export type AccountRow = Awaited<ReturnType<typeof accountsOf>>[number];

/** What a caller reads with the accounts, in the same statement: its name, its SQL (placeholders among `values`) and their values. */
export type Along = { name: string; sql: () => SQL; values: Record<string, unknown> };
const alongs = new Map<string, () => SQL>();

/** One statement per shape, built on its first run. */
const accountReads = new Statements<AccountRow[], Values & Record<string, unknown>>((db, text) => {
  const shape = JSON.parse(text) as Shape;
  return accountsOf(db, shape, shape.along ? alongs.get(shape.along)!() : undefined);
});

/**
 * The accounts of the request's products (or its onlyAccountId) with their figures: accountsOf run
 * with the request's values. With `along`, its value comes on the first row (`along` of the others
 * is null; no account, no row).
 */
export function readAccounts(tx: Db, request: AllocateRequest, { limitMode, successAmount }: Limits, along?: Along): Promise<AccountRow[]> {
  if (along) alongs.set(along.name, along.sql);
  const shape: Shape = { limitMode, successAmount, again: request.orderId !== undefined, one: request.onlyAccountId !== undefined, along: along?.name };
  return accountReads.run(tx, JSON.stringify(shape), {
    ...along?.values,
    productIds: intArrayValue(request.productIds),
    accountId: request.onlyAccountId,
    orderId: request.orderId,
    low: request.amount - MAX_FLOAT,
    high: request.amount + MAX_FLOAT,
    today: startOfToday().toISOString(),
  });
}

export interface Figures {
  /** How many orders are open on the account. */
  openCount: number;
  /** The open orders' pay amounts near this amount (within the widest float): the ones a new pay amount must avoid. */
  open: number[];
  todayCount: number;
  todayAmount: number;
  lastAt: Date | null;
}

/** An account as the allocation reads it: its row and owner state, its figures and its owner's balance. */
export type Read = { row: AccountRow; figures: Figures; balance: bigint };

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
export async function readsOf(tx: Db, rows: AccountRow[]): Promise<Read[]> {
  const balances = await balancesFrom(tx, rows.map((r) => ({ userId: r.account.supplierId, balance: r.balance })));
  return rows.map((row) => {
    const { openFigures: open, todayFigures: today } = row;
    const figures: Figures = { openCount: Number(open.count), open: open.payAmounts.map(Number), todayCount: Number(today.count), todayAmount: Number(today.amount), lastAt: today.lastAt === null ? null : new Date(Number(today.lastAt)) };
    return { row, figures, balance: balances.get(row.account.supplierId) ?? 0n };
  });
}
