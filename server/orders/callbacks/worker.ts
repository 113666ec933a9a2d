/**
 * Sends due merchant callbacks. Each round claims due tasks with a lease (their next try moved
 * past the longest a call can take, in one statement that skips rows another instance is
 * claiming), so two instances on one database never send the same attempt. Calls run in the
 * background, side by side: the round returns at once, and a notify URL that hangs holds only its
 * own call. Each call is recorded as an attempt; its outcome moves the task (succeeded, retry
 * later, failed at the deadline) and the order (callbackSucceeded / callbackFailed) through the
 * state machine. A task whose call was cut short by a shutdown is due again at once.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { isSuccess, statusCode, type OrderStatus } from '../../../resources/orders/statuses.js';
import { orderCallbackAttempts, orderCallbacks, orders } from '../../db/schema/index.js';
import { getSetting } from '../../settings/store.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../../http/route.js';
import type { Job } from '../../jobs/runner.js';
import { transition } from '../state-machine.js';
import type { OrderRow } from '../order-row.js';
import { callableUrl, postJson, type HttpResult } from './http-call.js';
import { notificationOf } from './notification.js';
import { UnsignableValue } from '../sign.js';
import type { OutgoingRule } from '../../outgoing/guarded-fetch.js';
import type { CallbackResult } from '../../metrics/registry.js';

type Task = typeof orderCallbacks.$inferSelect;

/** Beyond the call's timeout, the lease leaves this long to record the outcome before another instance may try. */
const LEASE_MARGIN_MS = 60_000;

/** An outcome to record: a call's result, or a failure before any call (`final`: no retry can help). */
type Outcome = HttpResult & { params: Record<string, unknown>; final?: boolean };

