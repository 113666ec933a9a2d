/**
 * Payout assignment under real concurrency: an account that another transaction filled while this
 * one waited for its lock is counted as full once the lock is taken, and the payout goes to the next
 * account (server/payouts/assign.ts). Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when
 * none answers, outside CI.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.js';
import { orders } from '../../server/db/schema/index.js';
import { eligibleAccount } from '../../server/payouts/assign.js';
import { makeAccount, makeSupplier } from './order-create-fixture.js';
import { pgProblem, pgRequired } from './postgres-fixture.js';
import { holding, useSeededPostgres, waitForLockWaiter } from './postgres-waits.js';

const P = 3017;
const PAYOUT = { productId: P, amount: 50_000 };

describe.skipIf(pgProblem !== null && !pgRequired)('payout assignment on PostgreSQL', () => {
  const db = useSeededPostgres('payadmin_assign');

  it('gives the next account a payout when the first was filled while it waited for its lock', async () => {
    const supplier = await makeSupplier(db(), 'assignPgSupplier', [P]);
    const one = { kind: 'indiaAutoPayout', minAmount: 100, maxAmount: 10_000_000, maxConcurrentOrders: 1 };
    const first = await makeAccount(db(), supplier, P, one);
    const second = await makeAccount(db(), supplier, P, one);
    const [payout] = await db().select().from(orders).where(eq(orders.orderType, 2)).limit(1);

    // A claim takes the first account (neither has had a payout: the lower id) and gives it a payout, not yet committed.
    const claim = holding(db(), async (tx) => {
      expect(await eligibleAccount(tx, PAYOUT, [supplier])).toEqual({ id: first, supplierId: supplier });
      await tx.update(orders).set({ supplierId: supplier, accountId: first, payoutStatus: 2, assignedAt: new Date() }).where(eq(orders.id, payout.id));
    });
    let next: Promise<{ id: number } | null> | undefined;
    try {
      await claim.started;
      // Another assignment ranks the first account first too, and waits for its lock.
      next = db().transaction((tx) => eligibleAccount(tx as unknown as Db, PAYOUT, [supplier]));
      await waitForLockWaiter(db());
    } finally {
      await claim.end();
    }
    // Once the claim commits the first account holds one payout, its limit: the second takes this one.
    expect(await next).toEqual({ id: second, supplierId: supplier });
    const inHand = await db().select({ id: orders.id }).from(orders).where(and(eq(orders.accountId, first), eq(orders.payoutStatus, 2)));
    expect(inHand).toHaveLength(1);
  }, 30_000);
});
