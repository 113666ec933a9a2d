/**
 * A supplier does not settle its own claims unreviewed. Confirming its own
 * payout batch, or uploading its result file, would credit the supplier each payout's amount plus
 * its fee: it waits as a to-do item and nothing moves until staff approve it, once. Confirming a
 * collection order of its own accounts costs it nothing while IsSupplierRemoveBalanceOnOrderFinished
 * is off: that waits too; with the switch on it confirms alone, paying for it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderApi } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import { payoutBatches, todoItems, userProducts, users } from '../../server/db/schema/index.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { payoutTransition } from '../../server/payouts/state-machine.js';
import { runBatchExports } from '../../server/payout-batches/export-job.js';
import { hashPassword } from '../../server/security/passwords.js';
import { codeAt } from '../../server/security/totp.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { insertOrder, orderByCode, orderNet, setSwitch } from './orders-fixture.js';
import { emptyPayoutPool, fundMerchant, inTx, multipart, ordersByIds, placePayouts, postedFor, unbalancedOrders, userIdOf } from './payout-batch-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;
const HELD = 'Submission successful, awaiting admin review';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

type Session = { token: string; token2: string };
const sessions: Record<string, Session> = {};
async function as(account: string): Promise<Session> {
  if (!sessions[account]) {
    const token = await server.login(account);
    sessions[account] = { token, token2: await server.login2(token) };
  }
  return sessions[account];
}
const post = async (account: string, url: string, body: unknown) => server.call('POST', url, { ...(await as(account)), body });
const approve = (account: string, id: number, extra: object = {}) => post(account, '/todoItems/approve', { id, ...extra });
const reject = (id: number) => post('admin', '/todoItems/reject', { id, reason: 'no bank proof' });
const itemOf = async (id: number) => (await db().select().from(todoItems).where(eq(todoItems.id, id)))[0];
const batchOf = async (id: number) => (await db().select().from(payoutBatches).where(eq(payoutBatches.id, id)))[0];

let supplier: number;

/** Payouts of `amounts` claimed by the demo supplier, batched by it and exported: with its bank, awaiting the confirmation. */
async function supplierBatch(amounts: number[]) {
  const placed = await placePayouts(db(), amounts.length, (i) => amounts[i]);
  await inTx(db(), async (tx) => {
    for (const order of placed) await payoutTransition(tx, order, { action: 'claim', to: 'preparing', actor: { userId: supplier }, set: { supplierId: supplier } });
  });
  const created = await post('supplier', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 50 });
  expect(created.code, created.msg).toBe(200);
  expect(created.data.orderCount).toBe(amounts.length);
  expect((await post('supplier', '/payoutBatch/export', { id: created.data.id })).code).toBe(200);
  expect(await runBatchExports(db())).toBe(1);
  expect((await batchOf(created.data.id)).state).toBe(3);
  return { id: created.data.id as number, placed, codes: placed.map((o) => o.orderCode) };
}

/** What the supplier was credited on these payouts. */
const credited = (codes: string[]) => postedFor(db(), codes, { userId: supplier });
/** Amount plus the supplier's 0.4 % fee on each (amounts chosen so no rounding is involved). */
const owed = (amounts: number[]) => BigInt(amounts.reduce((sum, a) => sum + a + (a * 4) / 1000, 0));

beforeAll(async () => {
  await fundMerchant(db());
  supplier = await userIdOf(db(), 'supplier');
  // The demo data leaves payouts claimed by the demo supplier: rejected, so each batch takes only the test's.
  await emptyPayoutPool(db());
  await db()
    .insert(userProducts)
    .values({ userId: supplier, productId: 3017, side: 'supplier', rate: '0.004' })
    .onConflictDoUpdate({ target: [userProducts.userId, userProducts.productId], set: { rate: '0.004', fixedFee: 0, singleFee: 0 } });
});

