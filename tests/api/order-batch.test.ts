/** POST /api/order/createBatch: a CSV file of orders, all or nothing; anything but CSV is refused; a bad row is named. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/statistics/engine.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { orders } from '../../server/db/schema/index.js';
import { DEMO_KEY, grantProduct, makeAccount, makeSupplier, orderCount, orderNo, uploadBatch, type BatchUpload } from './order-create-fixture.js';
import { users } from '../../server/db/schema/index.js';

const server = useTestServer({ PUBLIC_BASE_URL: 'https://pay.example.com' });
checkLedgerAfterAll(server);
const db = () => server.database.db;

const upload = (request: BatchUpload) => uploadBatch(server, request);

const HEADER = 'mchOrderNo,productId,amount,notifyUrl,userName';
const line = (no: string, amount = '10000', url = 'https://shop.example.com/notify') => `${no},1034,${amount},${url},Payer ${no}`;
const csv = (...lines: string[]) => ({ name: 'orders.csv', content: [HEADER, ...lines].join('\r\n') + '\r\n' });

/** Uploads and checks that nothing was stored. */
async function refused(request: BatchUpload) {
  const before = await orderCount(db());
  const result = await upload(request);
  expect(await orderCount(db())).toBe(before);
  return result;
}

describe('batch creation', () => {
  it('creates and allocates every order of a CSV file', async () => {
    const numbers = [orderNo('B'), orderNo('B'), orderNo('B')];
    const file = { name: 'Orders.CSV', content: '\uFEFF' + [HEADER, line(numbers[0]), '', line(numbers[1], '25000'), `"${numbers[2]}",1034,"30000","https://shop.example.com/n/a,b","Payer, Three"`].join('\n') };
    const result = await upload({ file });
    expect(result).toMatchObject({ code: 200, data: { count: 3, allocated: 3, allocationFailed: 0 } });
    expect(result.data.orders.map((o: { row: number }) => o.row)).toEqual([2, 4, 5]);
    expect(result.data.orders[1]).toMatchObject({ mchOrderNo: numbers[1], amount: 25_000, status: 2, payUrl: expect.stringMatching(/^https:\/\/pay\.example\.com\/pay\/order\/P\d+$/) });
    const [third] = await db().select().from(orders).where(eq(orders.merchantOrderNo, numbers[2]));
    expect(third).toMatchObject({ amount: 30_000, userName: 'Payer, Three', notifyUrl: 'https://shop.example.com/n/a,b', status: 2 });
  });

  it('allocates a file of many orders without a subtransaction per order', async () => {
    // A row's xmin is the (sub)transaction that wrote it: one per order had its savepoint; past 64
    // in one transaction PostgreSQL's snapshots of every other session slow down.
    await makeAccount(db(), await makeSupplier(db(), `batchsupplier${Date.now()}`, [1034]), 1034, { maxConcurrentOrders: null, floatAmount: 0 });
    const numbers = Array.from({ length: 80 }, () => orderNo('S'));
    const result = await upload({ file: csv(...numbers.map((no) => line(no))) });
    expect(result).toMatchObject({ code: 200, data: { count: 80 } });
    expect(result.data.allocated).toBeGreaterThan(64);
    const writers = rowsOf<{ n: number }>(await db().execute(sql`select count(distinct xmin::text)::int as n from orders where merchant_order_no in ${numbers}`));
    expect(writers[0].n).toBe(1);
  });

  it('refuses anything but a CSV file', async () => {
    expect(await refused({ file: { name: 'orders.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: 'PK..' } })).toMatchObject({ code: 4110, msg: 'Only CSV files can be uploaded' });
    expect((await refused({ file: { name: 'orders.csv', type: 'image/png', content: csv(line(orderNo())).content } })).code).toBe(4110);
    expect((await refused({ file: { name: 'orders.csv', content: new Uint8Array([0xff, 0xfe, 0x00, 0x41]) } })).code).toBe(4110);
    expect((await refused({})).code).toBe(4110);
    const json = await server.call('POST', '/api/order/createBatch', { body: { mchId: '20001' } });
    expect(json).toMatchObject({ code: 4000, msg: expect.stringContaining('body') });
  });

  it('refuses the whole file at its first bad row, naming the row', async () => {
    const good = orderNo('B');
    const badAmount = await refused({ file: csv(line(good), line(orderNo('B'), '12.50')) });
    expect(badAmount).toMatchObject({ code: 4111, msg: expect.stringMatching(/^Row 3 is not standard: .*amount/) });
    const badUrl = await refused({ file: csv(line(orderNo('B')), line(orderNo('B')), line(orderNo('B'), '10000', 'ftp://x')) });
    expect(badUrl.msg).toMatch(/^Row 4 is not standard: .*notifyUrl/);
    expect((await refused({ file: csv(line(good), `${orderNo('B')},1034`) })).msg).toMatch(/^Row 3 is not standard/);
    expect((await refused({ file: csv(line(good), line(good)) })).msg).toMatch(/^Row 3 is not standard: Duplicate merchant order number/);
    expect((await refused({ file: csv(line(good), line(orderNo('B'), '100')) })).msg).toBe('Row 3 is not standard: No receiving account accepts this amount');
    expect((await refused({ file: { name: 'o.csv', content: 'mchOrderNo,productId,amount,notifyUrl,colour\nX1,1034,10000,https://a.b/n,red\n' } })).msg).toMatch(/^Row 1 is not standard: colour/);
    expect((await refused({ file: { name: 'o.csv', content: 'mchOrderNo,productId,amount\nX1,1034,10000\n' } })).msg).toMatch(/^Row 1 is not standard: notifyUrl/);
    expect((await refused({ file: { name: 'o.csv', content: `${HEADER}\n${line(good)}\n"unclosed,1034\n` } })).code).toBe(4111);
    // The good first row was not kept either, and is still free.
    expect((await upload({ file: csv(line(good)) })).code).toBe(200);
    expect((await refused({ file: csv(line(good)) })).msg).toMatch(/^Row 2 is not standard: Duplicate merchant order number/);
  });

  it('refuses an empty file and more than 500 rows', async () => {
    expect((await refused({ file: { name: 'o.csv', content: '' } })).msg).toContain('file');
    expect((await refused({ file: { name: 'o.csv', content: HEADER + '\n' } })).msg).toContain('file');
    const rows = Array.from({ length: 501 }, (_, i) => line(`BIG${i}`));
    expect(await refused({ file: csv(...rows) })).toMatchObject({ code: 4000, msg: expect.stringContaining('must not exceed 500') });
  });

  it('needs the merchant’s mchId, its key and a collection order type', async () => {
    const file = csv(line(orderNo('B')));
    expect((await refused({ fields: { mchId: '20001', key: 'wrong', orderType: '1' }, file })).code).toBe(4101);
    expect((await refused({ fields: { mchId: '29999', key: DEMO_KEY, orderType: '1' }, file })).code).toBe(4102);
    expect((await refused({ fields: { key: DEMO_KEY, orderType: '1' }, file })).msg).toContain('mchId');
    expect((await refused({ fields: { mchId: '20001', key: DEMO_KEY, orderType: '3' }, file })).msg).toContain('orderType');
    // A payout file holds payout products only.
    expect((await refused({ fields: { mchId: '20001', key: DEMO_KEY, orderType: '2' }, file })).msg).toMatch(/Row 2 .*productId/);
    expect((await refused({ fields: { mchId: '20001', orderType: '1' }, file })).msg).toContain('key');
  });

  it('creates payouts from a payout file (orderType 2), each reserving its amount', async () => {
    const [merchant] = await db().select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
    await grantProduct(db(), merchant.id, 3017, 'merchant');
    const header = 'mchOrderNo,productId,amount,notifyUrl,userName,cardNumber,ifscCode,bankName';
    const row = (no: string) => `${no},3017,5000,https://shop.example.com/notify,Payee ${no},123456789012,HDFC0001234,HDFC Bank`;
    const [a, b] = [orderNo('PB'), orderNo('PB')];
    const result = await upload({ fields: { mchId: '20001', key: DEMO_KEY, orderType: '2' }, file: { name: 'payouts.csv', content: [header, row(a), row(b)].join('\n') } });
    expect(result.code, result.msg).toBe(200);
    expect(result.data.count).toBe(2);
    const stored = await db().select().from(orders).where(eq(orders.merchantOrderNo, a));
    expect(stored[0]).toMatchObject({ orderType: 2, payoutStatus: 1 });
    // A payout row without its bank details is not standard; nothing of the file is stored.
    const bad = await refused({ fields: { mchId: '20001', key: DEMO_KEY, orderType: '2' }, file: { name: 'p.csv', content: [header, row(orderNo('PB')), `${orderNo('PB')},3017,5000,https://shop.example.com/notify,X,,,`].join('\n') } });
    expect(bad.msg).toMatch(/Row 3/);
  });
});
