/**
 * A payment reference pays once (docs/reliability.md, "Abuse paths", item 2): a UTR,
 * or a USDT transaction hash, that another order holds (pending confirmation or paid) is refused on
 * the pay page, stops a confirmation and a supplement with a message naming that order, and pays
 * nothing when a bank record carries it again; an order that gives it up (rejected) frees it; each
 * channel (bank UTRs, USDT hashes) is its own. The database keeps the rule (its migration); the
 * last test checks its lists of statuses and channels against resources/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ORDER_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { REFERENCE_HOLDING_STATUSES, referenceChannel } from '../../resources/orders/payment-references.js';
import { CATALOGUE } from '../../resources/products/catalogue.js';
import { orderApi } from '../../resources/orders/api.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { paymentReferences, receivingAccounts } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN } from '../../server/ingest/seed.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, orderLedger, userIdOf } from './orders-fixture.js';
import { addIngestClient, deviceTime } from './ingest-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
let seed = 0;
/** A reference (and a pay amount) no other test uses. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seed}`;
const freshAmount = () => 913_00 + ++seed * 11;
const staff: { token: string; token2: string } = { token: '', token2: '' };

beforeAll(async () => {
  staff.token = await server.login('admin');
  staff.token2 = await server.login2(staff.token);
});

/** An operator's action as the admin screen sends it (the second-level token included). */
const act = (url: string, body: Record<string, unknown>) => server.call('POST', url, { ...staff, body });
const submit = (orderCode: string, utr: string) =>
  server.app.inject({
    method: 'POST',
    url: `/pay/order/${orderCode}/utr`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ utr }).toString(),
  });
const ingest = (path: string, body: unknown, token = DEMO_DEVICE_TOKEN) => server.call('POST', path, { body, headers: { 'x-ingest-token': token } });
const credit = async (path: string, amount: number, utr: string) => ingest(path, { content: `Credited ${amount} UTR ${utr}`, direction: 'credit', amount, utr, time: await deviceTime(db()) });

async function expectUnpaid(orderCode: string, status: 'allocated' | 'pendingConfirmation' = 'allocated') {
  expect((await orderByCode(db(), orderCode)).status).toBe(statusId(status));
  expect((await orderLedger(db(), orderCode)).rows).toEqual([]);
}

describe('the pay page', () => {
  it('refuses a UTR another order holds, whatever its case, and takes it once that order gave it up', async () => {
    const [a, b] = [await insertOrder(db()), await insertOrder(db())];
    const utr = fresh('PAY');
    expect((await submit(a.orderCode, utr)).statusCode).toBe(303);
    for (const again of [utr, utr.toLowerCase()]) {
      const refused = await submit(b.orderCode, again);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('This UTR was already submitted for another payment');
      // The page is public: the other order is not named.
      expect(refused.body).not.toContain(a.orderCode);
    }
    expect(await orderByCode(db(), b.orderCode)).toMatchObject({ status: statusId('allocated'), utr: null });

    // A is confirmed: paid once, and B never had the UTR to be confirmed with.
    expect((await act(orderApi.confirm, { orderCode: a.orderCode })).code).toBe(200);
    await expectUnpaid(b.orderCode);
    expect((await act(orderApi.reverse, { orderCode: a.orderCode })).code).toBe(200);
    // Reversed (rejected), A no longer holds it.
    expect((await submit(b.orderCode, utr)).statusCode).toBe(303);
  });

  it('frees the UTR of a submission an operator rejected', async () => {
    const [a, b] = [await insertOrder(db()), await insertOrder(db())];
    const utr = fresh('REJ');
    expect((await submit(a.orderCode, utr)).statusCode).toBe(303);
    expect((await act(orderApi.reject, { orderCode: a.orderCode, rejectReason: 'notReceived' })).code).toBe(200);
    expect((await submit(b.orderCode, utr)).statusCode).toBe(303);
  });
});

