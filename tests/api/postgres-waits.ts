/**
 * What the PostgreSQL concurrency tests share: a seeded throwaway database for the file, a
 * transaction held open, a lock that must not be waited for, and one that must.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { seededDatabase } from './faults-fixture.js';
import { pgProblem } from './postgres-fixture.js';
import type { Db } from '../../server/db/client.js';
import { rowsOf } from '../../server/statistics/engine.js';

/** The promise's value, or a failure naming `what` when it takes over 5 s (it waits for a lock it should not). */
export async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} waited over 5 s`)), 5000)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once `count` connections to the test database wait for a lock (polled: the state is the database's, not the process's). */
export async function waitForLockWaiter(db: Db, count = 1): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    if (row.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} connections waited for a lock within 5 s`);
}

/**
 * A transaction on `db` that runs `work`, then stays open until `end()`: what it locked stays locked.
 * `started` resolves once `work` is done (and rejects at once when it fails).
 */
export function holding(db: Db, work: (tx: Db) => Promise<unknown>): { started: Promise<void>; end: () => Promise<void> } {
  let letEnd!: () => void;
  const mayEnd = new Promise<void>((resolve) => (letEnd = resolve));
  let started!: () => void;
  const hasStarted = new Promise<void>((resolve) => (started = resolve));
  const done = db.transaction(async (tx) => {
    await work(tx as unknown as Db);
    started();
    await mayEnd;
  });
  return { started: Promise.race([hasStarted, done.then(() => undefined)]), end: () => (letEnd(), done) };
}

/**
 * A seeded throwaway database on PG_TEST_URL for the tests of the calling describe (made before them,
 * dropped after); answers its Drizzle handle. Call it inside a describe that skips without PostgreSQL.
 */
export function useSeededPostgres(prefix: string): () => Db {
  let seeded: Awaited<ReturnType<typeof seededDatabase>> | undefined;
  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    seeded = await seededDatabase(prefix);
  }, 60_000);
  afterAll(async () => seeded?.drop());
  return () => seeded!.database.db;
}
