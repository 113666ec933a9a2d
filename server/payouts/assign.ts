/**
 * Which payout account may take a payout: the supplier's claim and the automatic assignment
 * (AutoAssignPayoutOrder) ask the same question. An account can when it is a non-deleted, enabled
 * account of the payout's product whose owner (and the owner's supplier, for an agent) is not
 * deleted, the amount is within its range, and its payouts in hand (preparing or paying) stay below
 * maxConcurrentOrders. Among those, the one given a payout least recently goes first.
 */
import { and, asc, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { orders, receivingAccounts, users } from '../db/schema/index.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../orders/state-machine.js';
import type { OrderRow } from '../orders/order-row.js';
import { payoutTransition } from './state-machine.js';

const owner = alias(users, 'owner');
const boss = alias(users, 'boss');
const IN_HAND = [payoutStateId('preparing'), payoutStateId('paying')];

/**
 * The account that takes `order` next, among the accounts of `supplierIds` (all suppliers when
 * absent), or null; it stays locked (FOR UPDATE) until the transaction ends. The statement that
 * picks and locks an account counts its payouts in hand on a snapshot taken before it waited for
 * the lock, so another transaction that gave it a payout meanwhile is not counted: the count is
 * read again after the lock, and an account found full is passed over for the next. Its lock is
 * kept (letting it go would need a savepoint per assignment, and the pool assigns a hundred in one
 * transaction); it is full, so whoever waits for it would pass it over as well.
 */
export async function eligibleAccount(tx: Db, order: Pick<OrderRow, 'productId' | 'amount'>, supplierIds?: number[]): Promise<{ id: number; supplierId: number } | null> {
  const full: number[] = [];
  for (;;) {
    const account = await pickAndLock(tx, order, supplierIds, full);
    if (!account) return null;
    if (account.maxConcurrentOrders === null || (await inHandOf(tx, account.id)) < account.maxConcurrentOrders) return { id: account.id, supplierId: account.supplierId };
    full.push(account.id);
  }
}

/** The payouts in hand (preparing or paying) of `account`: an id, or the account column of an outer query. */
const inHand = (account: number | SQLWrapper) => and(eq(orders.accountId, account), eq(orders.orderType, PAYOUT), inArray(orders.payoutStatus, IN_HAND));

/** The payouts in hand of an account, read on a snapshot taken now. */
async function inHandOf(tx: Db, accountId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders).where(inHand(accountId));
  return row.n;
}

/** The first eligible account in rotation order but those of `passed`, locked. */
async function pickAndLock(tx: Db, order: Pick<OrderRow, 'productId' | 'amount'>, supplierIds: number[] | undefined, passed: number[]) {
  const inHandCount = tx.select({ n: sql<number>`count(*)` }).from(orders).where(inHand(receivingAccounts.id));
  const lastGiven = tx
    .select({ at: sql`max(${orders.assignedAt})` })
    .from(orders)
    .where(eq(orders.accountId, receivingAccounts.id));
  const where = [
    isNull(receivingAccounts.deletedAt),
    eq(receivingAccounts.enabled, true),
    eq(receivingAccounts.productId, order.productId),
    isNull(owner.deletedAt),
    isNull(boss.deletedAt),
    or(isNull(receivingAccounts.minAmount), lte(receivingAccounts.minAmount, order.amount)),
    or(isNull(receivingAccounts.maxAmount), gte(receivingAccounts.maxAmount, order.amount)),
    or(isNull(receivingAccounts.maxConcurrentOrders), sql`(${inHandCount}) < ${receivingAccounts.maxConcurrentOrders}`),
  ];
  if (supplierIds) where.push(inArray(receivingAccounts.supplierId, supplierIds));
  if (passed.length) where.push(notInArray(receivingAccounts.id, passed));
  const [row] = await tx
    .select({ id: receivingAccounts.id, supplierId: receivingAccounts.supplierId, maxConcurrentOrders: receivingAccounts.maxConcurrentOrders })
    .from(receivingAccounts)
    .innerJoin(owner, eq(owner.id, receivingAccounts.supplierId))
    .innerJoin(boss, eq(boss.id, sql`coalesce(${owner.parentId}, ${owner.id})`))
    .where(and(...where))
    .orderBy(sql`(${lastGiven}) asc nulls first`, asc(receivingAccounts.id))
    .limit(1)
    .for('update', { of: receivingAccounts });
  return row ?? null;
}

/**
 * Gives a pool payout to the next eligible account when AutoAssignPayoutOrder is on. Answers the
 * payout as it is afterwards (unchanged when the switch is off or no account can take it).
 */
export async function autoAssign(tx: Db, order: OrderRow, actor: Actor = { userId: null }): Promise<OrderRow> {
  if ((await getSetting(tx, 'AutoAssignPayoutOrder')).enable !== true) return order;
  const account = await eligibleAccount(tx, order);
  if (!account) return order;
  return payoutTransition(tx, order, { action: 'assign', to: 'preparing', actor, set: { supplierId: account.supplierId, accountId: account.id, assignedAt: new Date() } });
}
