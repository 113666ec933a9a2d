/**
 * Settings at work, continued (settings-at-work.test.ts has the first ones): the pay page, ingest
 * matching, accounts and jobs change as soon as the setting is set, with no restart
 * (docs/settings.md lists every setting and its proof).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, userIdOf } from './orders-fixture.js';
import { bankStatements, monitorStates, orders, receivingAccounts, users } from '../../server/db/schema/index.js';
import { ERRORS } from '../../server/errors.js';
import { SETTINGS, settingPath } from '../../resources/system-config/settings.js';
import { systemConfigApi } from '../../resources/system-config/index.js';
import { sessionApi } from '../../resources/session/api.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { statusId } from '../../resources/orders/statuses.js';
import { PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { DEMO_DEVICE_TOKEN, DEMO_MONITOR_TOKEN } from '../../server/ingest/seed.js';
import { disconnectSilentMonitors } from '../../server/monitors/jobs.js';
import { createBatch } from '../../server/payout-batches/create.js';
import { matchDelayedRecords } from '../../server/bank-statements/delayed.js';
import { sweepTimeouts } from '../../server/orders/timeouts.js';
import { transition } from '../../server/orders/state-machine.js';
import type { Db } from '../../server/db/client.js';
import { fundMerchant, inTx, placePayouts } from './payout-batch-fixture.js';
import { makeAccount, makeSupplier } from './order-create-fixture.js';
import { addIngestClient } from './ingest-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
let superAdmin = '';
let superAdmin2 = '';

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  superAdmin2 = await server.login2(superAdmin);
});

/** Sets a setting the way the config screen does. */
async function set(name: string, body: { enable: boolean } | { value: number | string }) {
  const answer = await server.call('POST', settingPath('set', name), { token: superAdmin, token2: superAdmin2, body });
  expect(answer.code, answer.msg).toBe(200);
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
/** The platform time text of now, as a device would write it. */
async function nowText(): Promise<string> {
  const result = (await db().execute(sql`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as t`)) as unknown as { rows: { t: string }[] };
  return result.rows[0].t;
}
const ingest = (path: string, body: unknown, token = DEMO_DEVICE_TOKEN) => server.call('POST', path, { body, headers: { 'x-ingest-token': token } });

describe('matching', () => {
  it('UsdtAuto: a fitting USDT transfer completes its order while on, stays unmatched for an operator while off', async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const wallet = `TAuto${Date.now()}`;
    const [account] = await db().insert(receivingAccounts).values({ kind: 'usdtFloating', supplierId, productId: 3015, enabled: true, walletAddress: wallet }).returning({ id: receivingAccounts.id });
    const place = (micro: number) => insertOrder(db(), { productId: 3015, accountId: account.id, amount: micro, payAmount: micro, createdAt: minutesAgo(2) });
    const watcher = await addIngestClient(db(), { supplierId, accountId: account.id });
    const transfer = async (micro: number) => ingest(bankStatementApi.ingest.usdt, { txHash: `ua${Date.now()}${micro}`, from: 'TPayer', to: wallet, amount: micro, time: await nowText() }, watcher);
    await set('UsdtAuto', { enable: false });
    try {
      const waiting = await place(7_100_000);
      expect((await transfer(7_100_000)).data).toMatchObject({ matchState: 'unmatched', matchedOrderCode: null });
      expect((await orderByCode(db(), waiting.orderCode)).status).toBe(statusId('allocated'));
    } finally {
      await set('UsdtAuto', { enable: true });
    }
    const paid = await place(7_200_000);
    expect((await transfer(7_200_000)).data).toMatchObject({ matchState: 'matched', matchedOrderCode: paid.orderCode });
    expect((await orderByCode(db(), paid.orderCode)).status).toBe(statusId('submitted'));
  });
});

