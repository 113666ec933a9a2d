/**
 * A device credits only its own supplier's accounts (docs/reliability.md, "Abuse paths",
 * item 1). A device token of supplier B posts, on every route that credits (SMS, web message, USDT
 * transfer), the very payment supplier A's open order waits for: the order stays open, no ledger
 * row is written. A device bound to one account credits no other of its supplier's accounts; a
 * monitor's token reaches none of these routes, and its own routes move no money.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { bankStatements, ledgerEntries, receivingAccounts, usdtTransactions } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN } from '../../server/ingest/seed.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, orderLedger, userIdOf } from './orders-fixture.js';
import { addIngestClient, deviceTime } from './ingest-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
let amountSeed = 811_00;
const freshAmount = () => (amountSeed += 13);
const post = (path: string, token: string, body: unknown) => server.call('POST', path, { body, headers: { 'x-ingest-token': token } });
const ledgerRows = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(ledgerEntries))[0].n;
const recordsOf = async (table: typeof bankStatements | typeof usdtTransactions, amount: number) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.amount, amount)))[0].n;

let supplierA: number;
let cardA: number;
let deviceB: string;
let monitorB: string;

const wallet = async (supplierId: number, address: string) =>
  (await db().insert(receivingAccounts).values({ kind: 'usdtFloating', supplierId, productId: 3015, enabled: true, walletAddress: address }).returning({ id: receivingAccounts.id }))[0].id;

/** Order of A waiting for exactly this payment, and what must stay as it is when B's device posts it. */
async function waitingOrder(columns: Parameters<typeof insertOrder>[1] = {}) {
  const order = await insertOrder(db(), { createdAt: minutesAgo(2), ...columns });
  return { order, ledger: await ledgerRows() };
}
async function expectUntouched({ order, ledger }: Awaited<ReturnType<typeof waitingOrder>>) {
  expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('allocated'));
  expect((await orderLedger(db(), order.orderCode)).rows).toEqual([]);
  expect(await ledgerRows()).toBe(ledger);
}

beforeAll(async () => {
  supplierA = await userIdOf(db(), 'supplier');
  const supplierB = await userIdOf(db(), 'supplier2');
  [{ id: cardA }] = await db()
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.supplierId, supplierA), eq(receivingAccounts.productId, 1034)))
    .limit(1);
  deviceB = await addIngestClient(db(), { supplierId: supplierB });
  monitorB = await addIngestClient(db(), { supplierId: supplierB, kind: 'monitor' });
});

describe("a device of supplier B and supplier A's orders", () => {
  it.each([
    ['SMS', bankStatementApi.ingest.sms],
    ['web message', bankStatementApi.ingest.webMessage],
  ])("%s naming A's account is refused and credits nothing", async (_route, path) => {
    const amount = freshAmount();
    const waiting = await waitingOrder({ payAmount: amount });
    const record = { content: `Credited ${amount}`, direction: 'credit', amount, utr: `B${amount}`, time: await deviceTime(db()) };
    expect((await post(path, deviceB, { ...record, accountId: cardA })).code).toBe(ERRORS.ingestAccountInvalid);
    // Without an account named, B's unbound device has none to credit either.
    expect((await post(path, deviceB, record)).code).toBe(ERRORS.ingestAccountInvalid);
    await expectUntouched(waiting);
    expect(await recordsOf(bankStatements, amount)).toBe(0);
  });

  it("USDT: a transfer to A's wallet is refused, and one to the same address registered by B too pays only B's orders", async () => {
    const address = `TOwn${Date.now()}`;
    const walletA = await wallet(supplierA, address);
    const amount = 21_000_000 + freshAmount();
    const waiting = await waitingOrder({ productId: 3015, accountId: walletA, amount, payAmount: amount });
    const transfer = { from: 'TPayer', to: address, amount, time: await deviceTime(db()) };
    expect((await post(bankStatementApi.ingest.usdt, deviceB, { ...transfer, txHash: `b1${Date.now()}` })).code).toBe(ERRORS.ingestAccountInvalid);
    expect(await recordsOf(usdtTransactions, amount)).toBe(0);

    // B registers A's address as a wallet of its own: its device may report transfers to it, but
    // they are B's wallet's records and pay none of A's orders.
    const walletB = await wallet(await userIdOf(db(), 'supplier2'), address);
    const own = await post(bankStatementApi.ingest.usdt, deviceB, { ...transfer, txHash: `b2${Date.now()}` });
    expect(own).toMatchObject({ code: 200, data: { matchState: 'unmatched', matchedOrderCode: null } });
    const [stored] = await db().select().from(usdtTransactions).where(eq(usdtTransactions.id, own.data.id));
    expect(stored).toMatchObject({ accountId: walletB });
    await expectUntouched(waiting);

    // A's own device, bound to that wallet, is the one whose report pays it.
    const deviceA = await addIngestClient(db(), { supplierId: supplierA, accountId: walletA });
    const paid = await post(bankStatementApi.ingest.usdt, deviceA, { ...transfer, txHash: `a1${Date.now()}` });
    expect(paid.data).toMatchObject({ matchState: 'matched', matchedOrderCode: waiting.order.orderCode });
  });
});

