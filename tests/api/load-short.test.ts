/**
 * The short form of the load run (tests/load/engine.ts; the full one is `npm run test:load`):
 * operators listing, filtering, opening and supplementing orders over HTTP while orders are placed,
 * for 10 s. Every answer is a success, the ledger invariants hold after, and the server's heap after
 * GC has not grown by more than a few MB. Latency is printed, not asserted: the machine is shared.
 * Runs on PostgreSQL (a throwaway database) when the API suite does (API_DB=postgres). The long
 * timeout is for a busy machine: the server seeds its own database (5 s idle, 70 s at load 17).
 */
import { afterAll, expect, it } from 'vitest';
import { runLoad } from '../load/engine.js';
import { formatLoadReport } from '../load/report.js';
import { admin, throwawayDatabase } from './postgres-fixture.js';

const postgres = process.env.API_DB === 'postgres' ? throwawayDatabase('payadmin_load') : null;
afterAll(async () => {
  if (postgres) await admin(`drop database if exists ${postgres.name} with (force)`);
});

it('holds 10 s of operators and order placement with no error, no broken invariant and no heap growth', async () => {
  if (postgres) expect(await admin(`create database ${postgres.name}`)).toBeNull();
  const report = await runLoad({ seconds: 10, operators: 8, orderRate: 5, operatorRate: 1, databaseUrl: postgres?.url });
  console.log(formatLoadReport(report));
  expect(report.errors).toEqual([]);
  expect(report.connectionErrors).toBe(0);
  expect(report.ordersPlaced).toBeGreaterThan(0);
  expect(report.kinds.every((k) => k.requests > 0)).toBe(true);
  expect(report.ledger.ok, report.ledger.text).toBe(true);
  expect(report.memory.gcEnd.heapUsed - report.memory.gcStart.heapUsed).toBeLessThan(16);
}, 360_000);