describe('a supplier confirming its own payout batch', () => {
  it('credits nothing until staff approve, then exactly once', async () => {
    const amounts = [100_000, 200_000, 300_000];
    const batch = await supplierBatch(amounts);
    const held = await post('supplier', '/payoutBatch/confirm', { id: batch.id });
    expect(held).toMatchObject({ code: 200, msg: HELD, data: { pendingReview: true } });
    const itemId = held.data.todoItemId as number;
    expect(await itemOf(itemId)).toMatchObject({ kind: 'batchConfirm', state: 'pending', submitterId: supplier });
    expect(await credited(batch.codes)).toBe(0n);
    expect((await ordersByIds(db(), batch.placed.map((o) => o.id))).every((o) => o.payoutStatus === 3)).toBe(true);
    expect((await batchOf(batch.id)).state).toBe(3);

    // Asking again while it waits is refused, naming the waiting item; a result file too.
    expect(await post('supplier', '/payoutBatch/confirm', { id: batch.id })).toMatchObject({ code: 4263, msg: `Already submitted and awaiting admin review (to-do item #${itemId})` });
    // The supplier decides nothing; the reviewer needs the second-level password the confirmation needs.
    expect((await approve('supplier', itemId)).code).toBe(4003);
    const token = (await as('admin')).token;
    expect((await server.call('POST', '/todoItems/approve', { token, body: { id: itemId } })).code).toBe(1024);
    expect(await itemOf(itemId)).toMatchObject({ state: 'pending', failure: null });
    expect(await credited(batch.codes)).toBe(0n);

    const approved = await approve('admin', itemId);
    expect(approved.code, approved.msg).toBe(200);
    expect(approved.data).toMatchObject({ state: 'approved', targetId: batch.id });
    expect(await credited(batch.codes)).toBe(owed(amounts));
    expect((await ordersByIds(db(), batch.placed.map((o) => o.id))).every((o) => o.payoutStatus === 4)).toBe(true);
    expect((await batchOf(batch.id)).state).toBe(4);
    expect(await unbalancedOrders(db(), batch.codes)).toEqual([]);

    // A second approval, or a confirmation now, pays nothing more.
    expect((await approve('admin', itemId)).code).toBe(4260);
    expect((await post('supplier', '/payoutBatch/confirm', { id: batch.id })).code).toBe(4128);
    expect(await credited(batch.codes)).toBe(owed(amounts));
  });

  it('credits nothing when staff reject it; the batch stays with the bank for staff to settle', async () => {
    const batch = await supplierBatch([50_000, 75_000]);
    const held = await post('supplier', '/payoutBatch/confirm', { id: batch.id });
    expect(held.msg).toBe(HELD);
    const rejected = await reject(held.data.todoItemId);
    expect(rejected.code, rejected.msg).toBe(200);
    expect(await itemOf(held.data.todoItemId)).toMatchObject({ state: 'rejected', reason: 'no bank proof' });
    expect((await approve('admin', held.data.todoItemId)).code).toBe(4260);
    expect(await credited(batch.codes)).toBe(0n);
    expect((await ordersByIds(db(), batch.placed.map((o) => o.id))).every((o) => o.payoutStatus === 3)).toBe(true);
    expect((await batchOf(batch.id)).state).toBe(3);
    // Staff end it: marked exceptional, every payout goes back to its merchant's balance.
    expect((await post('admin', '/payoutBatch/exception', { id: batch.id, orderIds: batch.placed.map((o) => o.id) })).code).toBe(200);
    expect(await unbalancedOrders(db(), batch.codes)).toEqual([]);
  });

  it('holds its bank result file the same way, settled as sent once approved', async () => {
    const amounts = [40_000, 60_000];
    const batch = await supplierBatch(amounts);
    const content = ['Debit Ref,Beneficiary Account No,Amount (INR),Status,UTR,Remarks', ...batch.codes.map((c) => `${c},1,1,SUCCESS,UTR${c},ok`)].join('\n');
    const body = multipart({ id: batch.id }, { name: 'result.csv', type: 'text/csv', content });
    const upload = async () =>
      (await server.app.inject({ method: 'POST', url: '/v1.0/payoutBatch/upload', headers: { ...(await as('supplier')), lang: 'en-US', 'content-type': body.contentType }, payload: body.payload })).json();
    const held = await upload();
    expect(held).toMatchObject({ code: 200, msg: HELD, data: { pendingReview: true } });
    const item = await itemOf(held.data.todoItemId);
    expect(item).toMatchObject({ kind: 'batchUpload', state: 'pending' });
    expect(item.details).toMatchObject({ paid: 2, refused: 0, paidAmount: '1000.00', fileName: 'result.csv' });
    expect(await credited(batch.codes)).toBe(0n);
    expect((await post('supplier', '/payoutBatch/confirm', { id: batch.id })).code).toBe(4263);
    expect((await upload()).code).toBe(4263);

    const approved = await approve('admin', held.data.todoItemId);
    expect(approved.code, approved.msg).toBe(200);
    expect(await credited(batch.codes)).toBe(owed(amounts));
    expect((await batchOf(batch.id)).state).toBe(4);
    expect(await unbalancedOrders(db(), batch.codes)).toEqual([]);
  });

  it('refuses, not holds, a file naming payouts that are not its batch’s', async () => {
    const batch = await supplierBatch([30_000]);
    const body = multipart({ id: batch.id }, { name: 'result.csv', type: 'text/csv', content: 'Debit Ref,Beneficiary Account No,Amount (INR),Status,UTR,Remarks\nNOSUCHCODE,1,1,SUCCESS,U1,ok' });
    const response = await server.app.inject({ method: 'POST', url: '/v1.0/payoutBatch/upload', headers: { ...(await as('supplier')), lang: 'en-US', 'content-type': body.contentType }, payload: body.payload });
    expect(response.json().code).toBe(4111);
    expect(await db().select().from(todoItems).where(eq(todoItems.subject, (await batchOf(batch.id)).batchNo))).toEqual([]);
    expect((await post('admin', '/payoutBatch/exception', { id: batch.id, orderIds: batch.placed.map((o) => o.id) })).code).toBe(200);
  });

  it('asks the reviewer the Google code while GoogleVerifyBatchOperations is on', async () => {
    await db().insert(users).values({ account: 'batchReviewer', nickname: 'batchReviewer', role: 'admin', passwordHash: await hashPassword(DEMO_PASSWORD), googleSecret: SECRET, googleConfirmed: true });
    const batch = await supplierBatch([20_000]);
    const held = await post('supplier', '/payoutBatch/confirm', { id: batch.id });
    expect(held.msg).toBe(HELD);
    await setSwitch(server, 'GoogleVerifyBatchOperations', true);
    try {
      expect((await approve('batchReviewer', held.data.todoItemId)).code).toBe(4010);
      expect(await itemOf(held.data.todoItemId)).toMatchObject({ state: 'pending' });
      expect(await credited(batch.codes)).toBe(0n);
      expect((await approve('batchReviewer', held.data.todoItemId, { googleCode: codeAt(SECRET) })).code).toBe(200);
    } finally {
      await setSwitch(server, 'GoogleVerifyBatchOperations', false);
    }
    expect(await credited(batch.codes)).toBe(owed([20_000]));
  });

  it('never holds staff confirming a batch', async () => {
    await placePayouts(db(), 2);
    const created = await post('admin', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 2 });
    expect((await post('admin', '/payoutBatch/export', { id: created.data.id })).code).toBe(200);
    await runBatchExports(db());
    const confirmed = await post('admin', '/payoutBatch/confirm', { id: created.data.id });
    expect(confirmed).toMatchObject({ code: 200, msg: 'success', data: { state: 4, completed: 2 } });
  });
});