describe('a device bound to one account', () => {
  it("credits no other account of its supplier, on any route", async () => {
    const [other] = await db().insert(receivingAccounts).values({ kind: 'internationalCardToCard', supplierId: supplierA, productId: 1034, enabled: true, cardNumber: `77${Date.now()}` }).returning({ id: receivingAccounts.id });
    const address = `TBound${Date.now()}`;
    const walletA = await wallet(supplierA, address);
    for (const path of [bankStatementApi.ingest.sms, bankStatementApi.ingest.webMessage]) {
      const amount = freshAmount();
      const waiting = await waitingOrder({ accountId: other.id, payAmount: amount });
      // DEV-0001 is bound to A's demo card account.
      const answer = await post(path, DEMO_DEVICE_TOKEN, { accountId: other.id, content: `Credited ${amount}`, direction: 'credit', amount, time: await deviceTime(db()) });
      expect(answer.code).toBe(ERRORS.ingestAccountInvalid);
      await expectUntouched(waiting);
    }
    const amount = 22_000_000 + freshAmount();
    const waiting = await waitingOrder({ productId: 3015, accountId: walletA, amount, payAmount: amount });
    const transfer = await post(bankStatementApi.ingest.usdt, DEMO_DEVICE_TOKEN, { txHash: `d1${Date.now()}`, from: 'TPayer', to: address, amount, time: await deviceTime(db()) });
    expect(transfer.code).toBe(ERRORS.ingestAccountInvalid);
    await expectUntouched(waiting);
  });
});

describe('monitors', () => {
  it("reach no crediting route, and their log lines naming A's order move no money", async () => {
    const amount = freshAmount();
    const waiting = await waitingOrder({ payAmount: amount });
    const time = await deviceTime(db());
    for (const [path, body] of [
      [bankStatementApi.ingest.sms, { accountId: cardA, content: `Credited ${amount}`, direction: 'credit', amount, time }],
      [bankStatementApi.ingest.webMessage, { accountId: cardA, content: `Credited ${amount}`, direction: 'credit', amount, time }],
      [bankStatementApi.ingest.usdt, { txHash: `m1${Date.now()}`, from: 'TPayer', to: 'TAny', amount, time }],
    ] as const)
      expect((await post(path, monitorB, body)).code).toBe(ERRORS.ingestTokenInvalid);
    const log = await post('/ingest/monitorLog', monitorB, { lines: [{ logPhase: 'match', content: `credit ${amount} matched`, orderCode: waiting.order.orderCode }] });
    expect(log.code).toBe(200);
    await expectUntouched(waiting);
  });
});
