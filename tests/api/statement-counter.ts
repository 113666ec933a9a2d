/**
 * Counts the statements the database is sent, begin, commit and savepoints included, at the
 * driver: node-postgres' Client#query, PGlite's protocol messages (an Execute of the extended
 * protocol, or a simple Query). For the tests that hold the busiest paths to their round trips.
 */
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import type { TestServer } from './harness.js';

/** Installs the count around each test of the file; `sent()` reads it, `reset()` starts again. */
export function countStatements(server: TestServer): { sent: () => number; reset: () => void } {
  let sent = 0;
  let undo: () => void = () => undefined;
  beforeEach(() => {
    const { pglite } = server.database;
    if (pglite) {
      const original = pglite.execProtocolStream.bind(pglite);
      // 'E' (69) runs a parsed statement, 'Q' (81) a simple query: one each per statement run.
      pglite.execProtocolStream = (message, options) => {
        if (message[0] === 69 || message[0] === 81) sent++;
        return original(message, options);
      };
      undo = () => void (pglite.execProtocolStream = original);
    } else {
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        sent++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      undo = () => void (pg.Client.prototype.query = original);
    }
  });
  afterEach(() => undo());
  return { sent: () => sent, reset: () => void (sent = 0) };
}
