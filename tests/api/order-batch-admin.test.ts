/**
 * POST /order/createBatch: a merchant's batch file uploaded in the admin. The same rules as the
 * signed createBatch, for the signed-in merchant only, behind the second-level password, and only
 * while the upload is offered (GET /order/orderUploadFlag).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orders, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { orderCount, orderNo } from './order-create-fixture.js';

const server = useTestServer();
checkLedgerAfterAll(server);
const db = () => server.database.db;

const HEADER = 'mchOrderNo,productId,amount,notifyUrl,userName';
const line = (no: string, amount = '10000') => `${no},1034,${amount},https://shop.example.com/notify,Payer ${no}`;
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

interface Session {
  token: string;
  token2?: string;
}

/** Posts a real multipart body, as the admin's upload dialog does. */
async function upload(session: Session, content: string | null, fields: Record<string, string> = { orderType: '1' }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (content !== null) form.append('file', new Blob([content], { type: 'text/csv' }), 'orders.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1.0/order/createBatch',
    headers: { 'content-type': request.headers.get('content-type')!, lang: 'en-US', token: session.token, ...(session.token2 ? { token2: session.token2 } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return response.json();
}

/** Uploads and checks that nothing was stored. */
async function refused(session: Session, content: string | null, fields?: Record<string, string>) {
  const before = await orderCount(db());
  const result = await upload(session, content, fields);
  expect(await orderCount(db())).toBe(before);
  return result;
}

const idOf = async (account: string) => (await db().select({ id: users.id }).from(users).where(eq(users.account, account)))[0].id;

let merchant: Session;
let other: Session;
beforeAll(async () => {
  const token = await server.login('merchant');
  merchant = { token, token2: await server.login2(token) };
  const otherToken = await server.login('merchant2');
  other = { token: otherToken, token2: await server.login2(otherToken) };
});

describe('a merchant uploads a batch file in the admin', () => {
  it('creates every order of the file for the signed-in merchant, whatever merchant the body names', async () => {
    const numbers = [orderNo('AB'), orderNo('AB')];
    // mchId and key of another merchant are no part of this call: they change nothing.
    const result = await upload(merchant, csv(line(numbers[0]), line(numbers[1], '25000')), { orderType: '1', mchId: '20002', key: 'anything' });
    expect(result).toMatchObject({ code: 200, data: { count: 2 } });
    expect(result.data.orders.map((o: { row: number; mchOrderNo: string }) => [o.row, o.mchOrderNo])).toEqual([
      [2, numbers[0]],
      [3, numbers[1]],
    ]);
    const stored = await db().select().from(orders).where(inArray(orders.merchantOrderNo, numbers));
    expect(stored.map((o) => o.merchantId)).toEqual([await idOf('merchant'), await idOf('merchant')]);
    // Another merchant never sees them; the owner's list does.
    const theirs = await server.call('GET', '/order/getList', { token: other.token, query: { pageIndex: 1, pageSize: 10, merchantOrderId: numbers[0] } });
    expect(theirs.data.total).toBe(0);
    const mine = await server.call('GET', '/order/getList', { token: merchant.token, query: { pageIndex: 1, pageSize: 10, merchantOrderId: numbers[0] } });
    expect(mine.data.total).toBe(1);
  });

  it('refuses the whole file at its first bad row, naming the row and the field', async () => {
    const badAmount = await refused(merchant, csv(line(orderNo('AB')), line(orderNo('AB'), '12.50')));
    expect(badAmount).toMatchObject({ code: 4111, msg: expect.stringMatching(/^Row 3 is not standard: Invalid parameter: .*amount/) });
    const badUrl = await refused(merchant, csv(`${orderNo('AB')},1034,10000,ftp://x,Payer`));
    expect(badUrl.msg).toMatch(/^Row 2 is not standard: .*notifyUrl/);
    const good = orderNo('AB');
    expect((await refused(merchant, csv(line(good), line(good)))).msg).toBe(`Row 3 is not standard: Duplicate merchant order number ${good}`);
    expect((await refused(merchant, 'mchOrderNo,productId,amount\nX1,1034,10000\n')).msg).toMatch(/^Row 1 is not standard: notifyUrl/);
  });

  it('refuses a missing order type or file with 4000 naming it', async () => {
    expect(await refused(merchant, csv(line(orderNo('AB'))), {})).toMatchObject({ code: 4000, msg: expect.stringContaining('orderType') });
    expect(await refused(merchant, csv(line(orderNo('AB'))), { orderType: '3' })).toMatchObject({ code: 4000, msg: expect.stringContaining('orderType') });
    expect(await refused(merchant, '')).toMatchObject({ code: 4000, msg: expect.stringContaining('file') });
  });

  it('needs the second-level password, a merchant, and the upload switched on', async () => {
    const file = csv(line(orderNo('AB')));
    expect((await refused({ token: merchant.token }, file)).code).toBe(1024);
    const admin = await server.login('admin');
    expect((await refused({ token: admin, token2: await server.login2(admin) }, file)).code).toBe(4003);
    expect((await server.call('GET', '/order/orderUploadFlag', { token: merchant.token })).data).toEqual({ enable: true });
    await setSetting(db(), 'ShowBatchButton', false);
    try {
      expect((await server.call('GET', '/order/orderUploadFlag', { token: merchant.token })).data).toEqual({ enable: false });
      expect((await refused(merchant, file)).code).toBe(4003);
    } finally {
      await setSetting(db(), 'ShowBatchButton', true);
    }
  });
});
