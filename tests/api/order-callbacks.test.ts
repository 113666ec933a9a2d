/**
 * Merchant callbacks for real: a paid order's notification reaches a local HTTP receiver, signed
 * with the merchant's key; failures are retried with backoff and each call is recorded; a notify
 * URL that hangs holds up nobody else; at the deadline the task fails and so does the order's
 * callback status; two instances on one database never send an attempt twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { attemptsOf, DEMO_MERCHANT_KEY, orderOf, paidOrder, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';
import { orderCallbacks } from '../../server/db/schema/index.js';
import { statusId } from '../../resources/orders/statuses.js';
import { verifySign } from '../../server/orders/sign.js';
import { scheduleCallback } from '../../server/orders/callbacks/schedule.js';
import { buildApp } from '../../server/app.js';
import { claimDue } from '../../server/orders/callbacks/worker.js';
import { openPglite, type Db } from '../../server/db/client.js';
import { readFileSync } from 'node:fs';
import { SNAPSHOT } from './global-setup.js';

// Retries after 1 s then 2 s (then every 2 s); a call may take 3 s.
const env = { CALLBACK_RETRY_SECONDS: '1,2', CALLBACK_TIMEOUT_SECONDS: '3' };
const server = useTestServer(env);
let receiver: Receiver;
const db = () => server.database.db;

beforeAll(async () => {
  // The jobs start when the app is ready (the first request would do it; these tests start with none).
  await server.app.ready();
  receiver = await startReceiver({
    '/ok': { status: 200, body: 'success' },
    '/OK': { status: 200, body: ' OK\n' },
    '/fail': { status: 500, body: 'internal error' },
    '/wrong-body': { status: 200, body: 'received' },
    '/hang': 'hang',
    '/big': { status: 502, body: `bad\u0000gateway ${'x'.repeat(5000)}` },
    // Fails twice, then takes it.
    '/flaky': (count) => (count < 2 ? { status: 503, body: 'busy' } : { status: 200, body: 'success' }),
    '/other-ok': { status: 200, body: 'success' },
    // The first call's failure comes late, after a re-send's call has been taken.
    '/late-fail': (count) => (count === 0 ? { status: 500, body: 'late', delayMs: 2500 } : { status: 200, body: 'success' }),
  });
});
afterAll(async () => receiver?.close());

/** Moves a task's deadline to `seconds` from now (the setting counts in minutes; tests cannot wait that long). */
const deadlineIn = (orderId: number, seconds: number) =>
  db()
    .update(orderCallbacks)
    .set({ deadlineAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(orderCallbacks.orderId, orderId));

describe('delivery', () => {
  it('POSTs the paid order, signed with the merchant key, within seconds; the order becomes callback succeeded', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/ok') });
    expect(order.status).toBe(statusId('submitted'));
    const [call] = await waitFor(async () => receiver.of(order.orderCode).length > 0 && receiver.of(order.orderCode), 5000, 'the callback');
    expect(call.contentType).toContain('application/json');
    expect(call.body).toMatchObject({ mchId: '20001', productId: 1034, mchOrderNo: order.merchantOrderNo, orderCode: order.orderCode, amount: 500_00, receivedAmount: 500_03, status: 'success', utr: order.utr });
    expect(call.body.completedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(verifySign(call.body, DEMO_MERCHANT_KEY)).toBe(true);
    expect(verifySign({ ...call.body, amount: 1 }, DEMO_MERCHANT_KEY)).toBe(false);

    await waitFor(async () => (await orderOf(db(), order.id)).status === statusId('callbackSucceeded'), 5000, 'callback succeeded');
    expect(await taskOf(db(), order.id)).toMatchObject({ state: 'succeeded', attempts: 1, nextAttemptAt: null });
    const [attempt] = await attemptsOf(db(), order.id);
    expect(attempt).toMatchObject({ url: receiver.url('/ok'), httpMethod: 'POST', responseStatus: 200, responseBody: 'success', success: true, systemFlag: 'PAY', params: call.body });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('takes "OK" in any case with blanks around; a 2xx with another body is a failure', async () => {
    const ok = await paidOrder(db(), { notifyUrl: receiver.url('/OK') });
    const wrong = await paidOrder(db(), { notifyUrl: receiver.url('/wrong-body') });
    await waitFor(async () => (await taskOf(db(), ok.id)).state === 'succeeded', 5000, 'OK taken');
    const [attempt] = await waitFor(async () => (await attemptsOf(db(), wrong.id)).length > 0 && attemptsOf(db(), wrong.id), 5000);
    expect(attempt).toMatchObject({ responseStatus: 200, responseBody: 'received', success: false });
    expect((await taskOf(db(), wrong.id)).state).toBe('pending');
  });

  it('retries a failing URL with growing waits, recording every call, until it answers success', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/flaky') });
    await waitFor(async () => (await taskOf(db(), order.id)).state === 'succeeded', 12_000, 'third try');
    const attempts = await attemptsOf(db(), order.id);
    expect(attempts.map((a) => [a.responseStatus, a.responseBody, a.success])).toEqual([
      [503, 'busy', false],
      [503, 'busy', false],
      [200, 'success', true],
    ]);
    expect(receiver.of(order.orderCode)).toHaveLength(3);
    const [first, second, third] = receiver.of(order.orderCode).map((r) => r.at);
    // 1 s, then 2 s (each plus up to a second until the worker's next round).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackSucceeded'));
  });

  it('a hanging notify URL does not delay another order; it fails by timeout and is retried', async () => {
    const hanging = await paidOrder(db(), { notifyUrl: receiver.url('/hang') });
    await waitFor(async () => receiver.of(hanging.orderCode).length > 0, 5000, 'the hanging call');
    const good = await paidOrder(db(), { notifyUrl: receiver.url('/other-ok') });
    await waitFor(async () => (await taskOf(db(), good.id)).state === 'succeeded', 5000, 'the good callback');
    // Delivered while the hanging call was still waiting for its answer.
    expect(await attemptsOf(db(), hanging.id)).toEqual([]);
    const [timedOut] = await waitFor(async () => (await attemptsOf(db(), hanging.id)).length > 0 && attemptsOf(db(), hanging.id), 6000, 'the timeout');
    expect(timedOut).toMatchObject({ responseStatus: null, success: false });
    expect(timedOut.responseBody).toContain('timed out after 3000 ms');
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(2900);
    expect((await taskOf(db(), hanging.id)).state).toBe('pending');
  });

  it('keeps at most 2 KB of an answer, and bodies PostgreSQL cannot store as text are kept readable', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/big') });
    const [attempt] = await waitFor(async () => (await attemptsOf(db(), order.id)).length > 0 && attemptsOf(db(), order.id), 5000);
    expect(attempt.responseStatus).toBe(502);
    expect(attempt.responseBody!.startsWith('bad\uFFFDgateway xxx')).toBe(true);
    expect(Buffer.byteLength(attempt.responseBody!.replace(/…$/, ''))).toBeLessThanOrEqual(2048 + 2);
    expect(attempt.responseBody!.endsWith('…')).toBe(true);
  });
});

describe('a re-send during a call', () => {
  it("keeps the re-send's success when an earlier try fails after it", async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/late-fail') });
    await waitFor(async () => receiver.of(order.orderCode).length === 1, 5000, 'the first call');
    // The operator re-sends while the first call is still out: a new round, taken at once and acknowledged.
    const paid = await orderOf(db(), order.id);
    await db().transaction(async (tx) => scheduleCallback(tx as unknown as Db, paid));
    await waitFor(async () => (await orderOf(db(), order.id)).status === statusId('callbackSucceeded'), 5000, 'the re-send');
    // Then the first call's 500 arrives: recorded as an attempt, but the round it belonged to is over.
    await waitFor(async () => (await attemptsOf(db(), order.id)).length === 2, 5000, 'the late failure');
    expect(await taskOf(db(), order.id)).toMatchObject({ state: 'succeeded', attempts: 1, nextAttemptAt: null });
    expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackSucceeded'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.of(order.orderCode)).toHaveLength(2);
  });
});

