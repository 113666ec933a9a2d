/**
 * The bank result file of a payout batch, as an operator meets it: the preview reads the file and
 * says what it will do (paid, refused, amounts, rows it cannot read) without changing anything, the
 * upload then does exactly that, a refused row keeps the bank's remark (or the reason's code, never
 * an English sentence), and a paid row's UTR is kept, shown on the payout and sent in its callback.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TEMPLATES } from '../../resources/payout-batches/templates.js';
import { notificationOf } from '../../server/orders/callbacks/notification.js';
import { verifySign } from '../../server/orders/sign.js';
import { runBatchExports } from '../../server/payout-batches/export-job.js';
import { DEMO_MERCHANT_KEY } from './callback-fixture.js';
import { dbFingerprint } from './db-fingerprint.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { emptyPayoutPool, fundMerchant, multipart, ordersByIds, placePayouts } from './payout-batch-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;
const HEADER = BATCH_TEMPLATES.find((t) => t.id === 'iciciBulk')!.result!.header.join(',');

let session: { token: string; token2: string };
const call = (url: string, body: unknown) => server.call('POST', url, { ...session, body });

/** Posts the file as the batch page does; `secondLevel: false` sends the session's token alone. */
async function send(path: 'upload' | 'uploadPreview', id: number, content: string, { secondLevel = true, lang = 'en-US' } = {}) {
  const body = multipart({ id }, { name: 'result.csv', type: 'text/csv', content });
  const headers = { token: session.token, ...(secondLevel ? { token2: session.token2 } : {}), lang, 'content-type': body.contentType };
  return (await server.app.inject({ method: 'POST', url: `/v1.0/payoutBatch/${path}`, headers, payload: body.payload })).json();
}

/** `count` new payouts in a new ICICI batch, exported: with the bank. */
async function exportedBatch(count: number) {
  const placed = await placePayouts(db(), count, (i) => 20_000 + i * 100);
  const created = await call('/payoutBatch/create', { templateId: 'iciciBulk', maxCount: count });
  expect(created.code, created.msg).toBe(200);
  expect((await call('/payoutBatch/export', { id: created.data.id })).code).toBe(200);
  expect(await runBatchExports(db())).toBe(1);
  return { id: created.data.id as number, placed };
}

const line = (code: string, status: string, utr = '', remark = '') => [code, '123', '200.00', status, utr, remark].join(',');

beforeAll(async () => {
  await fundMerchant(db());
  // The demo data's open payouts would join the batches: reject them, so each batch holds only its own.
  await emptyPayoutPool(db());
  const token = await server.login('admin');
  session = { token, token2: await server.login2(token) };
});

