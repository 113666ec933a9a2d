/**
 * Transaction records through the ingest endpoints: an SMS credit that fits exactly one open order
 * of the device's account pays it once (status, ledger, callback, the record names the order); a
 * repeat changes nothing; ambiguous, unmatched, late or debit records pay nothing; USDT transfers
 * match by wallet and USDT count; lists keep a supplier to its own team's records.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { statusId } from '../../resources/orders/statuses.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { bankStatements, ingestClients, orderCallbacks, receivingAccounts } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN } from '../../server/ingest/seed.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, orderLedger, userIdOf } from './orders-fixture.js';
import { addIngestClient } from './ingest-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
let amountSeed = 731_00;
/** A pay amount no other open order of the demo account asks. */
const freshAmount = () => (amountSeed += 7);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** The platform time text of now plus `seconds`, as a device would write it. */
async function timeText(seconds = 0): Promise<string> {
  const result = (await db().execute(sql`select to_char(now() + make_interval(secs => ${seconds}), 'YYYY-MM-DD HH24:MI:SS') as t`)) as unknown as { rows: { t: string }[] };
  return result.rows[0].t;
}

const ingest = (path: string, body: unknown, token = DEMO_DEVICE_TOKEN) => server.call('POST', path, { body, headers: { 'x-ingest-token': token } });
const sms = async (fields: Record<string, unknown>) => ingest(bankStatementApi.ingest.sms, { content: `Credited INR ${fields.amount} ref ${Math.random()}`, direction: 'credit', time: await timeText(), ...fields });
const statementCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(bankStatements))[0].n;

beforeAll(async () => {
  for (const role of ['admin', 'superAdmin', 'supplier', 'supplier2', 'customerService']) tokens[role] = await server.login(role);
});