describe('delayed matching', () => {
  it('MessageDelay: a bank credit waits that many seconds before it completes its order; 0 matches it as it arrives', async () => {
    const sms = async (amount: number) => ingest(bankStatementApi.ingest.sms, { content: `Credited ${amount} ${Math.random()}`, direction: 'credit', amount, time: await nowText() });
    await set('MessageDelay', { value: 60 });
    try {
      const order = await insertOrder(db(), { payAmount: 611_07, createdAt: minutesAgo(1) });
      const waiting = await sms(611_07);
      expect(waiting.data).toMatchObject({ matchState: 'delayed', matchedOrderCode: null });
      expect(await matchDelayedRecords(db())).toBe(0);
      expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('allocated'));
      // The wait is over (the record arrived 61 seconds ago): the job matches it, once.
      await db().update(bankStatements).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(bankStatements.id, waiting.data.id));
      expect(await matchDelayedRecords(db())).toBe(1);
      expect(await matchDelayedRecords(db())).toBe(0);
      const [record] = await db().select().from(bankStatements).where(eq(bankStatements.id, waiting.data.id));
      expect(record).toMatchObject({ matchState: 'matched', matchedOrderCode: order.orderCode });
      expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('submitted'));
    } finally {
      await set('MessageDelay', { value: 0 });
    }
    const now = await insertOrder(db(), { payAmount: 612_09, createdAt: minutesAgo(1) });
    expect((await sms(612_09)).data).toMatchObject({ matchState: 'matched', matchedOrderCode: now.orderCode });
  });

  it('passes over a delayed record whose match fails, matches the ones behind it, and tries it again on the next run', async () => {
    const sms = async (amount: number) => ingest(bankStatementApi.ingest.sms, { content: `Credited ${amount} ${Math.random()}`, direction: 'credit', amount, time: await nowText() });
    await set('MessageDelay', { value: 60 });
    const orders = [await insertOrder(db(), { payAmount: 613_01, createdAt: minutesAgo(1) }), await insertOrder(db(), { payAmount: 613_02, createdAt: minutesAgo(1) })];
    const [poison, behind] = [(await sms(613_01)).data.id as number, (await sms(613_02)).data.id as number];
    await db().update(bankStatements).set({ createdAt: sql`now() - interval '61 seconds'` }).where(inArray(bankStatements.id, [poison, behind]));
    // A fault on the older record alone: its match cannot be written.
    await db().execute(sql.raw(`create function fail_poison() returns trigger language plpgsql as $$ begin if new.id = ${poison} then raise exception 'cannot write record %', new.id; end if; return new; end $$`));
    await db().execute(sql`create trigger fail_poison before update on bank_statements for each row execute function fail_poison()`);
    try {
      await expect(matchDelayedRecords(db())).rejects.toThrow(`delayed bank records ${poison} failed to match; 1 others matched`);
      expect((await orderByCode(db(), orders[1].orderCode)).status).toBe(statusId('submitted'));
      expect((await orderByCode(db(), orders[0].orderCode)).status).toBe(statusId('allocated'));
      const [left] = await db().select().from(bankStatements).where(eq(bankStatements.id, poison));
      expect(left.matchState).toBe('delayed');
    } finally {
      await db().execute(sql`drop trigger fail_poison on bank_statements`);
      await db().execute(sql`drop function fail_poison()`);
    }
    try {
      expect(await matchDelayedRecords(db())).toBe(1);
      expect((await orderByCode(db(), orders[0].orderCode)).status).toBe(statusId('submitted'));
    } finally {
      await set('MessageDelay', { value: 0 });
    }
  });
});

