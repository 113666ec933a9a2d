/**
 * Fund records: the members' ledger rows, each as the ledger holds it; a merchant never reads
 * another's rows, a supplier reads its own and its agents'; the running balances hold after orders,
 * payouts and balance operations, and the backfill of old rows computes the same.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { orderApi } from '../../resources/orders/api.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { useTestServer } from './harness.js';
import { insertOrder } from './orders-fixture.js';
import { placeBankPayout } from './payout-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
const idOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
const list = (role: string, query: Record<string, unknown> = {}) => server.call('GET', '/fundRecord/getList', { token: tokens[role], query: { pageIndex: 1, pageSize: 500, ...query } });
type Row = { userId: number; memberAccount: string; amount: number; balanceAfter: number; reason: string; orderCode: string | null; note: string | null; operator: string | null; account: string; source: string };

beforeAll(async () => {
  for (const role of ['admin', 'merchant', 'merchant2', 'supplier', 'customerService']) tokens[role] = await server.login(role);
  // A collection order completed by hand and a payout placed: both post to the demo merchant.
  const order = await insertOrder(db());
  const admin2 = await server.login2(tokens.admin);
  expect((await server.call('POST', orderApi.supplement, { token: tokens.admin, token2: admin2, body: { orderCode: order.orderCode, utr: 'UTR778899' } })).code).toBe(200);
  await placeBankPayout(server);
  const adjust = await server.call('POST', '/merchant/adjustBalance', { token: tokens.admin, token2: admin2, body: { id: await idOf('merchant'), amount: -250, reason: 'chargeback fee' }, headers: { 'idempotency-key': randomUUID() } });
  expect(adjust.code).toBe(200);
});

describe('fund records', () => {
  it('shows an admin each member row with its account, reason, signed amount, running balance, source, operator and note, newest first', async () => {
    const merchant = await idOf('merchant');
    const { data } = await list('admin', { userId: merchant });
    const rows = data.list as Row[];
    expect(rows[0]).toMatchObject({ memberAccount: 'merchant', reason: 'adjustment', amount: -250, note: 'chargeback fee', operator: 'admin', account: 'member', source: 'balanceOperation', orderCode: null });
    expect(rows[0].balanceAfter).toBe(Number(await balanceOf(db(), merchant)));
    expect(rows.every((r) => r.userId === merchant)).toBe(true);
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, merchant));
    expect(data.total).toBe(ledger.length);
  });

  it('finds an order by its code, and the records of one order sum to what it moved', async () => {
    const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refType, 'order')).orderBy(sql`${ledgerEntries.id} desc`).limit(1);
    const { data } = await list('admin', { orderCode: row.refId });
    const rows = data.list as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.orderCode === row.refId && r.source === 'order')).toBe(true);
    const members = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refId, row.refId!));
    const memberSum = members.filter((m) => m.userId !== null).reduce((sum, m) => sum + Number(m.amount), 0);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(memberSum);
  });

  it('never shows a merchant another merchant rows, whatever it asks for', async () => {
    const merchant = await idOf('merchant');
    const own = (await list('merchant')).data.list as Row[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.userId === merchant)).toBe(true);
    const asked = await list('merchant', { userId: await idOf('merchant2') });
    expect((asked.data?.list ?? []).every((r: Row) => r.userId === merchant)).toBe(true);
    expect(((await list('merchant2')).data.list as Row[]).every((r) => r.userId !== merchant)).toBe(true);
  });

  it('shows a supplier its own and its agents rows only', async () => {
    const team = [await idOf('supplier'), await idOf('agent01'), await idOf('agent02')];
    const rows = (await list('supplier')).data.list as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => team.includes(r.userId))).toBe(true);
  });

  it('lists a member its records in time order, newest first, the demo history included', async () => {
    for (const role of ['supplier', 'merchant']) {
      const times = ((await list(role)).data.list as { createdAt: string }[]).map((r) => Date.parse(r.createdAt));
      expect(times.length).toBeGreaterThan(1);
      expect(times.filter((t, i) => i > 0 && t > times[i - 1])).toEqual([]);
    }
    // The list is in posting order (the running balances follow it), which must also be the order of time.
    const posted = await db().select({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt }).from(ledgerEntries).where(isNotNull(ledgerEntries.userId)).orderBy(ledgerEntries.id);
    expect(posted.filter((r, i) => i > 0 && r.createdAt < posted[i - 1].createdAt).map((r) => r.id)).toEqual([]);
  });

  it('lets customer service read but not export, and exports CSV for admins', async () => {
    expect((await list('customerService')).code).toBe(200);
    const refused = await server.call('GET', '/fundRecord/export', { token: tokens.customerService });
    expect(refused.code).toBe(4003);
    const csv = await server.download('/fundRecord/export', { token: tokens.admin, query: { userId: await idOf('merchant') } });
    expect(csv.fileName).toMatch(/\.csv$/);
    expect(csv.csv).toContain('chargeback fee');
    expect(csv.csv).toContain('Manual adjustment');
  });

  it('keeps every member available and frozen balance equal to its rows and to the running balance of its newest row', async () => {
    const members = await db().selectDistinct({ userId: ledgerEntries.userId }).from(ledgerEntries).where(isNotNull(ledgerEntries.userId));
    for (const { userId } of members) {
      for (const account of ['member', 'frozen'] as const) {
        const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId!)).orderBy(ledgerEntries.id);
        const own = rows.filter((r) => r.account === account);
        const sum = own.reduce((total, r) => total + r.amount, 0n);
        expect(await balanceOf(db(), userId!, account)).toBe(sum);
        if (own.length) expect(own.at(-1)!.balanceAfter).toBe(sum);
      }
    }
  });

  it('backfills the running balance of rows written before it existed exactly as postings write it', async () => {
    const rows = await db().select({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter }).from(ledgerEntries).where(isNotNull(ledgerEntries.userId));
    const ids = rows.map((r) => r.id);
    await db().update(ledgerEntries).set({ balanceAfter: null }).where(inArray(ledgerEntries.id, ids));
    await db().execute(sql.raw(readFileSync('server/db/migrations/0007_ledger_balance_backfill.sql', 'utf8')));
    const after = await db().select({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter }).from(ledgerEntries).where(inArray(ledgerEntries.id, ids));
    const byId = new Map(after.map((r) => [r.id, r.balanceAfter]));
    expect(rows.every((r) => byId.get(r.id) === r.balanceAfter)).toBe(true);
  });
});