describe('SMS ingest and matching', () => {
  it('pays the one open order of the account asking that amount, once', async () => {
    const amount = freshAmount();
    const order = await insertOrder(db(), { payAmount: amount, createdAt: minutesAgo(5) });
    const content = `Your a/c credited with INR ${amount / 100} UTR 998877`;
    const body = { content, direction: 'credit', amount, balanceAfter: 5_000_000, utr: 'UTR998877', time: await timeText() };
    const first = await ingest(bankStatementApi.ingest.sms, body);
    expect(first).toMatchObject({ code: 200, data: { matchState: 'matched', matchedOrderCode: order.orderCode, duplicate: false } });
    const paid = await orderByCode(db(), order.orderCode);
    expect(paid).toMatchObject({ status: statusId('submitted'), utr: 'UTR998877', supplemented: false });
    const ledger = await orderLedger(db(), order.orderCode);
    expect(ledger.rows.length).toBeGreaterThan(0);
    expect(ledger.sum).toBe(0n);
    expect(await db().select().from(orderCallbacks).where(eq(orderCallbacks.orderCode, order.orderCode))).toHaveLength(1);

    const records = await statementCount();
    const again = await ingest(bankStatementApi.ingest.sms, body);
    expect(again).toMatchObject({ code: 200, data: { id: first.data.id, matchState: 'matched', matchedOrderCode: order.orderCode, duplicate: true } });
    expect(await statementCount()).toBe(records);
    expect((await orderLedger(db(), order.orderCode)).rows).toHaveLength(ledger.rows.length);

    const list = await server.call('GET', bankStatementApi.sms.list, { token: tokens.admin, query: { pageIndex: 1, pageSize: 10, matchedOrderCode: order.orderCode } });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: first.data.id, matchedOrderCode: order.orderCode, utr: 'UTR998877', amount, supplierName: expect.any(String) }] });
  });

  it('completes nothing when two open orders fit, none fits, the order is too old, or money goes out', async () => {
    const twin = freshAmount();
    const a = await insertOrder(db(), { payAmount: twin, createdAt: minutesAgo(3) });
    const b = await insertOrder(db(), { payAmount: twin, createdAt: minutesAgo(2) });
    expect((await sms({ amount: twin })).data).toMatchObject({ matchState: 'ambiguous', matchedOrderCode: null });
    const old = freshAmount();
    const late = await insertOrder(db(), { payAmount: old, createdAt: minutesAgo(31) });
    expect((await sms({ amount: old })).data).toMatchObject({ matchState: 'unmatched' });
    const out = freshAmount();
    const debitOrder = await insertOrder(db(), { payAmount: out, createdAt: minutesAgo(1) });
    expect((await sms({ amount: out, direction: 'debit' })).data).toMatchObject({ matchState: 'notCredit' });
    expect((await sms({ amount: freshAmount() })).data).toMatchObject({ matchState: 'unmatched' });
    for (const order of [a, b, late, debitOrder]) expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('allocated'));
  });

  it('refuses bad tokens, bad records and accounts of another supplier, writing nothing', async () => {
    const before = await statementCount();
    expect((await ingest(bankStatementApi.ingest.sms, { content: 'x', direction: 'credit', amount: 1, time: await timeText() }, 'wrong')).code).toBe(ERRORS.ingestTokenInvalid);
    for (const bad of [{ amount: '100' }, { amount: 1.5 }, { amount: 0 }, { direction: 'sideways' }, { time: '2026-02-30 10:00:00' }, { time: 'yesterday' }, { content: '' }]) {
      const answer = await sms({ amount: 100, ...bad });
      expect(answer.code, JSON.stringify(bad)).toBe(ERRORS.invalidParam);
    }
    const supplier2 = await userIdOf(db(), 'supplier2');
    const [foreign] = await db().select({ id: receivingAccounts.id }).from(receivingAccounts).where(eq(receivingAccounts.supplierId, supplier2)).limit(1);
    if (foreign) expect((await sms({ amount: 100, accountId: foreign.id })).code).toBe(ERRORS.ingestAccountInvalid);
    expect((await sms({ amount: 100, accountId: 2_000_000_000 })).code).toBe(ERRORS.ingestAccountInvalid);
    expect(await statementCount()).toBe(before);
  });

  it('keeps a supplier to its own records, and the raw message to superAdmin', async () => {
    await sms({ amount: freshAmount() });
    const own = await server.call('GET', bankStatementApi.sms.list, { token: tokens.supplier, query: { pageIndex: 1, pageSize: 50 } });
    expect(own.code).toBe(200);
    expect(own.data.total).toBeGreaterThan(0);
    const supplierId = await userIdOf(db(), 'supplier');
    expect(own.data.list.every((r: { supplierId: number }) => r.supplierId === supplierId)).toBe(true);
    expect(own.data.list[0].content).toBeUndefined();
    const other = await server.call('GET', bankStatementApi.sms.list, { token: tokens.supplier2, query: { pageIndex: 1, pageSize: 50 } });
    expect(other.data.list.filter((r: { supplierId: number }) => r.supplierId === supplierId)).toEqual([]);
    const all = await server.call('GET', bankStatementApi.sms.list, { token: tokens.superAdmin, query: { pageIndex: 1, pageSize: 5 } });
    expect(all.data.list[0]).toMatchObject({ content: expect.any(String), deviceCode: 'DEV-0001' });
    expect((await server.call('GET', bankStatementApi.sms.list, { token: tokens.customerService, query: { pageIndex: 1 } })).code).toBe(ERRORS.forbidden);
    expect((await server.call('GET', bankStatementApi.webMessage.list, { token: tokens.customerService, query: { pageIndex: 1 } })).code).toBe(200);
  });

  it('stores web messages apart from SMS', async () => {
    const amount = freshAmount();
    const order = await insertOrder(db(), { payAmount: amount, createdAt: minutesAgo(1) });
    const answer = await ingest(bankStatementApi.ingest.webMessage, { content: `Net banking credit ${amount}`, direction: 'credit', amount, time: await timeText() });
    expect(answer.data).toMatchObject({ matchState: 'matched', matchedOrderCode: order.orderCode });
    const web = await server.call('GET', bankStatementApi.webMessage.list, { token: tokens.admin, query: { pageIndex: 1, matchedOrderCode: order.orderCode } });
    expect(web.data.total).toBe(1);
    const smsList = await server.call('GET', bankStatementApi.sms.list, { token: tokens.admin, query: { pageIndex: 1, matchedOrderCode: order.orderCode } });
    expect(smsList.data.total).toBe(0);
  });
});

