/**
 * A merchant notify URL that accepts the connection and never answers: other orders' callbacks
 * go out within the worker's next round while it hangs, the hanging call ends as a failed try at
 * the timeout and is retried on the usual schedule, and the number of calls in flight stays
 * within CALLBACK_MAX_IN_FLIGHT (one instance cannot be made to open unbounded sockets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { attemptsOf, paidOrder, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';
import { orderCallbacks } from '../../server/db/schema/index.js';

// A call may take 6 s (room for a loaded CI machine to deliver the other callback first); retries after 1 s; at most 3 calls in flight. The waits below are upper
// bounds, generous for a machine busy with other test files: only the comparisons with the timeout
// tell a delayed callback from a prompt one.
const TIMEOUT_MS = 6000;
const WAIT_MS = 10_000;
const server = useTestServer({ CALLBACK_RETRY_SECONDS: '1', CALLBACK_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000), CALLBACK_MAX_IN_FLIGHT: '3' });
let receiver: Receiver;
const db = () => server.database.db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await server.app.ready();
  receiver = await startReceiver({ '/hang': 'hang', '/ok': { status: 200, body: 'success' } });
});
afterAll(async () => receiver?.close());

/** Takes the orders' tasks off the list and lets their calls in flight run out, so the next test starts with free room. */
async function retire(orderIds: number[]) {
  // Deleted, not failed: the outcome of a call still in flight would set the state again, while no claim takes a deleted task.
  await db().update(orderCallbacks).set({ deletedAt: new Date() }).where(inArray(orderCallbacks.orderId, orderIds));
  await sleep(TIMEOUT_MS + 1500);
}

describe('a notify URL that never answers', { timeout: 120_000 }, () => {
  it('does not delay another order, ends as a failed try at the timeout and is retried', async () => {
    const hanging = await paidOrder(db(), { notifyUrl: receiver.url('/hang') });
    await waitFor(async () => receiver.of(hanging.orderCode).length > 0, WAIT_MS, 'the hanging call');

    const sent = Date.now();
    const good = await paidOrder(db(), { notifyUrl: receiver.url('/ok') });
    await waitFor(async () => (await taskOf(db(), good.id)).state === 'succeeded', WAIT_MS, 'the good callback');
    // The worker runs every second: the answered callback needs one round, not the hanging call's timeout.
    expect(receiver.of(good.orderCode)[0].at - sent).toBeLessThan(TIMEOUT_MS);
    expect(await attemptsOf(db(), hanging.id)).toEqual([]);

    const [timedOut] = await waitFor(async () => (await attemptsOf(db(), hanging.id)).length > 0 && attemptsOf(db(), hanging.id), TIMEOUT_MS + WAIT_MS, 'the timeout');
    expect(timedOut).toMatchObject({ responseStatus: null, success: false });
    expect(timedOut.responseBody).toBe(`timed out after ${TIMEOUT_MS} ms`);
    expect(await taskOf(db(), hanging.id)).toMatchObject({ state: 'pending', attempts: 1 });
    // The retry policy (1 s here) sends it again.
    await waitFor(async () => receiver.of(hanging.orderCode).length > 1, WAIT_MS, 'the retry');
    await retire([hanging.id]);
  });

  it('keeps at most CALLBACK_MAX_IN_FLIGHT calls open: a fourth due callback waits for a free slot', async () => {
    const hanging = await Promise.all([0, 1, 2].map(() => paidOrder(db(), { notifyUrl: receiver.url('/hang') })));
    await waitFor(async () => hanging.every((o) => receiver.of(o.orderCode).length > 0), WAIT_MS, 'three hanging calls');
    const good = await paidOrder(db(), { notifyUrl: receiver.url('/ok') });
    // Two rounds pass with every slot held: the due callback is not sent.
    await sleep(1100);
    expect(receiver.of(good.orderCode)).toEqual([]);
    expect((await taskOf(db(), good.id)).state).toBe('pending');
    // A slot frees when the first hanging call times out; the due callback takes it.
    await waitFor(async () => (await taskOf(db(), good.id)).state === 'succeeded', TIMEOUT_MS + WAIT_MS, 'the good callback');
    const timedOut = await db().select().from(orderCallbacks).where(eq(orderCallbacks.state, 'pending'));
    expect(timedOut.filter((t) => hanging.some((o) => o.id === t.orderId) && t.attempts > 0).length).toBeGreaterThan(0);
    await retire(hanging.map((o) => o.id));
  });
});
