/** Starts the real server for e2e on a fresh throwaway PGlite directory (deleted on exit). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clockFile } from './clock.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'payadmin-e2e-'));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = '';
// The test clock of the order timeouts, starting at real time (a stale file of an earlier run is reset).
const clock = clockFile(process.env.PORT ?? 8080);
process.env.TEST_CLOCK_FILE = clock;
writeFileSync(clock, '0');
// The merchant systems of the e2e tests (merchant-system.ts) listen on 127.0.0.1: allowed as an
// operator allows a receiver on the same machine.
process.env.CALLBACK_ALLOW_PRIVATE ??= '127.0.0.1/32';
// The server logs every request at info; the e2e output keeps warnings and errors only.
process.env.LOG_LEVEL ??= 'warn';
const cleanup = () => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(clock, { force: true });
};
process.on('exit', cleanup);
// One key for every server of the run: the demo secrets of the shared seeded copy read back in each.
process.env.SECRETS_KEY ??= Buffer.alloc(32, 9).toString('base64');
// The order-list tests' orders, written with the demo data of the new database.
await import('./order-seed.js');
if (process.env.E2E_SEED) {
  const { seededDataDir } = await import('./seed-copy.js');
  const { loadSecretsKey } = await import('../../server/security/secrets.js');
  loadSecretsKey(process.env, dir);
  await seededDataDir(dir, process.env.E2E_SEED);
}
// The money invariants on this server's database once its tests are done (scripts/test-all.ts reads
// the reports): whatever the flows did through the admin, the ledger must still balance.
const ledgerDir = process.env.E2E_LEDGER_DIR;
if (ledgerDir) {
  const { onStop } = await import('../../server/stop-hooks.js');
  const { checkLedger, formatLedgerReport } = await import('../../server/ledger/invariants.js');
  // Said as it starts, so a server that never reports (killed, or its check failed) fails the run too.
  mkdirSync(ledgerDir, { recursive: true });
  writeFileSync(path.join(ledgerDir, `server-${process.env.PORT}.started`), '');
  onStop(async (db) => {
    const report = await checkLedger(db);
    mkdirSync(ledgerDir, { recursive: true });
    writeFileSync(path.join(ledgerDir, `server-${process.env.PORT}.json`), JSON.stringify({ port: process.env.PORT, ok: report.ok, report: formatLedgerReport(report) }));
  });
}
await import('../../server/main.js');