describe('the deadline', () => {
  it('after the deadline the task is failed, the order callback failed, and no call follows; a re-send that gets through makes it callback succeeded', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/fail') });
    await deadlineIn(order.id, 2);
    await waitFor(async () => (await taskOf(db(), order.id)).state === 'failed', 8000, 'failed');
    expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackFailed'));
    const attempts = await attemptsOf(db(), order.id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.every((a) => a.responseStatus === 500 && a.responseBody === 'internal error' && !a.success)).toBe(true);
    expect((await taskOf(db(), order.id)).nextAttemptAt).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.of(order.orderCode)).toHaveLength(attempts.length);

    // A re-send that gets through turns the order to callback succeeded.
    const failed = await orderOf(db(), order.id);
    await db().transaction(async (tx) => scheduleCallback(tx as unknown as Db, { ...failed, notifyUrl: receiver.url('/ok') }));
    await waitFor(async () => (await orderOf(db(), order.id)).status === statusId('callbackSucceeded'), 5000, 'the re-send');
    expect(await taskOf(db(), order.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
  });

  it('an order whose merchant already took a callback stays callback succeeded when a re-send fails', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/ok') });
    await waitFor(async () => (await orderOf(db(), order.id)).status === statusId('callbackSucceeded'), 5000);
    // The order's notification is asked for again (the row action "resend"), this time to a URL that fails.
    const paid = await orderOf(db(), order.id);
    await db().transaction(async (tx) => scheduleCallback(tx as unknown as Db, { ...paid, notifyUrl: receiver.url('/fail') }));
    expect(await taskOf(db(), order.id)).toMatchObject({ state: 'pending', attempts: 0 });
    await deadlineIn(order.id, 1);
    await waitFor(async () => (await taskOf(db(), order.id)).state === 'failed', 8000, 'failed');
    expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackSucceeded'));
  });

  it('a notify URL that is not http(s) fails at once, without a call', async () => {
    const order = await paidOrder(db(), { notifyUrl: 'file:///etc/passwd' });
    await waitFor(async () => (await taskOf(db(), order.id)).state === 'failed', 5000, 'failed');
    const [attempt] = await attemptsOf(db(), order.id);
    expect(attempt).toMatchObject({ responseStatus: null, success: false, durationMs: 0 });
    expect(attempt.responseBody).toContain('not an http(s) URL');
    expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackFailed'));
  });

  it('test orders with only callbacks allowed are notified alike', async () => {
    const order = await paidOrder(db(), { notifyUrl: receiver.url('/ok'), testStatus: 'onlyCallbacks' });
    await waitFor(async () => (await orderOf(db(), order.id)).status === statusId('callbackSucceeded'), 5000);
    expect(receiver.of(order.orderCode)).toHaveLength(1);
  });
});

