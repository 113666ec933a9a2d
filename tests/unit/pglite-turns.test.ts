/**
 * The turns on PGlite's one connection (server/db/pglite-turns.ts), on a stand-in connection with a
 * clock of its own: each use logs itself and moves the clock by its duration (a transaction 30 ms,
 * a statement 5 ms), so the rules are checked without timing a real database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { BULK_WAIT_MS, inBulkLane, pgliteTurns, type PgliteConnection } from '../../server/db/pglite-turns';

type Labelled = ((tx: Transaction) => Promise<unknown>) & { label: string };

function standIn() {
  const log: string[] = [];
  let now = 0;
  let inUse = 0;
  let overlaps = 0;
  const use = async (name: string, ms: number, work: () => Promise<unknown> = async () => undefined) => {
    if (inUse++ > 0) overlaps++;
    log.push(name);
    now += ms;
    try {
      await work();
      if (name.startsWith('fail')) throw new Error(name);
      return { rows: [], fields: [] };
    } finally {
      inUse--;
    }
  };
  const client: PgliteConnection = {
    query: ((text: string) => use(text, 5)) as PGlite['query'],
    transaction: ((callback: Labelled) => use(`tx ${callback.label}`, 30, () => callback(undefined as never))) as unknown as PGlite['transaction'],
  };
  return { turns: pgliteTurns(client, () => now), log, overlaps: () => overlaps, time: () => now };
}

/** A transaction's callback, named in the log. */
const named = (label: string, work: () => Promise<unknown> = async () => undefined): Labelled => Object.assign(() => work(), { label });

describe('PGlite turns: people before the merchant API stream, which is never starved', () => {
  it("a person's statement queued behind a stream of creations runs right after the transaction in progress", async () => {
    const { turns, log } = standIn();
    const creations = inBulkLane(() => Array.from({ length: 5 }, (_, i) => turns.transaction(named(`c${i}`))));
    const list = turns.query('operator list');
    await Promise.all([...creations, list]);
    // c0 had the connection already; the list goes before the four creations still queued.
    expect(log).toEqual(['tx c0', 'operator list', 'tx c1', 'tx c2', 'tx c3', 'tx c4']);
  });

  it('a request of several statements waits for one transaction, not one per statement', async () => {
    const { turns, log } = standIn();
    const stream = inBulkLane(() => Array.from({ length: 6 }, (_, i) => turns.transaction(named(`c${i}`))));
    const request = (async () => {
      for (const step of ['session', 'count', 'page']) await turns.query(step);
    })();
    await Promise.all([...stream, request]);
    expect(log.slice(0, 4)).toEqual(['tx c0', 'session', 'count', 'page']);
  });

  it(`the merchant API gets a turn once others have held the connection ${BULK_WAIT_MS} ms while it waited`, async () => {
    const { turns, log, time } = standIn();
    let bulkRanAt = -1;
    // Other requests' statements keep coming, each as the one before it ends; the creation queues behind the first.
    const busy = (async () => {
      for (let i = 0; i < 40; i++) await turns.query(`s${i}`);
    })();
    const creation = inBulkLane(() => turns.transaction(named('c0', async () => void (bulkRanAt = time()))));
    await Promise.all([creation, busy]);
    expect(log).toContain('tx c0');
    // It started once the others had had their share: the share and one statement, well before the 40 ended.
    expect(bulkRanAt).toBeLessThanOrEqual(BULK_WAIT_MS + 5 + 30);
    expect(log.indexOf('tx c0')).toBeLessThan(log.indexOf('s39'));
  });

  it('a transaction holds the connection for its whole callback: nothing runs inside it', async () => {
    const { turns, log, overlaps } = standIn();
    const slow = turns.transaction(named('slow', () => new Promise((resolve) => setTimeout(resolve, 20))));
    const read = turns.query('read');
    const creation = inBulkLane(() => turns.transaction(named('c0')));
    await Promise.all([slow, read, creation]);
    expect(overlaps()).toBe(0);
    expect(log).toEqual(['tx slow', 'read', 'tx c0']);
  });

  it('the event loop gets a turn between two uses (sockets are read while creations queue)', async () => {
    const { turns, log } = standIn();
    const stream = inBulkLane(() => Array.from({ length: 5 }, (_, i) => turns.transaction(named(`c${i}`))));
    await eventLoopTurn();
    log.push('event loop');
    await Promise.all(stream);
    expect(log.indexOf('event loop')).toBeLessThan(log.indexOf('tx c4'));
  });

  it("a transaction's callback runs in its own caller's async context, not in that of the request ahead of it", async () => {
    const { turns } = standIn();
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const callback = (label: string) => named(label, async () => void seen.push(request.getStore()));
    await Promise.all([request.run('first', () => turns.transaction(callback('a'))), request.run('second', () => turns.transaction(callback('b'))), inBulkLane(() => request.run('third', () => turns.transaction(callback('c'))))]);
    expect(seen).toEqual(['first', 'second', 'third']);
  });

  it("a failed use answers its caller's error and the next use still runs", async () => {
    const { turns } = standIn();
    const failed = turns.query('fail here');
    const next = turns.query('next');
    await expect(failed).rejects.toThrow('fail here');
    await expect(next).resolves.toEqual({ rows: [], fields: [] });
  });
});
