/**
 * MessageDelay: a bank credit (SMS or web message) waits that many seconds after it arrived before
 * it is matched to an order (so a payer's own UTR, or an operator, may settle the order first). A
 * record stored while the delay is above 0 is `delayed`; this job matches each once its wait is
 * over, reading the delay on every run (set to 0, every waiting record is matched at the next run).
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances never match a record twice.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { auditRecords, bankStatements } from '../db/schema/index.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { matchBankCredit, type MatchResult } from './match.js';

/** Seconds a new credit waits before matching (0: matched as it arrives). */
export const messageDelaySeconds = async (db: Db) => Number((await getSetting(db, 'MessageDelay')).value) || 0;

/**
 * Matches the delayed records whose wait is over, oldest first, up to `batch`; answers how many it
 * matched or settled. One transaction per record: a match locks its order and its members'
 * balances, and a hundred of them held at once could wait in a circle with payments going on
 * meanwhile. A record whose match fails is rolled back alone and passed over for the records behind
 * it; it stays delayed, is tried again on the next run, and is named in the error this throws once
 * the rest are done (the job's log).
 */
export async function matchDelayedRecords(db: Db, batch = 100): Promise<number> {
  const seconds = await messageDelaySeconds(db);
  const failed: { id: number; error: unknown }[] = [];
  let settled = 0;
  let after = 0;
  while (settled + failed.length < batch) {
    const claimed: { id?: number } = {};
    try {
      const done = await matchNext(db, seconds, after, claimed);
      if (done === null) break;
      after = done;
      settled++;
    } catch (error) {
      // Nothing claimed: the database itself failed, and the next record would fail alike.
      if (claimed.id === undefined) throw failure(failed, settled, error);
      failed.push({ id: claimed.id, error });
      after = claimed.id;
    }
  }
  if (failed.length) throw failure(failed, settled);
  return settled;
}

/** The run's error naming the records that failed (and what stopped it, when something did). */
function failure(failed: { id: number; error: unknown }[], settled: number, stopped?: unknown): unknown {
  if (!failed.length) return stopped;
  const errors = [...failed.map((f) => f.error), ...(stopped === undefined ? [] : [stopped])];
  return new AggregateError(errors, `delayed bank records ${failed.map((f) => f.id).join(', ')} failed to match; ${settled} others matched${stopped === undefined ? '' : '; the run then stopped on an error'}`);
}

/** Claims the oldest due record after id `after` (its id written to `claimed`) and matches it; answers its id, or null when none is due. */
function matchNext(db: Db, seconds: number, after: number, claimed: { id?: number }): Promise<number | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [record] = await tx
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.matchState, 'delayed'), gt(bankStatements.id, after), lte(bankStatements.createdAt, sql`now() - make_interval(secs => ${seconds})`)))
      .orderBy(asc(bankStatements.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!record) return null;
    claimed.id = record.id;
    const match: MatchResult =
      record.accountId === null ? { matchState: 'unmatched', matchedOrderCode: null } : await matchBankCredit(tx, { accountId: record.accountId, amount: record.amount, occurredAt: record.occurredAt, utr: record.utr });
    await tx.update(bankStatements).set(match).where(eq(bankStatements.id, record.id));
    await tx.insert(auditRecords).values({ userId: null, action: 'bankStatement.delayedMatch', target: String(record.id), before: { matchState: 'delayed' }, after: { ...match, delaySeconds: seconds } });
    return record.id;
  });
}

export const delayedMatchJob: Job = { name: 'bankDelayedMatch', everyMs: 5_000, run: (services) => matchDelayedRecords(services.db).then(() => undefined) };
