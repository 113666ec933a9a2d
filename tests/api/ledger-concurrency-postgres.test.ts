/**
 * The ledger under real concurrency on PostgreSQL: a posting locks all its members at once in id
 * order, so two postings of the same members never hold one each and wait for the other; and the
 * running-balance fix (server/system-config/maintenance.ts) waits for a posting that read a drifted
 * balance before it began, so that posting cannot write the drift back after the fix. Needs
 * PostgreSQL (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.js';
import { ledgerEntries } from '../../server/db/schema/index.js';
import { lockBalances, postBalanced } from '../../server/ledger/ledger.js';
import { rowsOf } from '../../server/statistics/engine.js';
import { fixRunningBalances } from '../../server/system-config/maintenance.js';
import { userIdOf } from './orders-fixture.js';
import { pgProblem, pgRequired } from './postgres-fixture.js';
import { holding, useSeededPostgres, waitForLockWaiter } from './postgres-waits.js';

describe.skipIf(pgProblem !== null && !pgRequired)('ledger locks on PostgreSQL', () => {
  const db = useSeededPostgres('payadmin_ledger');

  const newest = async (tx: Db, userId: number) =>
    (await tx.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'member'))).orderBy(desc(ledgerEntries.id)).limit(1))[0];

  it('locks the members of a posting in id order, whatever the order of its legs', async () => {
    const [low, high] = [await userIdOf(db(), 'merchant'), await userIdOf(db(), 'supplier')].sort((a, b) => a - b);
    // Another transaction holds the lower member (a posting of its own in progress).
    const holder = holding(db(), (tx) => lockBalances(tx, low));
    let posting: Promise<unknown> | undefined;
    let highFree: boolean | undefined;
    try {
      await holder.started;
      // Legs in the other order: the higher member first.
      posting = db().transaction((tx) =>
        postBalanced(tx as unknown as Db, [
          { userId: high, amount: 100, reason: 'adjustment' },
          { userId: low, amount: -100, reason: 'adjustment' },
        ]),
      );
      await waitForLockWaiter(db());
      // It waits for the lower member holding nothing: the higher one is free for anyone meanwhile.
      highFree = await db()
        .transaction(async (tx) => (await tx.execute(sql`select id from users where id = ${high} for update nowait`), true))
        .catch(() => false);
    } finally {
      await holder.end();
    }
    await posting;
    expect(highFree).toBe(true);
  }, 30_000);

  it('writes no row of a posting while it waits for a member, whatever leg comes first', async () => {
    const merchant = await userIdOf(db(), 'merchant');
    const holder = holding(db(), (tx) => lockBalances(tx, merchant));
    let posting: Promise<unknown> | undefined;
    let ledgerHeld: number | undefined;
    try {
      await holder.started;
      // The platform leg first, as a payout's completion posts it.
      posting = db().transaction((tx) =>
        postBalanced(tx as unknown as Db, [
          { account: 'payoutReserve', amount: -100, reason: 'adjustment' },
          { userId: merchant, amount: 100, reason: 'adjustment' },
        ]),
      );
      await waitForLockWaiter(db());
      // Holding the ledger while waiting for a member would deadlock with the running-balance fix (users, then ledger).
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql`
          select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'ledger_entries' and l.mode = 'RowExclusiveLock' and l.granted and l.pid <> pg_backend_pid()`),
      );
      ledgerHeld = row.n;
    } finally {
      await holder.end();
    }
    await posting;
    expect(ledgerHeld).toBe(0);
  }, 30_000);

  it('waits for a posting that read a drifted balance, and leaves no drift after it', async () => {
    const merchant = await userIdOf(db(), 'merchant');
    const last = await newest(db(), merchant);
    // The drift the fix is for: the newest running balance 100 off the sum of the rows.
    await db().update(ledgerEntries).set({ balanceAfter: last.balanceAfter! - 100n }).where(eq(ledgerEntries.id, last.id));

    // A posting as postEntry makes it: the member's lock, the newest running balance read, then (later) the row.
    let goOn!: () => void;
    const mayGoOn = new Promise<void>((resolve) => (goOn = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const posting = db().transaction(async (tx) => {
      await lockBalances(tx as unknown as Db, merchant);
      const before = (await newest(tx as unknown as Db, merchant)).balanceAfter!;
      read();
      await mayGoOn;
      await tx.insert(ledgerEntries).values({ userId: merchant, account: 'member', amount: 50n, reason: 'adjustment', balanceAfter: before + 50n });
    });
    let fixed: ReturnType<typeof fixRunningBalances> | undefined;
    try {
      await hasRead;
      fixed = db().transaction((tx) => fixRunningBalances(tx as unknown as Db));
      // The fix waits for the posting (or, wrongly, runs past it): either way let the posting go on then.
      await Promise.race([waitForLockWaiter(db()).catch(() => undefined), fixed]);
    } finally {
      goOn();
      await posting;
    }
    expect((await fixed!).after.driftedBalances).toBe(0);
    // Nothing drifted is left behind the fix: a second one finds nothing.
    expect((await db().transaction((tx) => fixRunningBalances(tx as unknown as Db))).before.driftedBalances).toBe(0);
  }, 30_000);
});
