/**
 * Payout batches end to end on the API: a 500-order batch built, exported by the job, downloaded,
 * confirmed once (whatever is repeated, with or without the same Idempotency-Key), the exception
 * with ticked orders, the limits, the bank result upload and its refusals, and suppliers kept to
 * their own batches. Every batch ends with the ledger of each payout summing to zero.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TEMPLATES } from '../../resources/payout-batches/templates.js';
import { orders, payoutBatches } from '../../server/db/schema/index.js';
import { balanceOf, entriesOf } from '../../server/ledger/ledger.js';
import { payoutTransition } from '../../server/payouts/state-machine.js';
import { runBatchExports } from '../../server/payout-batches/export-job.js';
import { setSetting } from '../../server/settings/store.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { payoutFeeFor } from './payout-fixture.js';
import { emptyPayoutPool, fundMerchant, inTx, multipart, ordersByIds, placePayouts, postedFor, unbalancedOrders, userIdOf } from './payout-batch-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;
const ICICI = BATCH_TEMPLATES.find((t) => t.id === 'iciciBulk')!;

type Session = { token: string; token2: string };
const sessions: Record<string, Session> = {};
async function as(account: string): Promise<Session> {
  if (!sessions[account]) {
    const token = await server.login(account);
    sessions[account] = { token, token2: await server.login2(token) };
  }
  return sessions[account];
}

const call = async (account: string, url: string, body: unknown, key?: string) => server.call('POST', url, { ...(await as(account)), body, headers: key ? { 'idempotency-key': key } : {} });
const detail = async (account: string, id: number) => server.call('GET', '/payoutBatch/getDetail', { ...(await as(account)), query: { id } });

async function download(account: string, id: number) {
  const response = await server.app.inject({ method: 'GET', url: `/v1.0/payoutBatch/download?id=${id}`, headers: { ...(await as(account)), lang: 'en-US' } });
  return response;
}

async function upload(account: string, id: number, file?: { name: string; type?: string; content: string }) {
  const body = multipart({ id }, file && { type: 'text/csv', ...file });
  const response = await server.app.inject({ method: 'POST', url: '/v1.0/payoutBatch/upload', headers: { ...(await as(account)), lang: 'en-US', 'content-type': body.contentType }, payload: body.payload });
  return response.json();
}

/** A batch of the pool built, exported by the job and checked exported. */
async function exportedBatch(maxCount: number, templateId = 'iciciBulk', account = 'admin') {
  const created = await call(account, '/payoutBatch/create', { templateId, maxCount });
  expect(created.code, created.msg).toBe(200);
  const started = await call(account, '/payoutBatch/export', { id: created.data.id });
  expect(started.code, started.msg).toBe(200);
  expect(started.data.state).toBe(2);
  expect(await runBatchExports(db())).toBe(1);
  const after = await detail(account, created.data.id);
  expect(after.data).toMatchObject({ state: 3, exportProgress: 100 });
  return after.data;
}

let merchantId: number;

beforeAll(async () => {
  merchantId = await fundMerchant(db());
  // The demo data leaves payouts in the pool and claimed by the demo supplier: reject those not in
  // a batch, so each test knows what a new batch takes.
  await emptyPayoutPool(db());
});