/** Claims up to `limit` due tasks for this instance: their next try moves to the end of the lease. */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<Task[]> {
  const due = db
    .select({ id: orderCallbacks.id })
    .from(orderCallbacks)
    .where(and(eq(orderCallbacks.state, 'pending'), isNull(orderCallbacks.deletedAt), lte(orderCallbacks.nextAttemptAt, sql`now()`)))
    .orderBy(asc(orderCallbacks.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orderCallbacks)
    // To the millisecond, as the claim reads it back: record() finds its claim by this value.
    .set({ nextAttemptAt: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))` })
    .where(inArray(orderCallbacks.id, due))
    .returning();
}

/** The task is still this claim's: no re-send or other claim has set its next try since. */
const claimHeld = (task: Task) => (task.nextAttemptAt === null ? isNull(orderCallbacks.nextAttemptAt) : eq(orderCallbacks.nextAttemptAt, task.nextAttemptAt));

/** Prepares and makes one call; 'stopped' when the server stopped it. */
async function call(db: Db, rule: OutgoingRule, task: Task, timeoutMs: number, stop: AbortSignal): Promise<Outcome | 'stopped'> {
  const failed = (body: string, params: Record<string, unknown> = {}, final = false): Outcome => ({ status: null, body, durationMs: 0, success: false, params, final });
  if (!callableUrl(task.url)) return failed('not called: the notify URL is not an http(s) URL', {}, true);
  let params: Record<string, unknown>;
  try {
    params = { ...(await notificationOf(db, task.orderId)) };
  } catch (error) {
    // A value holding & or = is never sent signed (../sign.ts); no retry would change it.
    return failed(`not called: ${error instanceof Error ? error.message : String(error)}`, {}, error instanceof UnsignableValue);
  }
  const result = await postJson(rule, task.url, params, timeoutMs, stop);
  // A call the address rule refused is never retried: the receiver is not down, it is not allowed.
  return result === 'stopped' ? result : { ...result, params, final: result.refused };
}

/** Moves the order (locked by record()) when the callback's outcome says so; a paid order that already reported success stays so. */
async function moveOrder(tx: Db, order: OrderRow | undefined, to: 'callbackSucceeded' | 'callbackFailed') {
  if (!order) return;
  const from: OrderStatus | undefined = statusCode(order.status);
  // A reversed order (no longer paid) and one already in the target status are left as they are.
  if (!from || !isSuccess(from) || from === to || (to === 'callbackFailed' && from === 'callbackSucceeded')) return;
  const reason = to === 'callbackSucceeded' ? 'the notify URL acknowledged the callback' : 'no acknowledgement before the callback deadline';
  await transition(tx, order, { action: 'callbackResult', to, actor: { userId: null }, reason });
}

/**
 * Records the attempt and moves the task and its order, in one transaction. The order is locked
 * first, as every other writer of a task does (a payment or a re-send locks the order, then
 * schedules), so the two never wait for each other in a circle. The task moves only while this
 * claim still holds it (its next try is the lease claimDue set): a re-send made during the call
 * started a new round, which an earlier try's late outcome must not end or put off.
 */
async function record(db: Db, task: Task, outcome: Outcome, retryDelaysMs: number[]): Promise<string | undefined> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, task.orderId)).for('update').limit(1);
    const systemFlag = String((await getSetting(tx, 'SysFlag')).value ?? '');
    await tx.insert(orderCallbackAttempts).values({
      callbackId: task.id,
      orderId: task.orderId,
      orderCode: task.orderCode,
      merchantOrderNo: task.merchantOrderNo,
      merchantId: task.merchantId,
      url: task.url,
      httpMethod: 'POST',
      params: outcome.params,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      durationMs: outcome.durationMs,
      success: outcome.success,
      systemFlag,
    });
    // The delay grows with the tries of this round; the last one repeats.
    const delay = retryDelaysMs[Math.min(task.attempts, retryDelaysMs.length - 1)];
    const giveUp = outcome.final ? sql`true` : sql`now() >= ${orderCallbacks.deadlineAt}`;
    const [updated] = await tx
      .update(orderCallbacks)
      .set({
        attempts: sql`${orderCallbacks.attempts} + 1`,
        lastAttemptAt: sql`now()`,
        ...(outcome.success
          ? { state: 'succeeded', nextAttemptAt: null }
          : {
              state: sql`case when ${giveUp} then 'failed' else 'pending' end`,
              // Never later than the deadline: the last try happens at it.
              nextAttemptAt: sql`case when ${giveUp} then null else least(now() + make_interval(secs => ${delay / 1000}), ${orderCallbacks.deadlineAt}) end`,
            }),
      })
      .where(and(eq(orderCallbacks.id, task.id), claimHeld(task)))
      .returning({ state: orderCallbacks.state });
    if (updated?.state === 'succeeded') await moveOrder(tx, order, 'callbackSucceeded');
    if (updated?.state === 'failed') await moveOrder(tx, order, 'callbackFailed');
    return updated?.state;
  });
}

const resultOf = (outcome: Outcome): CallbackResult => (outcome.success ? 'acknowledged' : outcome.refused ? 'refused' : 'failed');

/** One instance's sender: its calls in flight, and the signal that stops them. */
class CallbackSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  /** Failures of background calls, reported by the next round (the job runner logs what a round throws). */
  private failures: unknown[] = [];

  constructor(private readonly services: Services) {}

  async round(): Promise<void> {
    const { db, config } = this.services;
    const { maxInFlight, timeoutMs, retryDelaysMs } = config.callbacks;
    const failures = this.failures;
    this.failures = [];
    const room = maxInFlight - this.inFlight.size;
    const tasks = room > 0 && !this.stopping.signal.aborted ? await claimDue(db, room, timeoutMs + LEASE_MARGIN_MS) : [];
    for (const task of tasks) {
      const work = this.send(db, task, timeoutMs, retryDelaysMs)
        .catch((error: unknown) => void this.failures.push(error))
        .finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
    }
    if (failures.length) throw new AggregateError(failures, `${failures.length} callback(s) could not be recorded; they are retried when their lease ends`);
  }

  private async send(db: Db, task: Task, timeoutMs: number, retryDelaysMs: number[]) {
    const outcome = await call(db, this.services.config.outgoing, task, timeoutMs, this.stopping.signal);
    if (outcome === 'stopped') {
      // Nothing was answered: another instance (or the next start) may send it at once.
      await db.update(orderCallbacks).set({ nextAttemptAt: sql`now()` }).where(and(eq(orderCallbacks.id, task.id), eq(orderCallbacks.state, 'pending'), claimHeld(task)));
      return;
    }
    const state = await record(db, task, outcome, retryDelaysMs);
    // Counted once the attempt is recorded, as the callback screens show it.
    const { metrics } = this.services;
    metrics.callbackAttempts.inc({ result: resultOf(outcome) });
    if (state === 'failed') metrics.callbacksGivenUp.inc();
  }

  /** Cuts the calls in flight short and waits until each has released its task. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}

/** One sender per app instance (tests run several instances in one process). */
const senders = new WeakMap<Services, CallbackSender>();
const senderOf = (services: Services): CallbackSender => {
  let sender = senders.get(services);
  if (!sender) senders.set(services, (sender = new CallbackSender(services)));
  return sender;
};

export const callbackJob: Job = {
  name: 'orderCallbacks',
  everyMs: 1000,
  run: (services) => senderOf(services).round(),
  stop: async (services) => {
    await senders.get(services)?.stop();
    senders.delete(services);
  },
};
