/**
 * A corrupt or half-written upload is refused whole, on every multipart route (the order batch
 * file and the bank result file of a payout batch): a body cut off in the middle, a CSV cut in a
 * cell, a file that is not text (a spreadsheet or an image renamed .csv, text with NUL bytes) and
 * a malformed row between good ones each get a clear code and message, and the whole-database
 * fingerprint proves nothing was written — not even the good rows before the bad one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TEMPLATES } from '../../resources/payout-batches/templates.js';
import { runBatchExports } from '../../server/payout-batches/export-job.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { dbFingerprint } from './db-fingerprint.js';
import { DEMO_KEY, orderNo } from './order-create-fixture.js';
import { fundMerchant, placePayouts } from './payout-batch-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;

interface Upload {
  fields: Record<string, string | number>;
  file?: { name: string; type?: string; content: string | Uint8Array };
  /** Bytes of the encoded body left out at its end: a half-sent upload. */
  cut?: number;
}

/** A real multipart body, as a browser sends it, optionally cut short. */
async function body({ fields, file, cut = 0 }: Upload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file) form.append('file', new Blob([file.content as BlobPart], { type: file.type ?? 'text/csv' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const bytes = Buffer.from(await request.arrayBuffer());
  return { contentType: request.headers.get('content-type')!, payload: bytes.subarray(0, bytes.length - cut) };
}

/** Sends the upload and checks that the database did not change. */
async function refused(url: string, headers: Record<string, string>, upload: Upload): Promise<{ code: number; msg: string }> {
  const before = await dbFingerprint(db());
  const { contentType, payload } = await body(upload);
  const response = await server.app.inject({ method: 'POST', url, headers: { ...headers, lang: 'en-US', 'content-type': contentType }, payload });
  const answer = response.json();
  expect(response.statusCode).toBeLessThan(500);
  expect(answer.code).not.toBe(200);
  expect(answer.msg).toEqual(expect.any(String));
  expect(await dbFingerprint(db())).toBe(before);
  return answer;
}

/** Bytes of an .xlsx file (a zip archive) as a spreadsheet program writes its start. */
const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, ...Buffer.from('[Content_Types].xml'), 0x00, 0x00]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  await fundMerchant(db());
});

describe('the order batch file (POST /api/order/createBatch)', () => {
  const url = '/v1.0/api/order/createBatch';
  const fields = { mchId: '20001', key: DEMO_KEY, orderType: '1' };
  const HEADER = 'mchOrderNo,productId,amount,notifyUrl,userName';
  const line = (no = orderNo('U'), amount = '10000') => `${no},1034,${amount},https://shop.example.com/notify,Payer ${no}`;
  const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';
  const send = (file: Upload['file'], cut?: number) => refused(url, {}, { fields, file, cut });

  it('refuses a body cut off in the middle of the file', async () => {
    const answer = await send({ name: 'orders.csv', content: csv(line(), line(), line()) }, 60);
    expect(answer).toMatchObject({ code: 4000, msg: expect.stringMatching(/body/i) });
  });

  it('refuses a file cut off inside a cell or a row', async () => {
    expect(await send({ name: 'orders.csv', content: `${csv(line())}"${orderNo('U')},1034,100` })).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 3/i) });
    expect(await send({ name: 'orders.csv', content: `${csv(line(), line())}${orderNo('U')},1034,100` })).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 4/i) });
  });

  it('refuses a file that is not CSV text, whatever its name says', async () => {
    for (const file of [
      { name: 'orders.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: XLSX },
      { name: 'orders.csv', content: XLSX },
      { name: 'orders.csv', content: PNG },
      { name: 'orders.csv', content: csv(line()).replace('Payer', 'Pay\u0000er') },
    ]) {
      expect(await send(file)).toMatchObject({ code: 4110, msg: 'Only CSV files can be uploaded' });
    }
  });

  it('refuses a file over its 512 KB cap', async () => {
    const big = csv(line()) + `${'x'.repeat(1000)}\r\n`.repeat(530);
    expect(await send({ name: 'orders.csv', content: big })).toMatchObject({ code: 4000, msg: 'Invalid parameter: file is too large' });
  });

  it('refuses the whole file for a malformed row between good ones, and for a row creation refuses', async () => {
    const bad = await send({ name: 'orders.csv', content: csv(line(), line(), line(orderNo('U'), 'ten'), line(), line()) });
    expect(bad).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 4.*amount/i) });
    // Every row is well-formed, but the fourth repeats the second's number: found in the transaction, after three orders were placed.
    const repeated = orderNo('U');
    const dup = await send({ name: 'orders.csv', content: csv(line(), line(repeated), line(), line(repeated), line()) });
    expect(dup).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 5/i) });
  });
});