describe('payout batches', () => {
  it('builds, exports, downloads and confirms 500 payouts exactly once', async () => {
    const placed = await placePayouts(db(), 500);
    const codes = placed.map((o) => o.orderCode);
    const merchantBefore = await balanceOf(db(), merchantId);

    const batch = await exportedBatch(500);
    expect(batch.orderCount).toBe(500);
    expect(batch.totalAmount).toBe(placed.reduce((s, o) => s + o.amount + payoutFeeFor(o.amount), 0));
    expect(batch.orders.every((o: { payoutStatus: number }) => o.payoutStatus === 3)).toBe(true);

    const file = await download('admin', batch.id);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toContain(batch.fileName);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe(ICICI.columns.map((c) => c.header).join(','));
    expect(lines).toHaveLength(501);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(codes));
    expect(lines[1]).toMatch(/,100\.\d\d,\d\d\/\d\d\/\d{4},NEFT$/);

    const confirmed = await call('admin', '/payoutBatch/confirm', { id: batch.id }, 'confirm-500-a');
    expect(confirmed.code, confirmed.msg).toBe(200);
    expect(confirmed.data).toMatchObject({ state: 4, completed: 500 });
    const after = await ordersByIds(db(), placed.map((o) => o.id));
    expect(after.every((o) => o.payoutStatus === 4 && o.completedAt)).toBe(true);
    expect(await unbalancedOrders(db(), codes)).toEqual([]);
    // The merchant paid amount + fee at creation; the platform's clearing paid the payees.
    expect(await balanceOf(db(), merchantId)).toBe(merchantBefore);
    expect(await postedFor(db(), codes, { account: 'payoutClearing' })).toBe(BigInt(placed.reduce((s, o) => s + o.amount, 0)));
    expect(await postedFor(db(), codes, { account: 'payoutReserve' })).toBe(0n);
    const rows = await entriesOf(db(), merchantId, 100_000);
    expect(await balanceOf(db(), merchantId)).toBe(rows.reduce((s, r) => s + r.amount, 0n));

    // The same decision again, then another one: nothing is paid twice.
    const clearing = await postedFor(db(), codes, { account: 'payoutClearing' });
    const again = await call('admin', '/payoutBatch/confirm', { id: batch.id }, 'confirm-500-a');
    expect([200, 4128]).toContain(again.code);
    const other = await call('admin', '/payoutBatch/confirm', { id: batch.id }, 'confirm-500-b');
    expect(other.code).toBe(4128);
    expect(other.msg).toMatch(/Confirmed/);
    expect(await postedFor(db(), codes, { account: 'payoutClearing' })).toBe(clearing);
    expect(await balanceOf(db(), merchantId)).toBe(merchantBefore);
  }, 180_000);

  it('marks a batch exceptional: 3 ticked payouts rejected and refunded, the rest back in the pool for another batch', async () => {
    const placed = await placePayouts(db(), 10);
    const merchantBefore = await balanceOf(db(), merchantId);
    const batch = await exportedBatch(10);
    const ticked = placed.slice(0, 3);
    const answer = await call('admin', '/payoutBatch/exception', { id: batch.id, orderIds: ticked.map((o) => o.id) }, 'exception-1');
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ state: 5, rejected: 3, returned: 7, exceptionAmount: ticked.reduce((s, o) => s + o.amount, 0) });
    const after = await ordersByIds(db(), placed.map((o) => o.id));
    const rejected = after.filter((o) => ticked.some((t) => t.id === o.id));
    expect(rejected.every((o) => o.payoutStatus === 5)).toBe(true);
    // The reason is a code every screen names in its language (and the payout keeps its batch), never words in one language.
    expect(rejected.map((o) => [o.rejectReason, o.batchId])).toEqual(ticked.map(() => ['batchException', batch.id]));
    expect(after.filter((o) => !ticked.some((t) => t.id === o.id)).every((o) => o.payoutStatus === 1 && o.batchId === null && o.supplierId === null)).toBe(true);
    // The 3 rejected payouts gave the merchant back amount and fee.
    expect(await balanceOf(db(), merchantId)).toBe(merchantBefore + BigInt(ticked.reduce((s, o) => s + o.amount + payoutFeeFor(o.amount), 0)));
    expect(await postedFor(db(), ticked.map((o) => o.orderCode), { userId: merchantId })).toBe(0n);
    expect(await unbalancedOrders(db(), placed.map((o) => o.orderCode))).toEqual([]);

    // The 7 returned ones make the next batch, which confirms.
    const next = await exportedBatch(500);
    expect(next.orderCount).toBe(7);
    expect((await call('admin', '/payoutBatch/confirm', { id: next.id })).code).toBe(200);
    expect((await ordersByIds(db(), placed.slice(3).map((o) => o.id))).every((o) => o.payoutStatus === 4)).toBe(true);
    expect((await call('admin', '/payoutBatch/exception', { id: next.id, orderIds: [] })).code).toBe(4128);
  });

  it('refuses a bad count or amount with 4123, an unknown template with 4124, and an empty pool clearly', async () => {
    await placePayouts(db(), 2);
    for (const body of [{ maxCount: 501 }, { maxCount: 0 }, { maxCount: 1.5 }, { maxCount: 10, amountLimit: -1 }, { maxCount: '10' }]) {
      const answer = await call('admin', '/payoutBatch/create', { templateId: 'iciciBulk', ...body });
      expect(answer.code, JSON.stringify(body)).toBe(4123);
      expect(answer.msg).toMatch(/maximum count or amount/);
    }
    expect((await call('admin', '/payoutBatch/create', { templateId: 'nope', maxCount: 10 })).code).toBe(4124);
    // No USDT payout waits; the bank payouts are above a 1.00 limit.
    expect((await call('admin', '/payoutBatch/create', { templateId: 'usdtTrc20', maxCount: 10 })).code).toBe(4009);
    expect((await call('admin', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 10, amountLimit: 100 })).code).toBe(4009);
    expect(await db().select().from(payoutBatches).where(eq(payoutBatches.maxCount, 501))).toEqual([]);
    // ShowBatchButton off: no batch can be built.
    await setSetting(db(), 'ShowBatchButton', false);
    expect((await call('admin', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 10 })).code).toBe(4003);
    await setSetting(db(), 'ShowBatchButton', true);
    const batch = await call('admin', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 10 });
    expect(batch.data.orderCount).toBe(2);
    await call('admin', '/payoutBatch/exception', { id: batch.data.id, orderIds: (await detail('admin', batch.data.id)).data.orders.map((o: { id: number }) => o.id) });
  });

  it('settles a bank result file all or nothing, refusing files that are not the template’s', async () => {
    const placed = await placePayouts(db(), 4);
    const batch = await exportedBatch(4);
    const header = ICICI.result!.header.join(',');
    const line = (code: string, status: string) => `${code},123,100.00,${status},UTR${code.slice(-6)},`;
    const good = [header, line(placed[0].orderCode, 'SUCCESS'), line(placed[1].orderCode, 'SUCCESS'), line(placed[2].orderCode, 'success'), line(placed[3].orderCode, 'FAILED')].join('\r\n');

    expect((await upload('admin', batch.id, { name: 'result.xlsx', type: 'application/vnd.ms-excel', content: good })).code).toBe(4110);
    expect((await upload('admin', batch.id)).code).toBe(4110);
    expect((await upload('admin', batch.id, { name: 'result.csv', content: 'Order No,Tx Hash,Result\r\nX,Y,CONFIRMED' })).code).toBe(4126);
    expect((await upload('admin', batch.id, { name: 'result.csv', content: `${header}\r\n"unterminated,1` })).code).toBe(4127);
    const badRow = await upload('admin', batch.id, { name: 'result.csv', content: [header, line(placed[0].orderCode, 'SUCCESS'), line('P-NOT-OURS', 'SUCCESS')].join('\r\n') });
    expect(badRow.code).toBe(4111);
    expect(badRow.msg).toMatch(/row 3/i);
    expect((await upload('admin', batch.id, { name: 'result.csv', content: [header, line(placed[0].orderCode, 'MAYBE')].join('\r\n') })).code).toBe(4111);
    // Nothing of the refused files was applied.
    expect((await ordersByIds(db(), placed.map((o) => o.id))).every((o) => o.payoutStatus === 3)).toBe(true);

    const answer = await upload('admin', batch.id, { name: 'result.csv', content: good });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({ state: 4, completed: 3, refused: 1, left: 0 });
    const after = await ordersByIds(db(), placed.map((o) => o.id));
    expect(after.map((o) => o.payoutStatus)).toEqual([4, 4, 4, 5]);
    expect(await unbalancedOrders(db(), placed.map((o) => o.orderCode))).toEqual([]);

    // A template whose bank sends no result file.
    await placePayouts(db(), 1);
    const hdfc = await exportedBatch(1, 'hdfcNeft');
    expect((await upload('admin', hdfc.id, { name: 'result.csv', content: good })).code).toBe(4125);
    const file = await download('admin', hdfc.id);
    expect(file.body.split('\r\n')[0]).toBe('Transaction Type,Beneficiary Account Number,Instrument Amount (Paise),Beneficiary Name,IFSC Code,Bank Name,Customer Reference Number,Transaction Date');
    expect(file.body.split('\r\n')[1]).toMatch(/^N,\d+,\d+,Payee 0,ICIC0001234,ICICI Bank,P\d+,\d{8}$/);

    // With GatewayOrderRejectToPayoutPool on, a refused row returns to the pool.
    await setSetting(db(), 'GatewayOrderRejectToPayoutPool', true);
    await call('admin', '/payoutBatch/confirm', { id: hdfc.id });
    const [one] = await placePayouts(db(), 1);
    const again = await exportedBatch(1);
    const refused = await upload('admin', again.id, { name: 'result.csv', content: [header, line(one.orderCode, 'REJECTED')].join('\r\n') });
    expect(refused.data).toMatchObject({ state: 4, refused: 1 });
    const [back] = await ordersByIds(db(), [one.id]);
    expect(back).toMatchObject({ payoutStatus: 1, batchId: null });
    await setSetting(db(), 'GatewayOrderRejectToPayoutPool', false);
  });

  it('exports a batch once: a batch another worker is writing is left alone, one whose worker went quiet is resumed', async () => {
    await placePayouts(db(), 150);
    const created = await call('admin', '/payoutBatch/create', { templateId: 'hdfcNeft', maxCount: 150 });
    const placed: { id: number }[] = (await detail('admin', created.data.id)).data.orders;
    expect(placed).toHaveLength(150);
    expect((await call('admin', '/payoutBatch/export', { id: created.data.id })).code).toBe(200);
    // Another instance claimed it a moment ago: this one does nothing.
    await db().update(payoutBatches).set({ exportProgress: 40, updatedAt: new Date() }).where(eq(payoutBatches.id, created.data.id));
    expect(await runBatchExports(db())).toBe(0);
    // That instance stopped: after the lease the batch is taken over and finished, each payout exported once.
    await db().update(payoutBatches).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(payoutBatches.id, created.data.id));
    expect(await runBatchExports(db())).toBe(1);
    const after = await detail('admin', created.data.id);
    expect(after.data).toMatchObject({ state: 3, exportProgress: 100 });
    const file = await download('admin', created.data.id);
    expect(file.body.trim().split('\r\n')).toHaveLength(151);
    expect((await ordersByIds(db(), placed.map((o) => o.id))).every((o) => o.payoutStatus === 3)).toBe(true);
    expect((await call('admin', '/payoutBatch/export', { id: created.data.id })).code).toBe(4128);
    await call('admin', '/payoutBatch/exception', { id: created.data.id, orderIds: placed.map((o) => o.id) });
  });

  it('keeps suppliers to batches of their own claimed payouts', async () => {
    const supplier = await userIdOf(db(), 'supplier');
    const placed = await placePayouts(db(), 3);
    await inTx(db(), async (tx) => {
      for (const order of placed) await payoutTransition(tx, order, { action: 'claim', to: 'preparing', actor: { userId: supplier }, set: { supplierId: supplier } });
    });
    const created = await call('supplier', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 50 });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ supplierId: supplier, orderCount: 3 });

    const mine = await server.call('GET', '/payoutBatch/getList', { ...(await as('supplier')), query: { pageIndex: 1, pageSize: 50 } });
    expect(mine.data.list.map((b: { id: number }) => b.id)).toEqual([created.data.id]);
    const theirs = await server.call('GET', '/payoutBatch/getList', { ...(await as('supplier2')), query: { pageIndex: 1, pageSize: 50 } });
    expect(theirs.data.list).toEqual([]);
    expect((await detail('supplier2', created.data.id)).code).toBe(4004);
    expect((await call('supplier2', '/payoutBatch/export', { id: created.data.id })).code).toBe(4004);
    expect((await call('supplier2', '/payoutBatch/exception', { id: created.data.id, orderIds: [] })).code).toBe(4004);
    // The supplier cannot reach a platform batch either.
    const [platform] = await db().select().from(payoutBatches).where(eq(payoutBatches.templateId, 'hdfcNeft'));
    expect((await detail('supplier', platform.id)).code).toBe(4004);

    // Its exception returns the payouts to itself, not to the pool.
    expect((await call('supplier', '/payoutBatch/exception', { id: created.data.id, orderIds: [placed[0].id] })).code).toBe(200);
    const after = await db().select().from(orders).where(inArray(orders.id, placed.map((o) => o.id)));
    expect(after.filter((o) => o.id !== placed[0].id).every((o) => o.payoutStatus === 2 && o.supplierId === supplier && o.batchId === null)).toBe(true);
  });
});