describe('bank result file', () => {
  it('previews the file without changing anything, then applies exactly what the preview said', async () => {
    const { id, placed } = await exportedBatch(5);
    const [a, b, c, d] = placed;
    const file = [HEADER, line(a.orderCode, 'SUCCESS', 'UTR0001A'), line(b.orderCode, 'success', 'UTR0002B'), line(c.orderCode, 'FAILED', '', 'Account closed'), line(d.orderCode, 'REJECTED')].join('\r\n');
    const before = await dbFingerprint(db());

    // The preview needs no second-level password: it moves nothing.
    const preview = await send('uploadPreview', id, file, { secondLevel: false });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data).toEqual({
      rows: 4,
      paid: { count: 2, amount: a.amount + b.amount, usdtCount: 0 },
      refused: { count: 2, amount: c.amount + d.amount, usdtCount: 0 },
      left: 1,
      unreadable: [],
      applicable: true,
    });
    expect(await dbFingerprint(db())).toBe(before);
    expect((await ordersByIds(db(), [a.id, b.id, c.id, d.id])).every((o) => o.payoutStatus === 3 && o.utr === null && o.rejectReason === null)).toBe(true);

    // The upload itself still asks for the second-level password.
    expect((await send('upload', id, file, { secondLevel: false })).code).toBe(1024);
    const applied = await send('upload', id, file);
    expect(applied.code, applied.msg).toBe(200);
    expect(applied.data).toMatchObject({ completed: preview.data.paid.count, refused: preview.data.refused.count, left: preview.data.left, state: 3 });

    const after = new Map((await ordersByIds(db(), placed.map((o) => o.id))).map((o) => [o.id, o]));
    expect(after.get(a.id)).toMatchObject({ payoutStatus: 4, utr: 'UTR0001A' });
    expect(after.get(b.id)).toMatchObject({ payoutStatus: 4, utr: 'UTR0002B' });
    // The bank's remark is kept; without one the reason is a code the screens name, not an English sentence.
    expect(after.get(c.id)).toMatchObject({ payoutStatus: 5, rejectReason: 'Account closed', utr: null });
    expect(after.get(d.id)).toMatchObject({ payoutStatus: 5, rejectReason: 'bankRefused' });
    expect(after.get(placed[4].id)).toMatchObject({ payoutStatus: 3 });

    // The payout's detail shows the UTR and the reasons as stored.
    const detail = await server.call('GET', '/payProxyOrder/getDetail', { token: session.token, query: { id: a.id } });
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data.utr).toBe('UTR0001A');
    const refused = await server.call('GET', '/payProxyOrder/getDetail', { token: session.token, query: { id: c.id } });
    expect(refused.data.rejectReason).toBe('Account closed');

    // The merchant's callback carries the UTR, under a sign the merchant can check.
    const notification = await notificationOf(db(), a.id);
    expect(notification).toMatchObject({ orderCode: a.orderCode, status: 'success', payoutStatus: 'completed', utr: 'UTR0001A' });
    expect(verifySign(notification as unknown as Record<string, unknown>, DEMO_MERCHANT_KEY)).toBe(true);
  });

  it('names every row it cannot read in the preview, and the upload refuses that file whole', async () => {
    const { id, placed } = await exportedBatch(3);
    const [a, b, c] = placed;
    const file = [
      HEADER,
      line(a.orderCode, 'SUCCESS', 'UTR0003C'),
      line('P-NOT-OURS', 'SUCCESS', 'UTR0004D'),
      line(b.orderCode, 'SUCCESS', 'UTR&amount=1'),
      line(c.orderCode, 'MAYBE'),
      `${a.orderCode},123`,
      line(a.orderCode, 'FAILED'),
    ].join('\r\n');
    const before = await dbFingerprint(db());
    const preview = await send('uploadPreview', id, file, { lang: 'zh-CN' });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data).toMatchObject({ rows: 6, paid: { count: 1, amount: a.amount }, refused: { count: 0, amount: 0 }, applicable: false });
    expect(preview.data.unreadable).toEqual([
      { row: 3, column: 'Debit Ref', fault: 'notInBatch' },
      { row: 4, column: 'UTR', fault: 'utr' },
      { row: 5, column: 'Status', fault: 'status' },
      { row: 6, column: null, fault: 'cells' },
      { row: 7, column: 'Debit Ref', fault: 'duplicate' },
    ]);

    const refused = await send('upload', id, file);
    expect(refused.code).toBe(4111);
    expect(refused.msg).toMatch(/row 3 is not standard: Debit Ref/i);
    // A bank reference the sign cannot carry is never stored, so never sent.
    expect((await send('upload', id, [HEADER, line(b.orderCode, 'SUCCESS', 'UTR=1')].join('\r\n'))).msg).toMatch(/row 2 is not standard: UTR/i);
    expect(await dbFingerprint(db())).toBe(before);

    // A file the preview cannot read at all is refused as the upload refuses it.
    expect((await send('uploadPreview', id, 'Order No,Tx Hash,Result\r\nX,Y,CONFIRMED')).code).toBe(4126);
    expect((await send('uploadPreview', id, HEADER)).code).toBe(4127);
  });
});