describe('several instances on one database', () => {
  it('claims are disjoint: two claimers never get the same due task, and a leased task is not claimed again', async () => {
    // A database of its own, with no worker running on it: only the claims below take tasks.
    const quiet = await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push((await paidOrder(quiet.db, { notifyUrl: receiver.url('/ok') })).id);
      const [a, b] = await Promise.all([claimDue(quiet.db, 4, 60_000), claimDue(quiet.db, 4, 60_000)]);
      const orderIds = (tasks: { orderId: number }[]) => tasks.map((t) => t.orderId);
      expect(orderIds(a).filter((id) => orderIds(b).includes(id))).toEqual([]);
      expect([...orderIds(a), ...orderIds(b)].sort()).toEqual([...ids].sort());
      expect(await claimDue(quiet.db, 50, 60_000)).toEqual([]);
      // Once the lease has run out, the task is due again.
      await quiet.db.update(orderCallbacks).set({ nextAttemptAt: sql`now()` }).where(eq(orderCallbacks.orderId, ids[0]));
      expect(orderIds(await claimDue(quiet.db, 50, 60_000))).toEqual([ids[0]]);
    } finally {
      await quiet.close();
    }
  });

  it('a second app on the same database shares the work without sending an attempt twice', async () => {
    const second = await buildApp({ database: server.database, config: { ...server.app.services.config } });
    await second.ready();
    try {
      const made = await Promise.all(Array.from({ length: 12 }, (_, i) => paidOrder(db(), { notifyUrl: receiver.url(i % 3 === 0 ? '/flaky' : '/ok') })));
      for (const order of made) await waitFor(async () => (await taskOf(db(), order.id)).state === 'succeeded', 15_000, `order ${order.orderCode}`);
      for (const order of made) {
        const attempts = await attemptsOf(db(), order.id);
        // One call per recorded attempt, one success.
        expect(receiver.of(order.orderCode)).toHaveLength(attempts.length);
        expect(attempts.filter((a) => a.success)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
