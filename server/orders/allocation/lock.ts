/**
 * The account locks: one account at a time in a savepoint for a single allocation, or every
 * account of the products up front for a batch (allocate.ts says why the locks are safe).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { receivingAccounts } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { intArrayValue } from '../../db/int-array.js';
import { Statement } from '../../db/prepared.js';
import { ofProducts, readAccounts, readsOf, value, type Read, type Values } from './read.js';
import type { Settings } from './types.js';

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
 * The caller can keep the lock or let it go (letGo()): an allocation never holds one account while
 * it waits for another. In a transaction that holds nothing else (`fresh`, a single creation) the
 * lock is taken bare and let go by rolling the whole transaction back: the usual order then costs
 * no savepoint. Otherwise it is taken in a savepoint, which still stands after a rollback to it, so
 * the next account's lock is taken in the same one.
 */
export async function lockAndRead(tx: Db, settings: Settings, accountId: number, wait: boolean): Promise<'busy' | 'gone' | Read> {
  // A batch holds its accounts from its start (lockAccountsOf): a rollback to a savepoint would let
  // none of them go, and a savepoint per order would take it past PostgreSQL's cache of 64
  // subtransactions. An account made since that it locks and finds unfit stays locked until it commits.
  if (!settings.savepoint && !settings.request.noWait && !settings.request.fresh) {
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

/** Lets the account locked last go: back to the savepoint (which stands for the next one), or the fresh transaction rolled back and begun again. */
export const letGo = async (tx: Db, settings: Settings) => {
  if (settings.savepoint) await tx.execute(sql`rollback to savepoint ${SAVEPOINT}`);
  else if (settings.request.fresh && !settings.request.noWait) {
    await tx.execute(sql`rollback`);
    await tx.execute(sql`begin`);
  }
};

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
