/**
 * `npm run backup [-- <file>]`: a backup of the database the server would open (server/db/backup.ts):
 * the embedded one in DATA_DIR (stop the server first), or PostgreSQL's at DATABASE_URL with
 * pg_dump. Default file: backups/payadmin-<time>.tar.gz (.dump for PostgreSQL).
 */
import { statSync } from 'node:fs';
import { readConfig } from '../server/config.js';
import { backupPglite, backupPostgres } from '../server/db/backup.js';

const config = readConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = process.argv[2] ?? `backups/payadmin-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`;
try {
  if (config.databaseUrl) backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file);
  console.log(`backup: ${file} (${statSync(file).size} bytes)`);
} catch (error) {
  console.error(`backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
