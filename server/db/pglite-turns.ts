/**
 * Turns on PGlite's one connection, so a stream of merchants' order creations cannot starve the
 * requests of people at a screen (an operator's list).
 *
 * PGlite runs one statement or transaction at a time and queues the rest first come, first served.
 * Its queue moves on in promise callbacks, so queued transactions ran back to back without the
 * event loop reading a socket: under 50 orders/s an operator's request was not even read until
 * every creation queued before it had committed, and its statements then queued behind the
 * creations that came in with it. Here:
 * - between two uses of the connection the event loop gets its turn (new requests are read);
 * - uses come in two lanes, each first come, first served: the merchant API's (inBulkLane, set
 *   per route by server/http/register.ts) and all others. A waiting use of the other lane goes
 *   first, unless that lane has held the connection BULK_WAIT_MS in a row while the bulk lane
 *   waited: then one bulk use runs. So a person's statement waits for at most the use in progress
 *   (one creation's transaction), and the merchant API still gets most of a busy connection.
 *
 * A transaction is one use: it holds the connection for its whole callback, its statements run
 * inside it on its own object, and no other use starts before it ends. Whatever reaches PGlite
 * without these turns (backups, LISTEN) still waits on PGlite's own lock.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** How long the other lane may keep the connection while a bulk use waits (ms). */
export const BULK_WAIT_MS = 50;

const bulk = new AsyncLocalStorage<true>();

/** Runs `work` with its database uses behind other requests' on PGlite (no effect on PostgreSQL's pool). */
export function inBulkLane<T>(work: () => T): T {
  return bulk.run(true, work);
}

/** The part of PGlite that drizzle's PGlite driver calls. */
export type PgliteConnection = Pick<PGlite, 'query' | 'transaction'>;

type Use = () => Promise<void>;

export function pgliteTurns(client: PgliteConnection, clock: () => number = () => performance.now()): PgliteConnection {
  const first: Use[] = [];
  const bulkLane: Use[] = [];
  let running = false;
  /** Since when the first lane has held the connection while a bulk use waited; null when none waits. */
  let heldSince: number | null = null;

  const next = (): Use | undefined => {
    if (bulkLane.length === 0 || first.length === 0) {
      heldSince = null;
      return first.shift() ?? bulkLane.shift();
    }
    heldSince ??= clock();
    if (clock() - heldSince < BULK_WAIT_MS) return first.shift();
    heldSince = null;
    return bulkLane.shift();
  };

  const drain = async () => {
    running = true;
    try {
      // An idle connection starts its first use at once; each later one after the event loop's turn.
      for (let use = next(); use; use = next()) {
        await use();
        await eventLoopTurn();
      }
    } finally {
      running = false;
    }
  };

  const enqueue = <T>(run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      // Bound to the caller's async context: a transaction's callback must see its own request's
      // stores (settings read, audit actor), not those of the request whose turn started the queue.
      (bulk.getStore() ? bulkLane : first).push(AsyncResource.bind(() => run().then(resolve, reject)));
      if (!running) void drain();
    });

  return {
    query: ((...args: Parameters<PGlite['query']>) => enqueue(() => client.query(...args))) as PGlite['query'],
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => enqueue(() => client.transaction(callback)),
  };
}
