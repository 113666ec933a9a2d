/**
 * `npm run check:ledger`: checks the money invariants (server/ledger/invariants.ts) on the
 * database the server would open: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in
 * DATA_DIR (default ./data; stop the server first, PGlite admits one process). Exits 0 with a
 * summary when every invariant holds, 1 with a report of each break otherwise, 2 when it cannot look.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../server/config.js';
import { openPglite, openPostgres, type Database } from '../server/db/client.js';
import { checkLedger, formatLedgerReport } from '../server/ledger/invariants.js';

const config = readConfig();
let database: Database;
if (config.databaseUrl) database = await openPostgres(config.databaseUrl);
// A directory without PG_VERSION holds no database: opening it would create an empty one.
else if (existsSync(path.join(config.dataDir, 'PG_VERSION'))) database = await openPglite({ dataDir: config.dataDir });
else {
  console.error(`No database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  process.exit(2);
}
try {
  const report = await checkLedger(database.db);
  console.log(formatLedgerReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