describe('a payment the timeout overtook', () => {
  it('pays its order when the payment was made before the order expired; not one made after', async () => {
    const timeText = async (secondsAgo: number) =>
      ((await db().execute(sql`select to_char(now() - make_interval(secs => ${secondsAgo}), 'YYYY-MM-DD HH24:MI:SS') as t`)) as unknown as { rows: { t: string }[] }).rows[0].t;
    const sms = async (amount: number) => ingest(bankStatementApi.ingest.sms, { content: `Credited ${amount} ${Math.random()}`, direction: 'credit', amount, time: await timeText(30) });
    await set('MessageDelay', { value: 60 });
    try {
      // Both paid 30 s ago; one expired 20 s ago (after the payment), the other 40 s ago (before it).
      const inTime = await insertOrder(db(), { payAmount: 615_01, createdAt: minutesAgo(5), expiresAt: new Date(Date.now() - 20_000) });
      const late = await insertOrder(db(), { payAmount: 615_02, createdAt: minutesAgo(5), expiresAt: new Date(Date.now() - 40_000) });
      const records = [await sms(615_01), await sms(615_02)];
      expect(records.map((r) => r.data.matchState)).toEqual(['delayed', 'delayed']);
      // The sweep times both out while the messages wait.
      await sweepTimeouts(db());
      expect((await orderByCode(db(), inTime.orderCode)).status).toBe(statusId('timedOut'));
      await db().update(bankStatements).set({ createdAt: sql`now() - interval '61 seconds'` }).where(inArray(bankStatements.id, records.map((r) => r.data.id)));
      expect(await matchDelayedRecords(db())).toBe(2);
      expect((await orderByCode(db(), inTime.orderCode)).status).toBe(statusId('submitted'));
      expect((await orderByCode(db(), late.orderCode)).status).toBe(statusId('timedOut'));
      const matched = await db().select().from(bankStatements).where(inArray(bankStatements.id, records.map((r) => r.data.id))).orderBy(asc(bankStatements.id));
      expect(matched.map((r) => [r.matchState, r.matchedOrderCode])).toEqual([
        ['matched', inTime.orderCode],
        ['unmatched', null],
      ]);
    } finally {
      await set('MessageDelay', { value: 0 });
    }
  });

  it('does not pay an order an operator freed, whose pay amount a newer order took', async () => {
    const freed = await insertOrder(db(), { payAmount: 616_01, createdAt: minutesAgo(5) });
    const closed = await db().transaction((tx) => transition(tx as unknown as Db, freed, { action: 'freeResource', to: 'timedOut', actor: { userId: null } }));
    // Freed, it expires at that moment, not 15 minutes on.
    expect(closed.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // Some seconds later its pay amount goes to a newer order, which the payer then pays.
    await db().update(orders).set({ expiresAt: sql`${orders.expiresAt} - interval '10 seconds'` }).where(eq(orders.id, freed.id));
    const newer = await insertOrder(db(), { payAmount: 616_01, createdAt: new Date(Date.now() - 5_000) });
    const sms = await ingest(bankStatementApi.ingest.sms, { content: `Credited 616.01 ${Math.random()}`, direction: 'credit', amount: 616_01, time: await nowText() });
    expect(sms.data).toMatchObject({ matchState: 'matched', matchedOrderCode: newer.orderCode });
    expect((await orderByCode(db(), freed.orderCode)).status).toBe(statusId('timedOut'));
  });
});

describe('completion check', () => {
  it('CompleteCheckOrderTime: a credit fitting an order completed within the window names it as already paid, paying nothing', async () => {
    const sms = async (amount: number) => ingest(bankStatementApi.ingest.sms, { content: `Credited ${amount} ${Math.random()}`, direction: 'credit', amount, time: await nowText() });
    const paid = await insertOrder(db(), { state: 'callbackSucceeded', payAmount: 613_03, createdAt: minutesAgo(10), completedAt: minutesAgo(5) });
    const balanceRows = async () => (await db().execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as { rows: { n: number }[] };
    expect((await sms(613_03)).data).toMatchObject({ matchState: 'unmatched', matchedOrderCode: null });
    await set('CompleteCheckOrderTime', { value: 10 });
    try {
      const before = (await balanceRows()).rows[0].n;
      expect((await sms(613_03)).data).toMatchObject({ matchState: 'alreadyPaid', matchedOrderCode: paid.orderCode });
      expect((await balanceRows()).rows[0].n).toBe(before);
      expect((await orderByCode(db(), paid.orderCode)).status).toBe(statusId('callbackSucceeded'));
      // Completed before the window: not checked.
      await set('CompleteCheckOrderTime', { value: 4 });
      expect((await sms(613_03)).data).toMatchObject({ matchState: 'unmatched' });
    } finally {
      await set('CompleteCheckOrderTime', { value: 0 });
    }
  });
});

describe('devices', () => {
  it("AllowOneMonitorAccountMoreUser: a supplier's device serves its agents' accounts too only while on", async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const agentId = await makeSupplier(db(), `agentdev${Date.now()}`, [1034]);
    await db().update(users).set({ parentId: supplierId }).where(eq(users.id, agentId));
    const agentAccount = await makeAccount(db(), agentId, 1034);
    // A team device: the supplier's, bound to no account of its own.
    const device = await addIngestClient(db(), { supplierId });
    const sms = async () => ingest(bankStatementApi.ingest.sms, { accountId: agentAccount, content: `Credited ${Math.random()}`, direction: 'credit', amount: 12_345, time: await nowText() }, device);
    const admin = await server.login('admin');
    const bind = (code: string) => server.call('POST', '/ingestClient/add', { token: admin, body: { code, name: code, kind: 'device', supplierId, accountId: agentAccount } });
    expect((await sms()).code).toBe(ERRORS.ingestAccountInvalid);
    expect((await bind(`DEV-A${Date.now()}`)).code).toBe(ERRORS.invalidParam);
    await set('AllowOneMonitorAccountMoreUser', { enable: true });
    try {
      const taken = await sms();
      expect(taken.code, taken.msg).toBe(200);
      const bound = await bind(`DEV-B${Date.now()}`);
      expect(bound.code, bound.msg).toBe(200);
    } finally {
      await set('AllowOneMonitorAccountMoreUser', { enable: false });
    }
    expect((await sms()).code).toBe(ERRORS.ingestAccountInvalid);
  });
});

describe('pay page', () => {
  const payPage = async (orderCode: string) => (await server.app.inject({ method: 'GET', url: `/pay/order/${orderCode}`, headers: { 'accept-language': 'en-US' } })).body;

  it("CardCountry: the pay page and the admin's user info name that country's currency, at once", async () => {
    const order = await insertOrder(db());
    const currencyOfAdmin = async () => (await server.call<{ currency: string }>('POST', sessionApi.getInfo, { token: superAdmin, body: {} })).data?.currency;
    expect(await payPage(order.orderCode)).toContain('data-field="currency">INR<');
    expect(await currencyOfAdmin()).toBe('INR');
    await set('CardCountry', { value: 'BD' });
    try {
      const html = await payPage(order.orderCode);
      expect(html).toContain('data-field="currency">BDT<');
      expect(html).toContain('data-field="payAmount">100.00<');
      // Every amount of the admin names it (src/components/fields/Money.tsx).
      expect(await currencyOfAdmin()).toBe('BDT');
    } finally {
      await set('CardCountry', { value: 'IN' });
    }
  });

  it("NeedNameCheck: the pay page asks the payer's name, refuses another than the order's payer and stores it, only while on", async () => {
    const submit = (orderCode: string, fields: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: `/pay/order/${orderCode}/utr`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US', 'sec-fetch-site': 'same-origin' }, payload: new URLSearchParams(fields).toString() });
    const off = await insertOrder(db(), { userName: 'Asha Verma' });
    expect(await payPage(off.orderCode)).not.toContain('name="payerName"');
    expect((await submit(off.orderCode, { utr: 'UTR100001' })).statusCode).toBe(303);
    expect((await orderByCode(db(), off.orderCode)).validateUserName).toBeNull();
    await set('NeedNameCheck', { enable: true });
    try {
      const order = await insertOrder(db(), { userName: 'Asha Verma' });
      expect(await payPage(order.orderCode)).toContain('name="payerName"');
      const missing = await submit(order.orderCode, { utr: 'UTR100002' });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain('Name you paid under is required');
      const other = await submit(order.orderCode, { utr: 'UTR100002', payerName: 'Ravi Kumar' });
      expect(other.statusCode).toBe(400);
      expect(other.body).toContain('The name does not match the payer of this order');
      expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('allocated'));
      expect((await submit(order.orderCode, { utr: 'UTR100002', payerName: ' asha  VERMA ' })).statusCode).toBe(303);
      expect(await orderByCode(db(), order.orderCode)).toMatchObject({ status: statusId('pendingConfirmation'), validateUserName: 'asha  VERMA' });
    } finally {
      await set('NeedNameCheck', { enable: false });
    }
  });

  it('ContactInfo: the pay page shows the contact line while one is set, none while blank', async () => {
    const order = await insertOrder(db());
    expect(await payPage(order.orderCode)).not.toContain('data-field="contact"');
    await set('ContactInfo', { value: 'support@pay.example <b>' });
    try {
      expect(await payPage(order.orderCode)).toContain('data-field="contact">Need help? Contact support@pay.example &#60;b&#62;<');
      // A finished order's page too: the payer may need help most then.
      const paid = await insertOrder(db(), { state: 'callbackSucceeded' });
      expect(await payPage(paid.orderCode)).toContain('data-field="contact"');
    } finally {
      await set('ContactInfo', { value: '' });
    }
    expect(await payPage(order.orderCode)).not.toContain('data-field="contact"');
  });
});

describe('jobs', () => {
  it('EnableSystemCheck: a silent monitor is marked disconnected by the heartbeat detection only while on', async () => {
    const admin = await server.login('admin');
    const status = async () => ((await server.call('GET', '/monitorLog/getMonitors', { token: admin })).data.list as { code: string; status: string }[]).find((m) => m.code === 'MON-0001')!.status;
    const report = await server.call('POST', '/ingest/monitorStatus', { body: { status: 'running' }, headers: { 'x-ingest-token': DEMO_MONITOR_TOKEN } });
    expect(report.code, report.msg).toBe(200);
    await db().update(monitorStates).set({ reportedAt: sql`now() - interval '1 hour'` });
    await set('EnableSystemCheck', { enable: false });
    try {
      expect(await disconnectSilentMonitors(db())).toEqual([]);
      expect(await status()).toBe('running');
    } finally {
      await set('EnableSystemCheck', { enable: true });
    }
    expect((await disconnectSilentMonitors(db())).length).toBe(1);
    expect(await status()).toBe('disconnected');
  });
});

describe('payout batches', () => {
  it("PayoutBatchCalculateAmount: a batch's amount limit and total weigh the merchant fees only while on", async () => {
    await fundMerchant(db());
    await placePayouts(db(), 3);
    // The pool the batch takes from (oldest first), demo payouts included.
    const pool = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.orderType, PAYOUT), eq(orders.productId, 3017), isNull(orders.batchId), eq(orders.payoutStatus, payoutStateId('waiting')), isNull(orders.supplierId)))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    expect(pool.every((o) => o.merchantFee > 0)).toBe(true);
    const amounts = pool.reduce((sum, o) => sum + o.amount, 0);
    const actor = { userId: await userIdOf(db(), 'admin') };
    // Each batch is built and rolled back, so both see the same pool.
    const batchOf = (limit: number) =>
      inTx(db(), async (tx) => {
        const batch = await createBatch(tx, { templateId: 'iciciBulk', maxCount: 500, amountLimit: limit }, { actor, supplier: null, lang: 'en-US' });
        throw Object.assign(new Error('rollback'), { batch });
      }).catch((e: Error & { batch?: { orderCount: number; totalAmount: number } }) => {
        if (!e.batch) throw e;
        return e.batch;
      });
    await set('PayoutBatchCalculateAmount', { enable: false });
    try {
      expect(await batchOf(amounts)).toMatchObject({ orderCount: pool.length, totalAmount: amounts });
    } finally {
      await set('PayoutBatchCalculateAmount', { enable: true });
    }
    // With the fees the whole pool no longer fits: oldest first, each payout that still fits is taken.
    let fits = 0;
    let weighed = 0;
    for (const o of pool) {
      if (weighed + o.amount + o.merchantFee > amounts) continue;
      weighed += o.amount + o.merchantFee;
      fits += 1;
    }
    expect(fits).toBeLessThan(pool.length);
    expect(await batchOf(amounts)).toMatchObject({ orderCount: fits, totalAmount: weighed });
  });
});

