/** The ledger: balances are sums of rows, postings only inside transactions, money exact. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { ledgerEntries, users } from '../../server/db/schema/index.js';
import { balanceOf, balancesOf, entriesOf, minorForJson, postEntry } from '../../server/ledger/ledger.js';
import type { Db } from '../../server/db/client.js';

const server = useTestServer();
const db = () => server.database.db;
const userId = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
const inTx = <T>(work: (tx: Db) => Promise<T>) => db().transaction((tx) => work(tx as unknown as Db));
const rowCount = async () => (await db().select({ id: ledgerEntries.id }).from(ledgerEntries)).length;

describe('ledger', () => {
  it('starts the demo merchant with its opening row, then the postings of its demo orders and the funds for its payouts', async () => {
    const merchant = await userId('merchant');
    const entries = await entriesOf(db(), merchant, 10_000);
    expect(entries.at(-1)).toMatchObject({ amount: 123456n, reason: 'opening' });
    expect(entries.length).toBeGreaterThan(1);
    // Then its demo orders' postings (collections; payouts reserved, and released when rejected) and its demo payout float.
    const explained = (e: (typeof entries)[number]) => (e.refType === 'order' && ['collection', 'payout', 'reversal'].includes(e.reason)) || (e.refType === 'demo' && e.reason === 'opening');
    expect(entries.slice(0, -1).every(explained)).toBe(true);
    expect(await balanceOf(db(), merchant)).toBe(entries.reduce((sum, e) => sum + e.amount, 0n));
  });

  it('is double-entry: the rows of every cause, and so the whole ledger, sum to zero', async () => {
    const unbalanced = await db()
      .select({ refType: ledgerEntries.refType, refId: ledgerEntries.refId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.refType, ledgerEntries.refId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
  });

  it('posts only inside a transaction', async () => {
    const merchant = await userId('merchant');
    const before = await rowCount();
    await expect(postEntry(db(), { userId: merchant, amount: 1n, reason: 'adjustment' })).rejects.toThrow(/inside a transaction/);
    expect(await rowCount()).toBe(before);
  });

  it('sums signed minor units exactly, for one user and for many in one query', async () => {
    const merchant3 = await userId('merchant3');
    const agent = await userId('agent03');
    await inTx(async (tx) => {
      await postEntry(tx, { userId: merchant3, amount: 1999, reason: 'collection', refType: 'order', refId: 'P1' });
      await postEntry(tx, { userId: merchant3, amount: -7n, reason: 'fee', refType: 'order', refId: 'P1' });
      await postEntry(tx, { userId: merchant3, amount: 1n, reason: 'adjustment', createdBy: 1 });
    });
    expect(await balanceOf(db(), merchant3)).toBe(1993n);
    const map = await balancesOf(db(), [merchant3, agent, 999_999]);
    expect([...map.entries()]).toEqual([
      [merchant3, 1993n],
      [agent, 250000n],
      [999_999, 0n],
    ]);
    expect(await balancesOf(db(), [])).toEqual(new Map());
  });

  it('reads many balances from each newest running balance, and sums where a row carries none', async () => {
    const merchant2 = await userId('merchant2');
    const supplier2 = await userId('supplier2');
    const sums = async () => new Map(await Promise.all([merchant2, supplier2].map(async (id) => [id, await balanceOf(db(), id)] as const)));
    expect(await balancesOf(db(), [merchant2, supplier2])).toEqual(await sums());
    // A row written without its running balance (as rows from before that column were): summed.
    await db().insert(ledgerEntries).values({ userId: merchant2, account: 'member', amount: 5n, reason: 'adjustment', balanceAfter: null });
    await db().insert(ledgerEntries).values({ userId: null, account: 'platformEquity', amount: -5n, reason: 'adjustment', balanceAfter: null });
    expect(await balancesOf(db(), [merchant2, supplier2])).toEqual(await sums());
    // The frozen account is read on its own, whatever the member account holds.
    expect(await balancesOf(db(), [merchant2], 'frozen')).toEqual(new Map([[merchant2, await balanceOf(db(), merchant2, 'frozen')]]));
  });

  it('keeps amounts beyond float precision exact', async () => {
    const supplier2 = await userId('supplier2');
    const start = await balanceOf(db(), supplier2);
    const huge = 2n ** 62n; // far beyond 2^53: a float sum would round
    await inTx(async (tx) => {
      await postEntry(tx, { userId: supplier2, amount: huge + 1n, reason: 'adjustment' });
      await postEntry(tx, { userId: supplier2, amount: -huge, reason: 'adjustment' });
    });
    expect(await balanceOf(db(), supplier2)).toBe(start + 1n);
    expect(() => minorForJson(huge)).toThrow(RangeError);
    expect(minorForJson(123456n)).toBe(123456);
  });

  it('refuses zero, fractions and unknown reasons', async () => {
    const merchant = await userId('merchant');
    const before = await rowCount();
    await expect(inTx((tx) => postEntry(tx, { userId: merchant, amount: 0, reason: 'adjustment' }))).rejects.toThrow(/zero/);
    await expect(inTx((tx) => postEntry(tx, { userId: merchant, amount: 1.5, reason: 'adjustment' }))).rejects.toThrow(/integers of minor units/);
    await expect(inTx((tx) => postEntry(tx, { userId: merchant, amount: 1, reason: 'gift' as never }))).rejects.toThrow(/unknown ledger reason/);
    expect(await rowCount()).toBe(before);
  });

  it('refuses an uncovered debit when asked to, and a failed transaction leaves nothing', async () => {
    const merchant2 = await userId('merchant2');
    const before = await rowCount();
    const balance = await balanceOf(db(), merchant2);
    await expect(
      inTx(async (tx) => {
        await postEntry(tx, { userId: merchant2, amount: 100, reason: 'adjustment' });
        await postEntry(tx, { userId: merchant2, amount: -(balance + 101n), reason: 'payout', requireCover: true });
      }),
    ).rejects.toMatchObject({ name: 'stateConflict' });
    expect(await rowCount()).toBe(before);
    expect(await balanceOf(db(), merchant2)).toBe(balance);
    await inTx((tx) => postEntry(tx, { userId: merchant2, amount: -balance, reason: 'payout', requireCover: true }));
    expect(await balanceOf(db(), merchant2)).toBe(0n);
  });

  it('is what the merchant list shows as the balance', async () => {
    const merchant3 = await userId('merchant3');
    const admin = await server.login('admin');
    const expected = await balanceOf(db(), merchant3);
    const page = await server.call('GET', '/merchant/getList', { token: admin, query: { pageIndex: 1, pageSize: 10, account: 'merchant3' } });
    expect(page.data.list[0].balance).toBe(Number(expected));
  });

  it('refuses a posting for an unknown user', async () => {
    await expect(inTx((tx) => postEntry(tx, { userId: 987_654, amount: 5, reason: 'adjustment' }))).rejects.toMatchObject({ name: 'notFound' });
  });
});
