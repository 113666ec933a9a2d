/**
 * The callback screens' API: the task list (/orderCallBack/getList) and the attempt list
 * (/orderCallBack/getDetailList) show what the worker did, with their filters, to the roles the
 * abilities name; deleting a task (/orderCallBack/delete) stops its retries and takes it off the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { attemptsOf, paidOrder, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';
import { auditRecords } from '../../server/db/schema/index.js';

const server = useTestServer({ CALLBACK_RETRY_SECONDS: '1', CALLBACK_TIMEOUT_SECONDS: '2' });
const db = () => server.database.db;
let receiver: Receiver;
const tokens: Record<string, string> = {};
let delivered: Awaited<ReturnType<typeof paidOrder>>;
let failing: Awaited<ReturnType<typeof paidOrder>>;

const list = (role: string, query: Record<string, unknown> = {}) => server.call('GET', '/orderCallBack/getList', { token: tokens[role], query: { pageIndex: 1, pageNum: 20, ...query } });
const details = (role: string, query: Record<string, unknown> = {}) => server.call('GET', '/orderCallBack/getDetailList', { token: tokens[role], query: { pageIndex: 1, pageSize: 50, ...query } });
/** A platform time (the database's zone, as filters are read) `minutes` from now. */
async function platformTime(minutes: number): Promise<string> {
  const result = await db().execute(sql`select to_char(now() + make_interval(mins => ${minutes}), 'YYYY-MM-DD HH24:MI:SS') as t`);
  return (result as unknown as { rows: { t: string }[] }).rows[0].t;
}

beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'customerService', 'technicalMaintenance', 'merchant', 'supplier']) tokens[role] = await server.login(role);
  receiver = await startReceiver({ '/ok': { status: 200, body: 'success' }, '/fail': { status: 500, body: '{"error":"down"}' } });
  delivered = await paidOrder(db(), { notifyUrl: receiver.url('/ok') });
  failing = await paidOrder(db(), { notifyUrl: receiver.url('/fail') });
  await waitFor(async () => (await taskOf(db(), delivered.id)).state === 'succeeded', 8000, 'the delivered callback');
  await waitFor(async () => (await attemptsOf(db(), failing.id)).length >= 2, 8000, 'two failed tries');
});
afterAll(async () => receiver?.close());

describe('the callback list', () => {
  it('shows each task with its state, attempts, last answer, URL, merchant and order status', async () => {
    const page = await list('admin', { orderCode: delivered.orderCode });
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      orderCode: delivered.orderCode,
      merchantOrderNo: delivered.merchantOrderNo,
      merchantName: 'merchant',
      orderStatus: 'callbackSucceeded',
      url: receiver.url('/ok'),
      state: 'succeeded',
      attempts: 1,
      lastResponseStatus: 200,
      lastResponse: 'success',
      nextAttemptAt: null,
    });
    expect(page.data.list[0].lastAttemptAt).toBeTruthy();
    const retrying = (await list('admin', { merchantOrderNo: failing.merchantOrderNo })).data.list;
    expect(retrying).toHaveLength(1);
    expect(retrying[0]).toMatchObject({ orderCode: failing.orderCode, state: 'pending', lastResponseStatus: 500, lastResponse: '{"error":"down"}', orderStatus: 'submitted' });
    expect(retrying[0].attempts).toBeGreaterThanOrEqual(2);
  });

  it('is read by superAdmin, admin, customer service and technical maintenance; not by merchants or suppliers', async () => {
    for (const role of ['superAdmin', 'admin', 'customerService', 'technicalMaintenance']) expect((await list(role, { orderCode: delivered.orderCode })).data.total, role).toBe(1);
    for (const role of ['merchant', 'supplier']) expect((await list(role)).code, role).toBe(4003);
  });
});

