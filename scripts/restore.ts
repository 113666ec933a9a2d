/**
 * `npm run restore -- <file> [--replace]`: restores a backup of `npm run backup`
 * (server/db/backup.ts) into the database the server would open: the embedded one in DATA_DIR,
 * which must hold none unless --replace moves it aside (kept), or PostgreSQL's at DATABASE_URL with
 * pg_restore. Prints the rows per table of a restored embedded database.
 */
import { readConfig } from '../server/config.js';
import { restorePglite, restorePostgres } from '../server/db/backup.js';

const config = readConfig();
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
try {
  if (!file) throw new Error('name the backup file: npm run restore -- <file> [--replace]');
  if (config.databaseUrl) {
    restorePostgres(file, config.databaseUrl);
    console.log(`restore: ${file} restored into ${new URL(config.databaseUrl).pathname.slice(1)}`);
  } else {
    const { counts, keptAt } = await restorePglite(file, config.dataDir, args.includes('--replace'));
    if (keptAt) console.log(`restore: the database that was in ${config.dataDir} is kept in ${keptAt}`);
    for (const [table, rows] of Object.entries(counts)) console.log(`restore: ${table.padEnd(40)} ${rows}`);
    console.log(`restore: ${file} restored into ${config.dataDir}`);
  }
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
