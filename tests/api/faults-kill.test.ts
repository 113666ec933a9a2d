/**
 * The server killed (SIGKILL) in the middle of a payout batch confirm, an order supplement and a
 * balance adjustment, each sent with an Idempotency-Key, on PostgreSQL. The real server runs as a
 * child process; FAULT_PAUSE (server/http/fault-point.ts) holds the three requests at once at a
 * named point so the kill lands there:
 *  1. `commit:<url>`: every write done, the transaction open. Killed: the database is as before,
 *     to the row (nothing at all of any of the three).
 *  2. restarted with `reply:<url>`, the same three requests retried with the same keys: they act,
 *     commit, and the process is killed before answering. The database holds all of each, once.
 *  3. restarted without a pause, the three retried again: each replays its first answer and
 *     writes nothing more.
 * After each kill the money invariants hold (server/ledger/invariants.ts, as `npm run check:ledger`).
 * Needs PostgreSQL (tests/api/postgres-fixture.ts): skips when none answers, outside CI.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderApi } from '../../resources/orders/api.js';
import { auditRecords, idempotencyKeys, ledgerEntries, orders, payoutBatches } from '../../server/db/schema/index.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { checkLedger, formatLedgerReport } from '../../server/ledger/invariants.js';
import { runBatchExports } from '../../server/payout-batches/export-job.js';
import { pgProblem } from './postgres-fixture.js';
import { seededDatabase, skipFaults, startServer, type ChildServer } from './faults-fixture.js';
import { dbFingerprint } from './db-fingerprint.js';
import { emptyPayoutPool, fundMerchant, placePayouts } from './payout-batch-fixture.js';
import { insertOrder, orderByCode, orderLedger, userIdOf } from './orders-fixture.js';

const CONFIRM = '/payoutBatch/confirm';
const ADJUST = '/merchant/adjustBalance';

describe.skipIf(skipFaults)('SIGKILL in the middle of money operations', () => {
  let seeded: Awaited<ReturnType<typeof seededDatabase>>;
  let server: ChildServer | undefined;
  const db = () => seeded.database.db;
  const session = { token: '', token2: '' };

  const call = async (url: string, body: object, key?: string) => {
    const response = await fetch(`${server!.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en-US', ...session, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { ...((await response.json()) as { code: number; data: any; msg: string }), replayed: response.headers.get('idempotent-replayed') === 'true' };
  };
  const expectLedgerSound = async () => {
    const report = await checkLedger(db());
    expect(report.ok, formatLedgerReport(report)).toBe(true);
  };

  // The three operations, each on members of its own so that none waits on another's row locks.
  let batchId = 0;
  let payoutIds: number[] = [];
  let orderCode = '';
  let merchant3 = 0;
  const operations = () => [
    { url: CONFIRM, body: { id: batchId }, key: 'kill-confirm' },
    { url: orderApi.supplement, body: { orderCode, utr: 'UTR-KILL-1' }, key: 'kill-supplement' },
    { url: ADJUST, body: { id: merchant3, amount: 4321, reason: 'kill test' }, key: 'kill-adjust' },
  ];
  const points = (at: 'commit' | 'reply') => operations().map((o) => `${at}:${o.url}`);
  /** Sends the three at once and kills the server when all three stand at their pause points. */
  const sendAndKill = async () => {
    const sent = operations().map((o) => call(o.url, o.body, o.key).catch((error: unknown) => error));
    // An operation answered before the kill never reached its pause point: fail at once with its
    // answer and the server's output, rather than wait for the test's timeout.
    const answeredEarly = sent.map((outcome, i) =>
      outcome.then((answer) => {
        if (!(answer instanceof Error)) throw new Error(`${operations()[i].url} answered before its pause point: ${JSON.stringify(answer)}\n${server!.output()}`);
        return new Promise<never>(() => undefined);
      }),
    );
    await Promise.race([server!.paused, ...answeredEarly]);
    await server!.kill();
    for (const outcome of await Promise.all(sent)) expect(outcome).toBeInstanceOf(Error);
  };
  const auditCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(auditRecords))[0].n;

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    seeded = await seededDatabase('payadmin_kill');
    await fundMerchant(db());
    // The demo pool's payouts are rejected so the batch takes exactly the three placed here.
    await emptyPayoutPool(db());
    payoutIds = (await placePayouts(db(), 3)).map((p) => p.id);
    orderCode = (await insertOrder(db(), { merchant: 'merchant2', supplier: 'supplier2' })).orderCode;
    merchant3 = await userIdOf(db(), 'merchant3');
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await seeded?.drop();
  });

  it('a kill before the commit leaves nothing; after it, everything once; retries replay', async () => {
    // 1. Killed with all three transactions open.
    server = await startServer(seeded.url, points('commit'));
    const login = await call('/user/login', { userName: 'admin', password: DEMO_PASSWORD });
    session.token = login.data.token;
    session.token2 = (await call('/user/login2', { password: DEMO_PASSWORD, logInReason: 'test' })).data.token2;
    const created = await call('/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 3 });
    expect(created.code, created.msg).toBe(200);
    batchId = created.data.id;
    expect((await call('/payoutBatch/export', { id: batchId })).code).toBe(200);
    expect(await runBatchExports(db())).toBe(1);

    // The kill lands in a quarter hour no change has marked for the statistics yet (as when the
    // setup ran in the one before): the supplement and the confirm both mark it, neither waiting.
    await db().execute(sql`delete from order_stat_stale`);
    const before = await dbFingerprint(db());
    const auditsBefore = await auditCount();
    await sendAndKill();
    expect(await dbFingerprint(db())).toBe(before);
    expect(await auditCount()).toBe(auditsBefore);
    await expectLedgerSound();

    // 2. Restarted on the same database; the retries act and commit, then the process dies unanswered.
    server = await startServer(seeded.url, points('reply'));
    const ledgerBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(ledgerEntries))[0].n;
    await sendAndKill();
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    expect(batch.state).toBe(4);
    const payouts = await db().select().from(orders).where(inArray(orders.id, payoutIds));
    expect(payouts.map((p) => p.payoutStatus)).toEqual([4, 4, 4]);
    expect(await orderByCode(db(), orderCode)).toMatchObject({ utr: 'UTR-KILL-1', supplemented: true, status: 13 });
    expect((await orderLedger(db(), orderCode)).rows.length).toBeGreaterThan(0);
    const adjusted = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, merchant3), eq(ledgerEntries.note, 'kill test')));
    expect(adjusted).toHaveLength(1);
    expect(await db().select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, operations().map((o) => o.key)))).toHaveLength(3);
    await expectLedgerSound();
    const after = await dbFingerprint(db());
    const ledgerAfter = (await db().select({ n: sql<number>`count(*)::int` }).from(ledgerEntries))[0].n;
    expect(ledgerAfter).toBeGreaterThan(ledgerBefore);

    // 3. Restarted without a pause: each retry replays its first answer and writes nothing more.
    server = await startServer(seeded.url);
    for (const o of operations()) {
      const answer = await call(o.url, o.body, o.key);
      expect(answer.code, `${o.url}: ${answer.msg}`).toBe(200);
      expect(answer.replayed, o.url).toBe(true);
    }
    expect((await call(CONFIRM, { id: batchId }, 'kill-confirm')).data).toMatchObject({ state: 4, completed: 3 });
    expect(await dbFingerprint(db())).toBe(after);
    await expectLedgerSound();
  }, 120_000);
});