describe('the attempt list', () => {
  it('shows each call: request URL, method, format, signed parameters, response, time in ms, success, system flag', async () => {
    const page = await details('superAdmin', { orderCode: failing.orderCode });
    expect(page.code).toBe(200);
    const attempts = await attemptsOf(db(), failing.id);
    expect(page.data.total).toBe(attempts.length);
    const [newest] = page.data.list;
    expect(newest).toMatchObject({ orderCode: failing.orderCode, merchantOrderNo: failing.merchantOrderNo, url: receiver.url('/fail'), httpMethod: 'POST', format: 'JSON', responseStatus: 500, responseBody: '{"error":"down"}', success: false, systemFlag: 'PAY' });
    expect(newest.params).toMatchObject({ orderCode: failing.orderCode, mchOrderNo: failing.merchantOrderNo, status: 'success' });
    expect(newest.params.sign).toMatch(/^[0-9A-F]{32}$/);
    expect(typeof newest.durationMs).toBe('number');
    const ok = (await details('superAdmin', { merchantOrderCode: delivered.merchantOrderNo })).data.list;
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ orderCode: delivered.orderCode, success: true, responseStatus: 200, responseBody: 'success' });
  });

  it('filters by system flag, method and the receive-time range', async () => {
    const count = async (query: Record<string, unknown>) => (await details('superAdmin', { orderCode: delivered.orderCode, ...query })).data.total;
    expect(await count({ systemFlag: 'PAY' })).toBe(1);
    expect(await count({ systemFlag: 'OTHER' })).toBe(0);
    expect(await count({ httpMethod: 'POST' })).toBe(1);
    expect(await count({ httpMethod: 'GET' })).toBe(0);
    expect(await count({ startReceiveTime: await platformTime(-10), endReceiveTime: await platformTime(10) })).toBe(1);
    expect(await count({ startReceiveTime: await platformTime(5) })).toBe(0);
    expect(await count({ endReceiveTime: await platformTime(-5) })).toBe(0);
  });

  it('refuses malformed filters, naming the field', async () => {
    for (const [query, field] of [
      [{ httpMethod: 'PUT' }, 'httpMethod'],
      [{ startReceiveTime: '2026-01-01' }, 'startReceiveTime'],
      [{ startReceiveTime: '2026-02-01 00:00:00', endReceiveTime: '2026-01-01 00:00:00' }, 'endReceiveTime'],
      [{ pageSize: '0x10' }, 'pageSize'],
    ] as const) {
      const answer = await details('superAdmin', query);
      expect(answer.code, JSON.stringify(query)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
  });

  it('is read by superAdmin and technical maintenance only', async () => {
    expect((await details('technicalMaintenance', { orderCode: delivered.orderCode })).data.total).toBe(1);
    for (const role of ['admin', 'customerService', 'merchant', 'supplier']) expect((await details(role)).code, role).toBe(4003);
  });
});

describe('deleting a task', () => {
  it('is refused to customer service and technical maintenance, and changes nothing', async () => {
    const { id } = await taskOf(db(), failing.id);
    for (const role of ['customerService', 'technicalMaintenance']) expect((await server.call('POST', '/orderCallBack/delete', { token: tokens[role], body: { id } })).code, role).toBe(4003);
    expect((await taskOf(db(), failing.id)).deletedAt).toBeNull();
  });

  it('stops the retries and takes the task off the list; its attempts stay in the detail list', async () => {
    const { id } = await taskOf(db(), failing.id);
    const answer = await server.call('POST', '/orderCallBack/delete', { token: tokens.admin, body: { id } });
    expect(answer.code).toBe(200);
    expect((await list('admin', { orderCode: failing.orderCode })).data.total).toBe(0);
    // A call in flight when the task was deleted still lands; after it, none follows.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const calls = receiver.of(failing.orderCode).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.of(failing.orderCode)).toHaveLength(calls);
    expect((await details('superAdmin', { orderCode: failing.orderCode })).data.total).toBe(calls);
    const [audit] = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'orderCallback.delete'), eq(auditRecords.target, String(id))));
    expect(audit).toBeTruthy();
    // Deleted once is deleted.
    expect((await server.call('POST', '/orderCallBack/delete', { token: tokens.admin, body: { id } })).code).toBe(4009);
  });
});
