/**
 * Claims from the payout pool: of twenty claims of one payout at the same instant from two
 * suppliers exactly one wins; a supplier without an eligible payout account cannot claim; a claim
 * is given back only by the team holding it and only before a batch takes it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/index.js';
import { assignPool } from '../../server/payouts/auto-assign.js';
import { setSetting } from '../../server/settings/store.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { payoutOf, payoutSupplier, placeBankPayout } from './payout-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;
const claim = (token: string, orderId: number) => server.call('POST', '/payoutOrderClaim/claimOrder', { token, query: { orderId } });
const cancelClaim = (token: string, orderId: number) => server.call('POST', '/payoutOrderClaim/cancelClaim', { token, query: { orderId } });

describe('payout claims', () => {
  it('refuses a supplier with no eligible payout account, and the payout stays in the pool', async () => {
    await payoutSupplier(db(), 'noaccount1', false);
    const token = await server.login('noaccount1');
    const payout = await placeBankPayout(server);
    const answer = await claim(token, payout.id);
    expect(answer.code).toBe(4121);
    expect(answer.msg).toMatch(/Claim failed: none of your enabled payout accounts/);
    expect(await payoutOf(db(), payout.orderCode)).toMatchObject({ payoutStatus: 1, supplierId: null, accountId: null });
  });

  it('gives one of 20 concurrent claims from two suppliers the payout; the 19 others are told it was taken', async () => {
    const a = await payoutSupplier(db(), 'claimer01');
    const b = await payoutSupplier(db(), 'claimer02');
    const tokens = [await server.login('claimer01'), await server.login('claimer02')];
    const payout = await placeBankPayout(server);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(tokens[i % 2], payout.id)));
    const won = answers.filter((r) => r.code === 200);
    const lost = answers.filter((r) => r.code === 4121);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(lost.every((r) => /another supplier took it first/.test(r.msg))).toBe(true);
    const row = await payoutOf(db(), payout.orderCode);
    expect(row.payoutStatus).toBe(2);
    expect([a.id, b.id]).toContain(row.supplierId);
    expect(row.accountId).toBe(row.supplierId === a.id ? a.accountId : b.accountId);
    expect(row.assignedAt).not.toBeNull();
    expect(won[0].data).toMatchObject({ id: payout.id, payoutStatus: 2, supplierId: row.supplierId });
  });

  it('lets only the claiming team cancel a claim, and only before a batch takes it', async () => {
    await payoutSupplier(db(), 'holder01');
    await payoutSupplier(db(), 'other01');
    const holder = await server.login('holder01');
    const other = await server.login('other01');
    const payout = await placeBankPayout(server);
    expect((await claim(holder, payout.id)).code).toBe(200);

    const notYours = await cancelClaim(other, payout.id);
    expect(notYours.code).toBe(4122);
    expect(notYours.msg).toMatch(/Cancel claim failed/);
    expect((await payoutOf(db(), payout.orderCode)).payoutStatus).toBe(2);

    // In a batch: the batch returns it, not the supplier.
    await db().update(orders).set({ batchId: 999_999 }).where(eq(orders.id, payout.id));
    expect((await cancelClaim(holder, payout.id)).code).toBe(4122);
    await db().update(orders).set({ batchId: null }).where(eq(orders.id, payout.id));

    const back = await cancelClaim(holder, payout.id);
    expect(back.code, back.msg).toBe(200);
    expect(await payoutOf(db(), payout.orderCode)).toMatchObject({ payoutStatus: 1, supplierId: null, accountId: null, assignedAt: null });
    // Back in the pool: another supplier may take it now.
    expect((await claim(other, payout.id)).code).toBe(200);
    // A payout nobody holds has no claim to cancel.
    const waiting = await placeBankPayout(server);
    expect((await cancelClaim(holder, waiting.id)).code).toBe(4122);
  });

  it('answers not found for a collection order or an unknown id, and keeps merchants out', async () => {
    await payoutSupplier(db(), 'claimer03');
    const token = await server.login('claimer03');
    const [collection] = await db().select().from(orders).where(eq(orders.orderType, 1)).limit(1);
    expect((await claim(token, collection.id)).code).toBe(4004);
    expect((await claim(token, 99_999_999)).code).toBe(4004);
    // The id is plain digits: hex, exponents, spaces and booleans are bad input, not an id.
    for (const orderId of ['0x10', '1e1', ' 7 ', 'true']) {
      const answer = await server.call('POST', '/payoutOrderClaim/claimOrder', { token, query: { orderId } });
      expect(answer.code, orderId).toBe(4000);
    }
    const merchant = await server.login('merchant');
    const payout = await placeBankPayout(server);
    expect((await claim(merchant, payout.id)).code).not.toBe(200);
  });

  it('gives pool payouts to eligible accounts, oldest first, only while AutoAssignPayoutOrder is on', async () => {
    const payout = await placeBankPayout(server);
    expect(await assignPool(db())).toBe(0);
    expect((await payoutOf(db(), payout.orderCode)).payoutStatus).toBe(1);
    await setSetting(db(), 'AutoAssignPayoutOrder', true);
    try {
      expect(await assignPool(db())).toBeGreaterThan(0);
      const row = await payoutOf(db(), payout.orderCode);
      expect(row).toMatchObject({ payoutStatus: 2 });
      expect(row.accountId).not.toBeNull();
      // Every pool payout an account could take has been given (the demo's too); nothing is given twice.
      const left = await db().select().from(orders).where(and(eq(orders.orderType, 2), eq(orders.payoutStatus, 1), isNull(orders.supplierId)));
      expect(await assignPool(db())).toBe(0);
      expect(left.every((o) => o.productId !== 3017 || o.amount > 1_000_000)).toBe(true);
    } finally {
      await setSetting(db(), 'AutoAssignPayoutOrder', false);
    }
  });
});
