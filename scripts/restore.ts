/**
 * `npm run restore -- <file> [--replace] [--force]`: restores a backup of `npm run backup`
 * (server/db/backup.ts) into the database the server would open, with the servers stopped: the
 * embedded one in DATA_DIR, which must hold none unless --replace moves it aside (kept); or
 * PostgreSQL's at DATABASE_URL, whose app tables must be empty unless --replace drops them, in the
 * restore's one transaction. Prints the rows per table of a restored embedded database.
 */
import { readConfig } from '../server/config.js';
import { restorePglite, restorePostgres } from '../server/db/backup.js';

process.umask(0o077);
const config = readConfig();
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const replace = args.includes('--replace');
try {
  if (!file) throw new Error('name the backup file: npm run restore -- <file> [--replace]');
  if (config.databaseUrl) {
    await restorePostgres(file, config.databaseUrl, replace);
    console.log(`restore: ${file} restored into ${new URL(config.databaseUrl).pathname.slice(1)}`);
  } else {
    const { counts, keptAt } = await restorePglite(file, config.dataDir, { replace, force: args.includes('--force') });
    for (const [table, rows] of Object.entries(counts)) console.log(`restore: ${table.padEnd(40)} ${rows}`);
    if (keptAt) console.log(`restore: the database that was in ${config.dataDir} is kept in ${keptAt}`);
    console.log(`restore: ${file} restored into ${config.dataDir}`);
  }
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
