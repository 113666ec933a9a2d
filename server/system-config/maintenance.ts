/**
 * System maintenance (spec section 7): `GET /system-config/resetSystemResourcePool` and
 * `GET /system-config/fixSystemResources`, state-changing GETs (hence `mutates`), run from the
 * maintenance screen after a confirmation. Each answers, per figure, how many rows were out of
 * order before and how many are left after, and writes one audit record with both.
 *
 * Reset releases what holds receiving and payout accounts though nothing should any more:
 *  - allocated collection orders past their expiry (or with none) that the timeout sweep has not
 *    reached (it was stopped, or behind): timed out now, through the state machine, so their
 *    accounts count them no more;
 *  - pool payouts (waiting, in no batch) still naming a supplier, account or claim time: no supplier
 *    can claim them and the automatic assignment skips them, so the claim markers are cleared.
 * Fix recomputes the one stored counter that can drift from its history: the running balance
 * (`balanceAfter`) of members' ledger rows, which every new posting continues from; the balances
 * themselves (sums of the rows) are untouched.
 */
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { maintenanceApi, type MaintenanceReport } from '../../resources/system-config/index.js';
import { orders } from '../db/schema/index.js';
import { route, type RouteSpec } from '../http/route.js';
import { transition } from '../orders/state-machine.js';
import type { Db } from '../db/client.js';

const expiredAllocation = (): SQL => and(eq(orders.status, statusId('allocated')), or(isNull(orders.expiresAt), lt(orders.expiresAt, sql`now()`)))!;
const staleClaim = (): SQL =>
  and(eq(orders.orderType, PAYOUT), eq(orders.payoutStatus, payoutStateId('waiting')), isNull(orders.batchId), or(isNotNull(orders.supplierId), isNotNull(orders.accountId), isNotNull(orders.assignedAt)))!;

const countWhere = async (db: Db, where: SQL): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0].n;

/** Members' ledger rows whose running balance is not the sum of their account's rows up to them. */
const DRIFTED_BALANCES = sql`
  select id, running from (
    select id, balance_after, sum(amount) over (partition by user_id, account order by id) as running
    from ledger_entries where user_id is not null and balance_after is not null
  ) r where r.balance_after <> r.running`;

const countDrifted = async (db: Db): Promise<number> => {
  const result = (await db.execute(sql`select count(*)::int as n from (${DRIFTED_BALANCES}) d`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
};

const resetRoute = route({
  method: 'GET',
  url: maintenanceApi.calls.reset,
  access: { action: 'release', subject: 'systemMaintenance' },
  mutates: true,
  handler: async (ctx): Promise<MaintenanceReport> => {
    const before = { expiredAllocations: await countWhere(ctx.db, expiredAllocation()), staleClaims: await countWhere(ctx.db, staleClaim()) };
    // Rows the sweep or a claim holds right now are theirs: skipped, and left in the "after" figure.
    const expired = await ctx.db.select().from(orders).where(expiredAllocation()).for('update', { skipLocked: true });
    for (const order of expired) await transition(ctx.db, order, { action: 'timeout', to: 'timedOut', actor: { userId: ctx.user.id, ip: ctx.ip }, reason: 'resetSystemResourcePool' });
    await ctx.db.update(orders).set({ supplierId: null, accountId: null, assignedAt: null, updatedAt: new Date() }).where(staleClaim());
    const after = { expiredAllocations: await countWhere(ctx.db, expiredAllocation()), staleClaims: await countWhere(ctx.db, staleClaim()) };
    await ctx.audit('systemMaintenance.reset', 'resetSystemResourcePool', before, after);
    return report(before, after);
  },
});

const fixRoute = route({
  method: 'GET',
  url: maintenanceApi.calls.fix,
  access: { action: 'repairStatus', subject: 'systemMaintenance' },
  mutates: true,
  handler: async (ctx): Promise<MaintenanceReport> => {
    const { before, after } = await fixRunningBalances(ctx.db);
    await ctx.audit('systemMaintenance.fix', 'fixSystemResources', before, after);
    return report(before, after);
  },
});

/**
 * Recomputes the drifted running balances, in the caller's transaction. No posting is in flight
 * while it runs: a posting locks its member's users row, reads the newest running balance and only
 * then inserts, so locking the ledger alone would let one that read a drifted balance before the
 * lock insert after the fix, carrying the drift on. Locking the users table first waits for every
 * transaction holding a member's row and stops new postings at their member's lock until the commit
 * (reads of the ledger go on; so does nothing else that writes users, a login for one: the fix is
 * one UPDATE, a maintenance action run by hand). A posting locks its members before writing any
 * row (ledger.ts postBalanced), so a posting alone never holds the ledger while it waits for a
 * member. The payout batches' operations, which post for many payouts in one transaction, lock all
 * their members before the first posting (settle.ts); any other transaction whose later posting
 * names a member its first did not could still hold the ledger while it waits, and one of the two
 * is then refused with concurrentChange, to be run again.
 */
export async function fixRunningBalances(tx: Db): Promise<{ before: { driftedBalances: number }; after: { driftedBalances: number } }> {
  await tx.execute(sql`lock table users in exclusive mode`);
  await tx.execute(sql`lock table ledger_entries in exclusive mode`);
  const before = { driftedBalances: await countDrifted(tx) };
  await tx.execute(sql`update ledger_entries l set balance_after = d.running from (${DRIFTED_BALANCES}) d where l.id = d.id`);
  return { before, after: { driftedBalances: await countDrifted(tx) } };
}

function report(before: Record<string, number>, after: Record<string, number>): MaintenanceReport {
  return { figures: Object.keys(before).map((name) => ({ name, before: before[name], after: after[name] })) };
}

export const maintenanceRoutes: RouteSpec[] = [resetRoute, fixRoute] as RouteSpec[];