describe('operators', () => {
  it('cannot supplement a second order with a UTR that paid one, and are told which', async () => {
    const [a, b] = [await insertOrder(db()), await insertOrder(db())];
    const utr = fresh('SUP');
    expect((await act(orderApi.supplement, { orderCode: a.orderCode, utr })).code).toBe(200);
    const refused = await act(orderApi.supplement, { orderCode: b.orderCode, utr: ` ${utr.toLowerCase()} ` });
    expect(refused).toMatchObject({ code: ERRORS.paymentReferenceUsed, msg: `Payment reference ${utr} is already used by order ${a.orderCode}` });
    await expectUnpaid(b.orderCode);
  });

  it('cannot confirm an order whose UTR another order holds (data from before the rule)', async () => {
    const utr = fresh('OLD');
    const paid = await insertOrder(db(), { state: 'submitted', utr });
    // An order that took the same UTR before the rule existed: written with the rule switched off.
    await db().execute(sql`alter table orders disable trigger orders_payment_reference`);
    const pending = await insertOrder(db(), { state: 'pendingConfirmation', utr }).finally(() => db().execute(sql`alter table orders enable trigger orders_payment_reference`));
    const refused = await act(orderApi.confirm, { orderCode: pending.orderCode });
    expect(refused).toMatchObject({ code: ERRORS.paymentReferenceUsed, msg: `Payment reference ${utr} is already used by order ${paid.orderCode}` });
    await expectUnpaid(pending.orderCode, 'pendingConfirmation');
  });

  it('keep the channels apart: a USDT hash that paid a USDT order is refused on another, not on a bank order', async () => {
    const address = fresh('TW');
    const [wallet] = await db()
      .insert(receivingAccounts)
      .values({ kind: 'usdtFloating', supplierId: await userIdOf(db(), 'supplier'), productId: 3015, enabled: true, walletAddress: address })
      .returning({ id: receivingAccounts.id });
    const micro = 31_000_000 + seed;
    const first = await insertOrder(db(), { productId: 3015, accountId: wallet.id, amount: micro, payAmount: micro, createdAt: minutesAgo(2) });
    const hash = fresh('HASH');
    const device = await addIngestClient(db(), { supplierId: await userIdOf(db(), 'supplier'), accountId: wallet.id });
    const transfer = await ingest(bankStatementApi.ingest.usdt, { txHash: hash, from: 'TPayer', to: address, amount: micro, time: await deviceTime(db()) }, device);
    expect(transfer.data).toMatchObject({ matchState: 'matched', matchedOrderCode: first.orderCode });
    const second = await insertOrder(db(), { productId: 3015, accountId: wallet.id, amount: micro, payAmount: micro + 1 });
    expect(await act(orderApi.supplement, { orderCode: second.orderCode, utr: hash })).toMatchObject({ code: ERRORS.paymentReferenceUsed });
    await expectUnpaid(second.orderCode);
    const bankOrder = await insertOrder(db());
    expect((await act(orderApi.supplement, { orderCode: bankOrder.orderCode, utr: hash })).code).toBe(200);
  });
});

describe('bank records', () => {
  it('a web message carrying the UTR an SMS paid an order with pays no second order', async () => {
    const [amountA, amountB] = [freshAmount(), freshAmount()];
    const a = await insertOrder(db(), { payAmount: amountA, createdAt: minutesAgo(3) });
    const b = await insertOrder(db(), { payAmount: amountB, createdAt: minutesAgo(2) });
    const utr = fresh('SMS');
    expect((await credit(bankStatementApi.ingest.sms, amountA, utr)).data).toMatchObject({ matchState: 'matched', matchedOrderCode: a.orderCode });
    const web = await credit(bankStatementApi.ingest.webMessage, amountB, utr.toLowerCase());
    expect(web).toMatchObject({ code: 200, data: { matchState: 'referenceUsed', matchedOrderCode: a.orderCode } });
    await expectUnpaid(b.orderCode);
  });

  it("a credit carrying the UTR a payer submitted for one order pays that order, and no other", async () => {
    const [amountA, amountB] = [freshAmount(), freshAmount()];
    const a = await insertOrder(db(), { payAmount: amountA, createdAt: minutesAgo(3) });
    const b = await insertOrder(db(), { payAmount: amountB, createdAt: minutesAgo(2) });
    const utr = fresh('SUB');
    expect((await submit(a.orderCode, utr)).statusCode).toBe(303);
    expect((await credit(bankStatementApi.ingest.sms, amountB, utr)).data).toMatchObject({ matchState: 'referenceUsed', matchedOrderCode: a.orderCode });
    await expectUnpaid(b.orderCode);
    expect((await credit(bankStatementApi.ingest.sms, amountA, utr)).data).toMatchObject({ matchState: 'matched', matchedOrderCode: a.orderCode });
  });
});

describe('the rule in the database', () => {
  const held = async (orderId: number) => db().select().from(paymentReferences).where(eq(paymentReferences.orderId, orderId));

  it('holds a reference in exactly the holding statuses of resources/, per channel, for collection orders only', async () => {
    for (const { code } of ORDER_STATUSES) {
      const order = await insertOrder(db(), { state: code, utr: fresh('ST') });
      expect((await held(order.id)).length, code).toBe(REFERENCE_HOLDING_STATUSES.includes(code) ? 1 : 0);
    }
    for (const { id, kind } of CATALOGUE.filter((p) => p.kind === 'collection')) {
      const order = await insertOrder(db(), { state: 'pendingConfirmation', productId: id, utr: fresh('CH') });
      expect((await held(order.id)).map((r) => r.channel), `${id} ${kind}`).toEqual([referenceChannel(id)]);
    }
    const payout = await insertOrder(db(), { state: 'submitted', orderType: 2, utr: fresh('PO') });
    expect(await held(payout.id)).toEqual([]);
  });
});
