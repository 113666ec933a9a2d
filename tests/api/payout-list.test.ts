/**
 * GET /payProxyOrder/getList, /getPoolList, /getDetail and /exportList as each role calls them:
 * payouts only (never a collection order), the row scope of the abilities (a merchant its own, a
 * supplier its own and its agents'), no merchant side for suppliers and no supplier side for
 * merchants, the pool as the waiting payouts nobody holds, a few filters, and the CSV export with
 * formula-looking cells neutralised.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { clearOrders, idsOf, insertOrders } from './order-fixtures.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
const at = (text: string) => new Date(`${text}Z`);
type Query = Record<string, unknown>;

const page = (role: string, url: string, query: Query = {}) => server.call('GET', url, { token: tokens[role], query: { pageIndex: 1, pageSize: 50, ...query } });
async function codes(role: string, query: Query = {}, url = '/payProxyOrder/getList') {
  const answer = await page(role, url, query);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list.map((o: { orderCode: string }) => o.orderCode);
}
const pool = (role: string, query: Query = {}) => codes(role, query, '/payProxyOrder/getPoolList');

const payout = { orderType: 2, productId: 3017, status: 10, payoutStatus: 1, merchantFee: 500, cardNumber: '123456789012', ifscCode: 'HDFC0001234' };

beforeAll(async () => {
  const db = server.database.db;
  await clearOrders(db);
  ids = await idsOf(db, ['merchant', 'merchant2', 'supplier', 'agent01', 'supplier2']);
  await insertOrders(db, [
    { ...payout, orderCode: 'PO-1', merchantId: ids.merchant, userName: 'Ravi Kumar', amount: 500_00, extras: { bankName: 'HDFC Bank' }, createdAt: at('2025-04-01 10:00:00') },
    { ...payout, orderCode: 'PO-2', merchantId: ids.merchant2, userName: '=HYPERLINK("http://evil")', amount: 250_00, createdAt: at('2025-04-02 10:00:00') },
    { ...payout, orderCode: 'PO-3', merchantId: ids.merchant, supplierId: ids.supplier, accountId: 1, payoutStatus: 2, status: 11, supplierFee: 200, userName: 'Priya', createdAt: at('2025-04-03 10:00:00') },
    { ...payout, orderCode: 'PO-4', merchantId: ids.merchant2, supplierId: ids.agent01, accountId: 2, payoutStatus: 4, status: 13, batchId: 9, userName: 'Amit', createdAt: at('2025-04-04 10:00:00') },
    { ...payout, orderCode: 'PO-5', merchantId: ids.merchant, payoutStatus: 8, status: 12, userName: 'Held One', createdAt: at('2025-04-05 10:00:00') },
    { ...payout, orderCode: 'PO-6', merchantId: ids.merchant2, supplierId: ids.supplier2, accountId: 3, payoutStatus: 3, status: 11, userName: 'Other', createdAt: at('2025-04-06 10:00:00') },
    // A collection order: never on a payout screen.
    { orderCode: 'CO-1', merchantId: ids.merchant, createdAt: at('2025-04-07 10:00:00') },
  ]);
  for (const role of ['admin', 'customerService', 'merchant', 'supplier', 'supplier2']) tokens[role] = await server.login(role);
});

describe('payout lists', () => {
  it('shows staff every payout with both sides named, and no collection order', async () => {
    expect(await codes('admin')).toEqual(['PO-6', 'PO-5', 'PO-4', 'PO-3', 'PO-2', 'PO-1']);
    const answer = await page('admin', '/payProxyOrder/getList', { orderCode: 'PO-4' });
    expect(answer.data.list[0]).toMatchObject({ merchantName: 'Demo Shop Two', supplierName: 'agent01', payoutStatus: 4, batchId: 9, allocationStatus: 'assigned', merchantFee: 500 });
    const first = (await page('admin', '/payProxyOrder/getList', { orderCode: 'PO-1' })).data.list[0];
    expect(first).toMatchObject({ allocationStatus: 'pool', bankName: 'HDFC Bank' });
    expect(await codes('customerService')).toHaveLength(6);
  });

  it('filters by payout status, batch, allocation status, merchant, amount and payee name', async () => {
    const cases: [Query, string[]][] = [
      [{ payoutStatus: 1 }, ['PO-2', 'PO-1']],
      [{ payoutStatus: 8 }, ['PO-5']],
      [{ batchId: 9 }, ['PO-4']],
      [{ allocationStatus: 'assigned' }, ['PO-6', 'PO-4', 'PO-3']],
      [{ merchantId: ids.merchant2 }, ['PO-6', 'PO-4', 'PO-2']],
      [{ amount: '500.0001' }, ['PO-1']],
      [{ userName: 'ravi' }, ['PO-1']],
      [{ startTime: '2025-04-02 00:00:00', endTime: '2025-04-03 23:59:59' }, ['PO-3', 'PO-2']],
    ];
    for (const [query, expected] of cases) expect(await codes('admin', query), JSON.stringify(query)).toEqual(expected);
  });

  it('gives a merchant only its own payouts, without the supplier side', async () => {
    const answer = await page('merchant', '/payProxyOrder/getList');
    expect(answer.data.list.map((o: { orderCode: string }) => o.orderCode)).toEqual(['PO-5', 'PO-3', 'PO-1']);
    for (const row of answer.data.list) {
      expect(row).not.toHaveProperty('supplierName');
      expect(row).not.toHaveProperty('supplierFee');
      expect(row).not.toHaveProperty('accountId');
    }
    // Another merchant's payout is not found.
    const other = await server.call('GET', '/payProxyOrder/getDetail', { token: tokens.merchant, query: { id: (await page('admin', '/payProxyOrder/getList', { orderCode: 'PO-2' })).data.list[0].id } });
    expect(other.code).toBe(4004);
  });

  it("gives a supplier its own and its agents' payouts, never the merchant side", async () => {
    const answer = await page('supplier', '/payProxyOrder/getList');
    expect(answer.data.list.map((o: { orderCode: string }) => o.orderCode)).toEqual(['PO-4', 'PO-3']);
    for (const row of answer.data.list) {
      expect(row).not.toHaveProperty('merchantName');
      expect(row).not.toHaveProperty('merchantOrderNo');
      expect(row).not.toHaveProperty('merchantFee');
    }
    expect(await codes('supplier', { isProxy: true })).toEqual(['PO-4']);
    expect(await codes('supplier2')).toEqual(['PO-6']);
  });

  it('shows in the pool only the waiting payouts nobody holds, oldest first, to staff and suppliers', async () => {
    expect(await pool('admin')).toEqual(['PO-1', 'PO-2']);
    expect(await pool('supplier')).toEqual(['PO-1', 'PO-2']);
    const row = (await page('supplier', '/payProxyOrder/getPoolList')).data.list[0];
    expect(row).toMatchObject({ userName: 'Ravi Kumar', cardNumber: '123456789012' });
    expect(row).not.toHaveProperty('merchantName');
    expect(row).not.toHaveProperty('merchantFee');
    expect((await page('merchant', '/payProxyOrder/getPoolList')).code).toBe(4003);
  });
});

describe('payout export', () => {
  const exportCsv = async (role: string, url: string, query: Query = {}) => {
    const answer = await server.download(url, { token: tokens[role], query });
    expect(answer.code, answer.msg).toBe(200);
    return parse(answer.csv) as string[][];
  };

  it('writes the filtered list with the payout labels, formulas neutralised', async () => {
    const [header, ...rows] = await exportCsv('admin', '/payProxyOrder/exportList', { merchantId: ids.merchant2 });
    for (const label of ['Payout status', 'Batch', 'USDT payout amount', 'Payout wallet address', 'Allocation status', 'Reject reason']) expect(header).toContain(label);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => r[col('System order number')])).toEqual(['PO-6', 'PO-4', 'PO-2']);
    const po2 = rows.find((r) => r[col('System order number')] === 'PO-2')!;
    expect(po2[col('Payee name')]).toBe(`'=HYPERLINK("http://evil")`);
    expect(po2[col('Payout status')]).toBe('Waiting');
    expect(po2[col('Amount')]).toBe('250.00');
  });

  it('exports the pool, and only the caller rows for a merchant', async () => {
    const poolRows = await exportCsv('admin', '/payProxyOrder/exportPoolList');
    expect(poolRows.length).toBe(3);
    const merchant = await exportCsv('merchant', '/payProxyOrder/exportList');
    expect(merchant[0]).not.toContain('Supplier');
    expect(merchant.length).toBe(4);
  });
});

describe('payout detail', () => {
  it('shows one payout with its ledger rows and trail, as the list shows it to the caller', async () => {
    const id = (await page('admin', '/payProxyOrder/getList', { orderCode: 'PO-3' })).data.list[0].id;
    const staff = await server.call('GET', '/payProxyOrder/getDetail', { token: tokens.admin, query: { id } });
    expect(staff.code, staff.msg).toBe(200);
    expect(staff.data).toMatchObject({ orderCode: 'PO-3', merchantName: 'merchant', supplierName: 'supplier', ledger: [], audit: [] });
    const supplier = await server.call('GET', '/payProxyOrder/getDetail', { token: tokens.supplier, query: { id } });
    expect(supplier.data).toMatchObject({ orderCode: 'PO-3', supplierName: 'supplier' });
    expect(supplier.data).not.toHaveProperty('merchantName');
    expect(supplier.data).not.toHaveProperty('merchantFee');
    expect((await server.call('GET', '/payProxyOrder/getDetail', { token: tokens.supplier2, query: { id } })).code).toBe(4004);
    // A collection order is no payout.
    const co = (await server.call('GET', '/order/getList', { token: tokens.admin, query: { pageIndex: 1, pageSize: 10, orderCode: 'CO-1' } })).data.list[0].id;
    expect((await server.call('GET', '/payProxyOrder/getDetail', { token: tokens.admin, query: { id: co } })).code).toBe(4004);
  });
});