describe('a supplier confirming a collection order of its own accounts', () => {
  it('waits for staff while IsSupplierRemoveBalanceOnOrderFinished is off: nothing posted, then once on approval', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation', utr: 'UTR-HELD-1' });
    const held = await post('supplier', orderApi.confirm, { orderCode: order.orderCode });
    expect(held).toMatchObject({ code: 200, msg: HELD, data: { pendingReview: true } });
    expect(await itemOf(held.data.todoItemId)).toMatchObject({ kind: 'orderConfirm', subject: order.orderCode, details: { utr: 'UTR-HELD-1', amount: '100.00' } });
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('pendingConfirmation'));
    expect(await orderNet(db(), order.orderCode)).toEqual({});
    expect((await post('supplier', orderApi.confirm, { orderCode: order.orderCode })).code).toBe(4263);

    const approved = await approve('admin', held.data.todoItemId);
    expect(approved.code, approved.msg).toBe(200);
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('submitted'));
    // Exactly what an admin's own confirmation of a twin order posts.
    const twin = await insertOrder(db(), { state: 'pendingConfirmation' });
    expect((await post('admin', orderApi.confirm, { orderCode: twin.orderCode })).code).toBe(200);
    const net = await orderNet(db(), order.orderCode);
    expect(Object.keys(net).length).toBeGreaterThan(0);
    expect(net).toEqual(await orderNet(db(), twin.orderCode));
    expect((await approve('admin', held.data.todoItemId)).code).toBe(4260);
    expect(await orderNet(db(), order.orderCode)).toEqual(net);
  });

  it('posts nothing when staff reject it', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    const held = await post('supplier', orderApi.confirm, { orderCode: order.orderCode });
    expect(held.msg).toBe(HELD);
    expect((await reject(held.data.todoItemId)).code).toBe(200);
    expect((await approve('admin', held.data.todoItemId)).code).toBe(4260);
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('pendingConfirmation'));
    expect(await orderNet(db(), order.orderCode)).toEqual({});
  });

  it('is refused at once, not held, when the order cannot be confirmed', async () => {
    const order = await insertOrder(db(), { state: 'allocated' });
    expect((await post('supplier', orderApi.confirm, { orderCode: order.orderCode })).code).toBe(4113);
    expect(await db().select().from(todoItems).where(eq(todoItems.subject, order.orderCode))).toEqual([]);
  });

  it('confirms alone while the switch is on, the confirmation debiting what it received', async () => {
    await setSwitch(server, 'IsSupplierRemoveBalanceOnOrderFinished', true);
    try {
      const order = await insertOrder(db(), { state: 'pendingConfirmation' });
      const paid = await post('supplier', orderApi.confirm, { orderCode: order.orderCode });
      expect(paid).toMatchObject({ code: 200, msg: 'success', data: { status: statusId('submitted') } });
      expect((await orderNet(db(), order.orderCode))[`member:${supplier}`]).toBeLessThan(0);
    } finally {
      await setSwitch(server, 'IsSupplierRemoveBalanceOnOrderFinished', false);
    }
  });
});
