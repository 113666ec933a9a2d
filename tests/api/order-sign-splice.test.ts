/**
 * The sign joins `k=v` pairs with `&`, unescaped (the spec's rule): a value holding `&` or `=` could
 * be read as other fields under the same sign. Every signed value holding one is refused, naming
 * the field: on create, on the test-order screens and in every row of a batch file; a UTR holding
 * one is refused at every input that gives an order its UTR, and a callback whose values hold one
 * (a UTR stored before) is never sent.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderApi } from '../../resources/orders/api.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { bankStatements, orders } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN } from '../../server/ingest/seed.js';
import { transition } from '../../server/orders/state-machine.js';
import type { Db } from '../../server/db/client.js';
import { useTestServer } from './harness.js';
import { create, DEMO_KEY, orderCount, orderNo, signed } from './order-create-fixture.js';
import { insertOrder, orderByCode } from './orders-fixture.js';
import { attemptsOf, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';

const server = useTestServer({ CALLBACK_RETRY_SECONDS: '1', CALLBACK_TIMEOUT_SECONDS: '3' });
const db = () => server.database.db;
let receiver: Receiver;

beforeAll(async () => {
  // The callback job starts with the app.
  await server.app.ready();
  receiver = await startReceiver({ '/ok': { status: 200, body: 'success' } });
});
afterAll(async () => receiver?.close());

/** The spec's sign as a merchant computes it, with no guard: what the attacker replays. */
function merchantSign(params: Record<string, unknown>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
  return createHash('md5').update(`${text}&key=${key}`, 'utf8').digest('hex').toUpperCase();
}

/** Calls create and checks nothing was stored. */
async function refused(body: unknown) {
  const before = await orderCount(db());
  const result = await create(server, body);
  expect(await orderCount(db())).toBe(before);
  return result;
}

describe('signed values holding & or =', () => {
  it('refuses the spliced request (100.00 under the sign of a 50,000.00 order) and the one it was cut from', async () => {
    const common = { mchId: '20001', productId: 1034, mchOrderNo: orderNo('SP'), notifyUrl: 'https://shop.example.com/notify', subject: 'Test' };
    const asSigned = { ...common, amount: 5_000_000, address: 'x&amount=10000&body=' };
    const sign = merchantSign(asSigned, DEMO_KEY);
    const spliced = { ...common, amount: 10_000, address: 'x', body: '&amount=5000000', sign };
    // The same signed text: the sign alone cannot tell the two apart.
    expect(merchantSign(spliced, DEMO_KEY)).toBe(sign);
    expect(await refused(spliced)).toMatchObject({ code: 4000, msg: expect.stringContaining('body') });
    expect(await refused({ ...asSigned, sign })).toMatchObject({ code: 4000, msg: expect.stringContaining('address') });
    expect(await db().select().from(orders).where(eq(orders.merchantOrderNo, common.mchOrderNo))).toEqual([]);
  });

  it('names each field, extras and URLs included; the same values without them are taken', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 'a&b' }, 'subject'],
      [{ body: 'k=v' }, 'body'],
      [{ userName: 'A=B' }, 'userName'],
      [{ mode: 'x&y' }, 'mode'],
      [{ notifyUrl: 'https://shop.example.com/n?order=1' }, 'notifyUrl'],
      [{ returnUrl: 'https://shop.example.com/back?a&b' }, 'returnUrl'],
      [{ channelRef: 'ref&amount=1' }, 'channelRef'],
    ];
    for (const [fields, field] of cases) {
      const result = await refused(signedWithout(fields));
      expect(result.code, JSON.stringify(fields)).toBe(4000);
      expect(result.msg).toBe(`Invalid parameter: ${field} must not contain & or = (the signature joins fields with them)`);
    }
    expect((await create(server, signed({ subject: 'a and b', notifyUrl: 'https://shop.example.com/n/1' }))).code).toBe(200);
  });

  it('refuses them on the test-order screens, which sign for the merchant', async () => {
    const merchant = await server.login('merchant');
    const admin = await server.login('admin');
    const before = await orderCount(db());
    const body = { productId: 1034, amount: 15_000, notifyUrl: 'https://shop.example.com/notify', subject: 'a=b' };
    expect(await server.call('POST', orderApi.testOrder, { token: merchant, body })).toMatchObject({ code: 4000, msg: expect.stringContaining('subject') });
    expect(await server.call('POST', orderApi.adminTestOrder, { token: admin, body: { ...body, mchId: '20001' } })).toMatchObject({ code: 4000, msg: expect.stringContaining('subject') });
    expect(await orderCount(db())).toBe(before);
  });

  it('refuses a batch file whose row holds one, naming the row and the field; nothing is stored', async () => {
    const header = 'mchOrderNo,productId,amount,notifyUrl,userName';
    const good = `${orderNo('SB')},1034,10000,https://shop.example.com/notify,Payer`;
    const before = await orderCount(db());
    for (const [row, field] of [
      [`${orderNo('SB')},1034,10000,https://shop.example.com/notify,A&amount=1`, 'userName'],
      [`${orderNo('SB')},1034,10000,https://shop.example.com/n?x=1,Payer`, 'notifyUrl'],
    ]) {
      const result = await uploadBatch([header, good, row].join('\n'));
      expect(result.code).toBe(4111);
      expect(result.msg).toMatch(new RegExp(`^Row 3 is not standard: .*${field} must not contain & or =`));
    }
    expect(await orderCount(db())).toBe(before);
  });
});

