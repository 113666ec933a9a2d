/**
 * System maintenance: reset releases what holds accounts though it should not (allocated orders past
 * their expiry the sweep never reached, pool payouts still carrying a claim), fix recomputes ledger
 * running balances that drifted; both report before/after counts and are audited. Who may run them
 * is the systemMaintenance rule (superAdmin, admin).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, ledgerEntries, orders } from '../../server/db/schema/index.js';
import { statusId } from '../../resources/orders/statuses.js';
import { payoutStateId } from '../../resources/payouts/states.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { insertOrder, orderByCode, userIdOf } from './orders-fixture.js';
import { placeBankPayout, payoutOf } from './payout-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
const RESET = '/system-config/resetSystemResourcePool';
const FIX = '/system-config/fixSystemResources';
beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'technicalMaintenance', 'technicalSupport', 'customerService', 'merchant', 'supplier']) tokens[role] = await server.login(role);
});
const figure = (report: { figures: { name: string; before: number; after: number }[] }, name: string) => report.figures.find((f) => f.name === name);
const lastAudit = async (action: string) => (await db().select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(desc(auditRecords.id)).limit(1))[0];

describe('resetSystemResourcePool', () => {
  it('times out allocated orders past their expiry and clears stale claims of pool payouts, and says how many', async () => {
    const expired = await insertOrder(db(), { expiresAt: new Date(Date.now() - 60_000) });
    const noExpiry = await insertOrder(db(), { expiresAt: null });
    const live = await insertOrder(db());
    const payout = await placeBankPayout(server);
    expect(payout.payoutStatus).toBe(payoutStateId('waiting'));
    const supplierId = await userIdOf(db(), 'supplier');
    // A claim marker left on a pool payout: no supplier can claim it, the automatic assignment skips it.
    await db().update(orders).set({ supplierId, assignedAt: new Date() }).where(eq(orders.id, payout.id));

    const answer = await server.call('GET', RESET, { token: tokens.superAdmin });
    expect(answer.code, answer.msg).toBe(200);
    expect(figure(answer.data, 'expiredAllocations')).toEqual({ name: 'expiredAllocations', before: expect.any(Number), after: 0 });
    expect(figure(answer.data, 'expiredAllocations')!.before).toBeGreaterThanOrEqual(2);
    expect(figure(answer.data, 'staleClaims')!.before).toBeGreaterThanOrEqual(1);
    expect(figure(answer.data, 'staleClaims')!.after).toBe(0);

    expect((await orderByCode(db(), expired.orderCode)).status).toBe(statusId('timedOut'));
    expect((await orderByCode(db(), noExpiry.orderCode)).status).toBe(statusId('timedOut'));
    expect((await orderByCode(db(), live.orderCode)).status).toBe(statusId('allocated'));
    expect(await payoutOf(db(), payout.orderCode)).toMatchObject({ payoutStatus: payoutStateId('waiting'), supplierId: null, accountId: null, assignedAt: null });

    const boss = await userIdOf(db(), 'superAdmin');
    expect(await lastAudit('systemMaintenance.reset')).toMatchObject({ userId: boss, before: { expiredAllocations: figure(answer.data, 'expiredAllocations')!.before }, after: { expiredAllocations: 0, staleClaims: 0 } });
    const [timeout] = await db().select().from(auditRecords).where(and(eq(auditRecords.action, 'order.timeout'), eq(auditRecords.target, expired.orderCode)));
    expect(timeout).toMatchObject({ userId: boss, after: { status: 'timedOut', reason: 'resetSystemResourcePool' } });

    // Nothing left: a second run finds nothing and changes nothing.
    const again = await server.call('GET', RESET, { token: tokens.admin });
    expect(again.data.figures).toEqual([
      { name: 'expiredAllocations', before: 0, after: 0 },
      { name: 'staleClaims', before: 0, after: 0 },
    ]);
  });
});

describe('fixSystemResources', () => {
  it('recomputes the running balances that drifted from the ledger rows, leaving balances alone', async () => {
    const merchantId = await userIdOf(db(), 'merchant');
    const rows = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, merchantId), eq(ledgerEntries.account, 'member'), isNotNull(ledgerEntries.balanceAfter)))
      .orderBy(ledgerEntries.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [older, newest] = [rows[rows.length - 2], rows[rows.length - 1]];
    const balance = await balanceOf(db(), merchantId);
    // Break two running balances on purpose (the newest is what the next posting continues from).
    await db().update(ledgerEntries).set({ balanceAfter: older.balanceAfter! + 777n }).where(eq(ledgerEntries.id, older.id));
    await db().update(ledgerEntries).set({ balanceAfter: newest.balanceAfter! - 12_345n }).where(eq(ledgerEntries.id, newest.id));

    const answer = await server.call('GET', FIX, { token: tokens.admin });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.figures).toEqual([{ name: 'driftedBalances', before: 2, after: 0 }]);
    const fixed = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, newest.id));
    expect(fixed[0].balanceAfter).toBe(newest.balanceAfter);
    expect(fixed[0].balanceAfter).toBe(balance);
    expect(await balanceOf(db(), merchantId)).toBe(balance);
    expect(await lastAudit('systemMaintenance.fix')).toMatchObject({ before: { driftedBalances: 2 }, after: { driftedBalances: 0 } });

    const again = await server.call('GET', FIX, { token: tokens.superAdmin });
    expect(again.data.figures).toEqual([{ name: 'driftedBalances', before: 0, after: 0 }]);
  });
});

describe('who may run them', () => {
  it('refuses every role but superAdmin and admin, changing nothing', async () => {
    const expired = await insertOrder(db(), { expiresAt: new Date(Date.now() - 60_000) });
    for (const role of ['technicalMaintenance', 'technicalSupport', 'customerService', 'merchant', 'supplier']) {
      for (const url of [RESET, FIX]) expect((await server.call('GET', url, { token: tokens[role] })).code, `${role} ${url}`).toBe(4003);
    }
    expect((await server.call('GET', RESET)).code).toBe(1003);
    expect((await orderByCode(db(), expired.orderCode)).status).toBe(statusId('allocated'));
  });
});
