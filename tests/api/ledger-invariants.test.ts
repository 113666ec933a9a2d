/**
 * The money invariants (server/ledger/invariants.ts): they hold on the demo database and after the
 * money flows, and each kind of break is reported when the data is broken on purpose with raw SQL
 * (inside a transaction rolled back afterwards, so the breaks do not leak into each other).
 */
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { orderApi } from '../../resources/orders/api.js';
import { checkLedger, formatLedgerReport, type LedgerReport } from '../../server/ledger/invariants.js';
import { setSetting } from '../../server/settings/store.js';
import type { Db } from '../../server/db/client.js';

const server = useTestServer();
const db = () => server.database.db;

class Rollback extends Error {}

/** Runs the statements, checks the ledger, and rolls everything back. */
async function checkBroken(...statements: SQL[]): Promise<LedgerReport> {
  let report: LedgerReport | undefined;
  await db()
    .transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
      report = await checkLedger(tx as unknown as Db);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

const kinds = (report: LedgerReport) => [...new Set(report.breaks.map((b) => b.kind))].sort();

/** A succeeded demo collection order with a merchant credit (the seed pays many). */
const PAID_ORDER = sql`(select o.order_code from orders o join ledger_entries l on l.ref_type = 'order' and l.ref_id = o.order_code
  where o.order_type = 1 and o.status in (3, 4, 13) and l.reason = 'collection' and l.user_id = o.merchant_id order by o.id limit 1)`;
const COMPLETED_PAYOUT = sql`(select order_code from orders where order_type = 2 and payout_status = 4 order by id limit 1)`;

describe('money invariants', () => {
  it('hold on the demo database, with a summary of what was checked', async () => {
    const report = await checkLedger(db());
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.counted.collections).toBeGreaterThan(0);
    expect(report.counted.payouts).toBeGreaterThan(0);
    expect(formatLedgerReport(report)).toMatch(/^Ledger OK: \d+ ledger rows in \d+ postings/);
  });

  it('hold after orders are created, paid by a supplement and reversed through the API', async () => {
    const token = await server.login('admin');
    const token2 = await server.login2(token);
    const paid: string[] = [];
    for (const amount of [10_000, 23_456]) {
      const answer = await create(server, signed({ amount }));
      expect(answer.code, answer.msg).toBe(200);
      const supplement = await server.call('POST', orderApi.supplement, { token, token2, body: { orderCode: answer.data.orderCode, utr: `UTR${amount}` } });
      expect(supplement.code, supplement.msg).toBe(200);
      paid.push(answer.data.orderCode);
    }
    expect((await server.call('POST', orderApi.reverse, { token, token2, body: { orderCode: paid[0] } })).code).toBe(200);
    const report = await checkLedger(db());
    expect(report.breaks).toEqual([]);
  });

  it('report a posting that does not sum to zero', async () => {
    const report = await checkBroken(sql`update ledger_entries set amount = amount + 1 where id = (select max(id) from ledger_entries where account = 'platformFee' and ref_type = 'order' and ref_id = ${PAID_ORDER})`);
    expect(kinds(report)).toEqual(['unbalancedPosting']);
    expect(report.ok).toBe(false);
    expect(formatLedgerReport(report)).toMatch(/^Ledger BROKEN: 1 breaks[\s\S]*unbalancedPosting \(1\):\n {4}- order \S+: \d+ rows sum to 1, not 0/);
  });

  it('report a running balance that is not the sum of its rows', async () => {
    const report = await checkBroken(sql`update ledger_entries set balance_after = balance_after + 7 where id = (select max(id) from ledger_entries where user_id is not null)`);
    expect(kinds(report)).toEqual(['runningBalance']);
  });

  it('report a row filed under the wrong kind of account', async () => {
    const report = await checkBroken(
      sql`insert into ledger_entries (user_id, account, amount, reason, ref_type) values (null, 'member', 5, 'adjustment', 'test'), (null, 'platformEquity', -5, 'adjustment', 'test')`,
    );
    expect(kinds(report)).toEqual(['misfiledRow']);
  });

  it('report a succeeded order credited twice (even in a balanced posting)', async () => {
    const report = await checkBroken(sql`insert into ledger_entries (user_id, account, amount, reason, ref_type, ref_id, created_at)
      select user_id, account, case when user_id is null then -amount else amount end, reason, ref_type, ref_id, now() from ledger_entries
      where ref_type = 'order' and ref_id = ${PAID_ORDER} and ((reason = 'collection' and amount > 0) or account = 'platformFee') and account <> 'supplierClearing'`,
      sql`update ledger_entries l set balance_after = r.running from (select id, sum(amount) over (partition by user_id, account order by id) as running from ledger_entries where user_id is not null) r where r.id = l.id`,
    );
    expect(kinds(report)).toContain('collectionCredit');
    expect(kinds(report).filter((k) => k !== 'unbalancedPosting')).toEqual(['collectionCredit']);
  });

  it('report a succeeded order without its credit', async () => {
    const report = await checkBroken(sql`update orders set status = 13 where order_type = 1 and status = 2 and id = (select min(id) from orders where order_type = 1 and status = 2)`);
    expect(kinds(report)).toEqual(['collectionCredit']);
    expect(report.breaks[0].detail).toMatch(/0 credits standing, not 1/);
  });

  it('report a completed payout whose debit is missing', async () => {
    const report = await checkBroken(
      sql`update ledger_entries set amount = 0 where ref_type = 'order' and ref_id = ${COMPLETED_PAYOUT} and reason = 'payout' and amount < 0 and user_id is not null`,
      sql`update ledger_entries l set balance_after = r.running from (select id, sum(amount) over (partition by user_id, account order by id) as running from ledger_entries where user_id is not null) r where r.id = l.id`,
    );
    expect(kinds(report).filter((k) => k !== 'unbalancedPosting')).toEqual(['payoutDebit']);
  });

  it('report a reversed order that was not undone, and one undone twice', async () => {
    const notUndone = await checkBroken(sql`update orders set status = 7 where order_code = ${PAID_ORDER}`);
    expect(kinds(notUndone)).toEqual(['reversalUndo']);
    expect(notUndone.breaks[0].detail).toMatch(/1 credits left un-undone/);
    const twice = await checkBroken(
      sql`insert into ledger_entries (user_id, account, amount, reason, ref_type, ref_id)
        select user_id, account, -amount, 'reversal', ref_type, ref_id from ledger_entries where ref_type = 'order' and ref_id = ${PAID_ORDER}`,
      sql`insert into ledger_entries (user_id, account, amount, reason, ref_type, ref_id)
        select user_id, account, amount, reason, ref_type, ref_id from ledger_entries where ref_type = 'order' and ref_id = ${PAID_ORDER} and reason = 'reversal'`,
      sql`update orders set status = 7 where order_code = ${PAID_ORDER}`,
      sql`update ledger_entries l set balance_after = r.running from (select id, sum(amount) over (partition by user_id, account order by id) as running from ledger_entries where user_id is not null) r where r.id = l.id`,
    );
    expect(kinds(twice)).toContain('reversalUndo');
    expect(twice.breaks.map((b) => b.detail).join('\n')).toMatch(/2 undos of 1 credits/);
  });

  it('report a negative balance, except a supplier owing while IsSupplierRemoveBalanceOnOrderFinished allows it', async () => {
    const debit = (account: string) => [
      sql`insert into ledger_entries (user_id, account, amount, reason, ref_type, balance_after)
        select id, 'member', -999999999, 'adjustment', 'balanceOperation', -999999999 + coalesce((select sum(amount) from ledger_entries where user_id = users.id and account = 'member'), 0) from users where account = ${account}`,
      sql`insert into ledger_entries (account, amount, reason, ref_type) values ('platformEquity', 999999999, 'adjustment', 'balanceOperation')`,
    ];
    expect(kinds(await checkBroken(...debit('merchant3')))).toEqual(['negativeBalance']);
    expect(kinds(await checkBroken(...debit('supplier')))).toEqual(['negativeBalance']);
    await setSetting(db(), 'IsSupplierRemoveBalanceOnOrderFinished', true);
    try {
      expect(kinds(await checkBroken(...debit('supplier')))).toEqual([]);
      expect(kinds(await checkBroken(...debit('merchant3')))).toEqual(['negativeBalance']);
    } finally {
      await setSetting(db(), 'IsSupplierRemoveBalanceOnOrderFinished', false);
    }
  });
});