describe('UTRs, which callbacks send signed', () => {
  it('refuses one holding & or = in a supplement and in a bank record, storing nothing', async () => {
    const admin = await server.login('admin');
    // With the second-level token a supplement needs, so the refusal is the UTR's.
    const token2 = await server.login2(admin);
    const order = await insertOrder(db());
    const result = await server.call('POST', orderApi.supplement, { token: admin, token2, body: { orderCode: order.orderCode, utr: 'UTR1&amount=1' } });
    expect(result).toMatchObject({ code: 4000, msg: expect.stringContaining('utr') });
    expect(await orderByCode(db(), order.orderCode)).toEqual(order);

    const records = (await db().select().from(bankStatements)).length;
    const sms = { content: 'Credited INR 100', direction: 'credit', amount: 100_00, utr: 'UTR=998', time: '2026-01-01 10:00:00' };
    const ingested = await server.call('POST', bankStatementApi.ingest.sms, { body: sms, headers: { 'x-ingest-token': DEMO_DEVICE_TOKEN } });
    expect(ingested).toMatchObject({ code: 4000, msg: expect.stringContaining('utr') });
    expect((await db().select().from(bankStatements)).length).toBe(records);
  });

  it('never sends a callback whose values hold one: the attempt fails, unsent, and is not retried', async () => {
    const created = await insertOrder(db(), { state: 'pendingConfirmation', notifyUrl: receiver.url('/ok'), utr: 'OLD1&status=success', payAmount: 10_003 });
    const paid = await db().transaction(async (tx) => transition(tx as unknown as Db, created, { action: 'confirm', to: 'submitted', actor: { userId: null } }));
    const task = await waitFor(async () => {
      const t = await taskOf(db(), paid.id);
      return t?.state === 'failed' && t;
    }, 8000, 'the callback to fail');
    expect(task.attempts).toBe(1);
    const [attempt] = await attemptsOf(db(), paid.id);
    expect(attempt).toMatchObject({ success: false, responseStatus: null, responseBody: expect.stringContaining('utr holds & or =') });
    expect(receiver.of(paid.orderCode)).toEqual([]);
  });
});

/** The demo merchant's payload signed over `fields` as they are (the guard is the server's, not the sign's). */
function signedWithout(fields: Record<string, unknown>): Record<string, unknown> {
  const payload = { mchId: '20001', productId: 1034, mchOrderNo: orderNo('SF'), amount: 10_000, notifyUrl: 'https://shop.example.com/notify', subject: 'Test', ...fields };
  return { ...payload, sign: merchantSign(payload, DEMO_KEY) };
}

/** Posts a batch file of collection orders for the demo merchant. */
async function uploadBatch(content: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ mchId: '20001', key: DEMO_KEY, orderType: '1' })) form.append(k, v);
  form.append('file', new Blob([content], { type: 'text/csv' }), 'orders.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: `/v1.0${orderApi.createBatch}`,
    headers: { 'content-type': request.headers.get('content-type')!, lang: 'en-US' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return response.json() as Promise<{ code: number; msg: string }>;
}