describe('the bank result file of a payout batch (POST /payoutBatch/upload)', () => {
  const url = '/v1.0/payoutBatch/upload';
  const ICICI = BATCH_TEMPLATES.find((t) => t.id === 'iciciBulk')!;
  let headers: Record<string, string>;
  let batchId: number;
  let codes: string[];
  const header = () => ICICI.result!.header.join(',');
  const line = (code: string, status = 'SUCCESS') => `${code},123,100.00,${status},UTR${code.slice(-6)},`;
  const send = (file: Upload['file'], cut?: number) => refused(url, headers, { fields: { id: batchId }, file, cut });

  beforeAll(async () => {
    const token = await server.login('admin');
    headers = { token, token2: await server.login2(token) };
    await placePayouts(db(), 5);
    const created = await server.call('POST', '/payoutBatch/create', { ...headers, body: { templateId: ICICI.id, maxCount: 5 } });
    expect(created.code, created.msg).toBe(200);
    batchId = created.data.id;
    expect((await server.call('POST', '/payoutBatch/export', { ...headers, body: { id: batchId } })).code).toBe(200);
    expect(await runBatchExports(db())).toBe(1);
    // The pool also holds the demo data's payouts: the batch's own are the ones its detail lists.
    const detail = await server.call('GET', '/payoutBatch/getDetail', { ...headers, query: { id: batchId } });
    codes = detail.data.orders.map((o: { orderCode: string }) => o.orderCode);
    expect(codes).toHaveLength(5);
  });

  it('refuses a body cut off in the middle of the file', async () => {
    const answer = await send({ name: 'result.csv', content: [header(), ...codes.map((c) => line(c))].join('\r\n') }, 40);
    expect(answer).toMatchObject({ code: 4127 });
  });

  it('refuses a file cut off inside a cell or a row', async () => {
    expect(await send({ name: 'result.csv', content: `${header()}\r\n${line(codes[0])}\r\n"${codes[1]},123` })).toMatchObject({ code: 4127 });
    expect(await send({ name: 'result.csv', content: `${header()}\r\n${line(codes[0])}\r\n${codes[1]},123,100.00` })).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 3/i) });
  });

  it('refuses a file that is not CSV text, whatever its name says', async () => {
    for (const file of [
      { name: 'result.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: XLSX },
      { name: 'result.csv', content: XLSX },
      { name: 'result.csv', content: PNG },
      { name: 'result.csv', content: [header(), line(codes[0]).replace('UTR', 'UT\u0000R')].join('\r\n') },
    ]) {
      expect(await send(file)).toMatchObject({ code: 4110, msg: 'Only CSV files can be uploaded' });
    }
  });

  it('refuses a file over its 1 MB cap', async () => {
    const big = [header(), line(codes[0]), ...Array(1100).fill('x'.repeat(1000))].join('\r\n');
    expect(await send({ name: 'result.csv', content: big })).toMatchObject({ code: 4127, msg: 'Format parsing failed, check the file format' });
  });

  it('refuses the whole file for a malformed row between good ones: the rows before it are not settled', async () => {
    const malformed = await send({ name: 'result.csv', content: [header(), line(codes[0]), line(codes[1]), line(codes[2], 'MAYBE'), line(codes[3]), line(codes[4])].join('\r\n') });
    expect(malformed).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 4/i) });
    // Well-formed, but the fourth row names no payout of the batch: found while settling, after three were settled.
    const foreign = await send({ name: 'result.csv', content: [header(), line(codes[0]), line(codes[1]), line(codes[2]), line('P-NOT-OURS'), line(codes[4])].join('\r\n') });
    expect(foreign).toMatchObject({ code: 4111, msg: expect.stringMatching(/row 5/i) });
  });
});
