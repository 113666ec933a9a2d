/**
 * `npm run backup [-- <file>] [--force]`: a backup of the database the server would open
 * (server/db/backup.ts): the embedded one in DATA_DIR (stop the server first; --force only after a
 * crash left its postmaster.pid), or PostgreSQL's at DATABASE_URL with pg_dump. Default file:
 * backups/payadmin-<time>.tar.gz (.dump for PostgreSQL), readable by its owner alone.
 */
import { statSync } from 'node:fs';
import { readConfig } from '../server/config.js';
import { backupPglite, backupPostgres } from '../server/db/backup.js';

// Every file written here (and by pg_dump) is the owner's alone: it holds every row, and the key.
process.umask(0o077);
const config = readConfig();
const args = process.argv.slice(2);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = args.find((a) => !a.startsWith('--')) ?? `backups/payadmin-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`;
try {
  if (config.databaseUrl) backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file, args.includes('--force'));
  console.log(`backup: ${file} (${statSync(file).size} bytes)`);
} catch (error) {
  console.error(`backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
