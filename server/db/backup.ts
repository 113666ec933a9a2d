/**
 * Backups of the database (`npm run backup`, `npm run restore`: scripts/backup.ts, scripts/restore.ts).
 *  - Embedded PGlite (DATA_DIR): the data directory as PGlite's own gzipped tarball
 *    (dumpDataDir), written while the database is open in this process alone (stop the server
 *    first: PGlite admits one process). It carries DATA_DIR's secrets key file (secrets.ts) with the
 *    data, so a restore can read the stored merchant keys and bank passwords: keep it as secret. A restore unpacks it into an empty directory and opens it,
 *    which applies the migrations a newer server has, so a backup of an older version comes back
 *    upgraded.
 *  - PostgreSQL (DATABASE_URL): pg_dump's custom format, and pg_restore into the database of the
 *    URL, dropping what it replaces (`--clean --if-exists`), without owners, so a dump restores
 *    under another role. Both tools come with PostgreSQL's client package.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from './client.js';
import { SECRETS_KEY_FILE } from '../security/secrets.js';

/** Rows per table of every table of the app and of its migration record (what a restore shows). */
async function tableCounts(db: Database['db']): Promise<Record<string, number>> {
  const { rows } = (await db.execute(sql`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`)) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const [schema, table] = name.split('.');
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] };
    counts[name] = result.rows[0].n;
  }
  return counts;
}

const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Writes the embedded database of `dataDir` to `file` (a .tar.gz); answers its size in bytes. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!hasDatabase(dataDir)) throw new Error(`no database in ${dataDir}`);
  const database = await openPglite({ dataDir });
  try {
    const archive = Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // The archive holds every row and, with the data, the secrets key file: the owner's eyes only.
    writeFileSync(file, archive, { mode: 0o600 });
    return archive.length;
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into `dataDir` and answers the rows per table. The directory must hold no
 * database, unless `replace`: then the one there is moved aside to `<dataDir>.before-restore-<time>`
 * (kept, never deleted), and answered as `keptAt`.
 */
export async function restorePglite(file: string, dataDir: string, replace = false): Promise<{ counts: Record<string, number>; keptAt?: string }> {
  const archive = readFileSync(file);
  let keptAt: string | undefined;
  if (hasDatabase(dataDir)) {
    if (!replace) throw new Error(`${dataDir} already holds a database: restore into an empty directory, or pass --replace to move it aside`);
    keptAt = `${dataDir.replace(/\/+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAt);
  } else if (existsSync(dataDir) && readdirSync(dataDir).length) {
    throw new Error(`${dataDir} is not empty and holds no database: restore into an empty directory`);
  }
  const database = await openPglite({ dataDir, loadDataDir: new Blob([archive]) });
  // Unpacked files come back readable by all; the secrets key file is the owner's alone, as the server makes it.
  const keyFile = path.join(dataDir, SECRETS_KEY_FILE);
  if (existsSync(keyFile)) chmodSync(keyFile, 0o600);
  try {
    return { counts: await tableCounts(database.db), ...(keptAt ? { keptAt } : {}) };
  } finally {
    await database.close();
  }
}

function run(tool: string, args: string[]): void {
  const done = spawnSync(tool, args, { encoding: 'utf8' });
  if (done.error) throw new Error(`${tool} could not run (${done.error.message}): install PostgreSQL's client tools`);
  if (done.status !== 0) throw new Error(`${tool} failed: ${done.stderr.trim()}`);
}

/** pg_dump of the database at `url` to `file`, in the custom format pg_restore reads. */
export function backupPostgres(url: string, file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  run('pg_dump', ['--format=custom', '--file', file, '--dbname', url]);
}

/** pg_restore of `file` into the database at `url`, replacing the objects it holds, in one transaction: all or nothing. */
export function restorePostgres(file: string, url: string): void {
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', url, file]);
}
