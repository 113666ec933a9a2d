/**
 * `npm run test:load`: the full load run (tests/load/engine.ts). LOAD_SECONDS (60), LOAD_OPERATORS
 * (50), LOAD_ORDER_RATE (orders per second, 100), LOAD_ACCOUNTS (receiving accounts taking them, 8),
 * LOAD_OPERATOR_RATE (requests per second per operator, 2; 0 for as fast as answers come). LOAD_DB=postgres runs on a throwaway database on
 * PG_TEST_URL's server (dropped after), else on an in-memory PGlite. Prints the figures; exits 1
 * on any error, a broken ledger invariant, or heap growth over LOAD_MAX_HEAP_GROWTH_MB (32).
 */
import { formatLoadReport } from '../tests/load/report.js';
import { runLoad } from '../tests/load/engine.js';
import { admin, throwawayDatabase } from '../tests/api/postgres-fixture.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const postgres = process.env.LOAD_DB === 'postgres' ? throwawayDatabase('payadmin_load') : null;
if (postgres) {
  const problem = await admin(`create database ${postgres.name}`);
  if (problem) throw new Error(`cannot create ${postgres.name}: ${problem}`);
}
try {
  const report = await runLoad({
    seconds: env('LOAD_SECONDS', 60),
    operators: env('LOAD_OPERATORS', 50),
    orderRate: env('LOAD_ORDER_RATE', 100),
    operatorRate: env('LOAD_OPERATOR_RATE', 2),
    databaseUrl: postgres?.url,
    log: console.log,
  });
  console.log(formatLoadReport(report));
  const growth = report.memory.gcEnd.heapUsed - report.memory.gcStart.heapUsed;
  const failed = report.errorCount > 0 || report.connectionErrors > 0 || !report.ledger.ok || growth > env('LOAD_MAX_HEAP_GROWTH_MB', 32);
  process.exitCode = failed ? 1 : 0;
} finally {
  if (postgres) await admin(`drop database if exists ${postgres.name} with (force)`);
}