describe('USDT ingest and matching', () => {
  it('pays the open order whose wallet and USDT count fit, once per txHash', async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const wallet = `TWallet${Date.now()}`;
    const [account] = await db()
      .insert(receivingAccounts)
      .values({ kind: 'usdtFloating', supplierId, productId: 3015, enabled: true, walletAddress: wallet })
      .returning({ id: receivingAccounts.id });
    const order = await insertOrder(db(), { productId: 3015, accountId: account.id, amount: 12_500_000, payAmount: 12_500_000, createdAt: minutesAgo(2) });
    const watcher = await addIngestClient(db(), { supplierId, accountId: account.id });
    const body = { txHash: `ab${Date.now()}`, from: 'TPayer1', to: wallet, amount: 12_500_000, time: await timeText() };
    const first = await ingest(bankStatementApi.ingest.usdt, body, watcher);
    expect(first).toMatchObject({ code: 200, data: { matchState: 'matched', matchedOrderCode: order.orderCode, duplicate: false } });
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('submitted'));
    const again = await ingest(bankStatementApi.ingest.usdt, body, watcher);
    expect(again.data).toMatchObject({ id: first.data.id, duplicate: true });
    const other = await ingest(bankStatementApi.ingest.usdt, { ...body, txHash: `cd${Date.now()}` }, watcher);
    expect(other.data).toMatchObject({ matchState: 'unmatched', duplicate: false });
    const list = await server.call('GET', bankStatementApi.usdt.list, { token: tokens.customerService, query: { pageIndex: 1, toAddress: wallet } });
    expect(list.data).toMatchObject({ total: 2 });
  });

  it('refuses a monitor token on a device endpoint', async () => {
    const [monitor] = await db().select().from(ingestClients).where(and(eq(ingestClients.kind, 'monitor'))).limit(1);
    expect(monitor).toBeDefined();
    expect((await ingest(bankStatementApi.ingest.usdt, {}, 'demoMonitorToken0001')).code).toBe(ERRORS.ingestTokenInvalid);
  });
});

describe('security nodes', () => {
  it('builds the chain from reported balances and shows a gap with its missing amount', async () => {
    const card = `SC${Date.now()}`;
    const supplierId = await userIdOf(db(), 'supplier');
    const [account] = await db()
      .insert(receivingAccounts)
      .values({ kind: 'internationalCardToCard', supplierId, productId: 1034, enabled: true, cardNumber: card })
      .returning({ id: receivingAccounts.id });
    // A device of the supplier bound to no account names the account in each record.
    const device = await addIngestClient(db(), { supplierId });
    const post = async (seconds: number, direction: string, amount: number, balanceAfter: number) =>
      ingest(bankStatementApi.ingest.sms, { accountId: account.id, content: `${card} ${seconds}`, direction, amount, balanceAfter, time: await timeText(seconds) }, device);
    await post(-50, 'credit', 100_00, 1000_00);
    await post(-40, 'credit', 50_00, 1050_00);
    await post(-30, 'debit', 20_00, 1030_00);
    await post(-20, 'credit', 10_00, 1100_00); // 60.00 arrived without an SMS
    await post(-10, 'credit', 5_00, 1105_00);
    const chains = await server.call('GET', '/securityNodes/getList', { token: tokens.superAdmin, query: { pageIndex: 1, cardNumber: card } });
    expect(chains.data).toMatchObject({ total: 1, list: [{ id: account.id, nodes: 5, chainLength: 2, trusted: false, lastBalance: 1105_00 }] });
    const gaps = await server.call('GET', '/securityNodes/getPatchList', { token: tokens.superAdmin, query: { pageIndex: 1, cardNumber: card } });
    expect(gaps.data).toMatchObject({ total: 1, list: [{ expectedBalance: 1040_00, reportedBalance: 1100_00, missingAmount: 60_00, state: 'open', continuedByOrderCode: null }] });
    expect((await server.call('GET', '/securityNodes/getList', { token: tokens.admin, query: { pageIndex: 1 } })).code).toBe(ERRORS.forbidden);
  });
});