describe("the config screen's one read", () => {
  it('getAllSettings answers every setting as its own get does, masks credentials for readers, refuses others', async () => {
    await set('BotToken', { value: '123456:secret-bot-token' });
    await set('OrderTimeoutMinutes', { value: 9 });
    try {
      const all = await server.call('GET', systemConfigApi.calls.getAllSettings, { token: superAdmin });
      expect(all.code, all.msg).toBe(200);
      expect(Object.keys(all.data.settings).sort()).toEqual(SETTINGS.map((s) => s.name).sort());
      for (const setting of SETTINGS) expect(all.data.settings[setting.name], setting.name).toEqual((await server.call('GET', settingPath('get', setting.name), { token: superAdmin })).data);
      expect(all.data.settings.OrderTimeoutMinutes).toEqual({ value: 9 });
      const reader = await server.call('GET', systemConfigApi.calls.getAllSettings, { token: await server.login('technicalMaintenance') });
      expect(reader.data.settings.BotToken.value).not.toContain('secret-bot-token');
      expect(reader.data.settings.BotToken).toEqual((await server.call('GET', settingPath('get', 'BotToken'), { token: await server.login('technicalMaintenance') })).data);
      expect((await server.call('GET', systemConfigApi.calls.getAllSettings, { token: await server.login('merchant') })).code).toBe(ERRORS.forbidden);
    } finally {
      await set('BotToken', { value: '' });
      await set('OrderTimeoutMinutes', { value: 15 });
    }
  });
});
