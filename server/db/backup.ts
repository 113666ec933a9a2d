/**
 * Backups of the database (`npm run backup`, `npm run restore`: scripts/backup.ts, scripts/restore.ts).
 *  - Embedded PGlite (DATA_DIR): the data directory as PGlite's own gzipped tarball (dumpDataDir),
 *    taken with the server stopped (PGlite admits one process and takes no lock: a directory whose
 *    postmaster.pid is there is open, or was left by a crash, and is refused unless forced). The
 *    backup opens the directory as it is, without migrating it. It carries DATA_DIR's secrets key
 *    file (security/secrets.ts) with the data, so a restore can read the stored secrets: keep it as
 *    secret. A restore unpacks into a new directory beside DATA_DIR and opens it there (applying
 *    the migrations a newer server has); only once that worked does it take DATA_DIR's place, so a
 *    bad archive leaves DATA_DIR as it was.
 *  - PostgreSQL (DATABASE_URL): pg_dump's custom format; pg_restore in one transaction, into a
 *    database whose app schemas are empty, or with `replace` a script of the dump run by psql in
 *    one transaction after dropping those schemas: all or nothing. The password goes to the tools
 *    in PGPASSWORD, never on their command line.
 * The scripts run with umask 077: every file they write is the owner's alone.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, type Database } from './client.js';
import { SECRETS_KEY_FILE } from '../security/secrets.js';

/** The schemas a backup carries: the app's tables (public) and its migration record (drizzle). */
const APP_SCHEMAS = `table_schema in ('public', 'drizzle')`;

/** Every table of the app and of its migration record, as `schema.table`, with its identifier for a query. */
export async function appTableNames(db: Database['db']): Promise<{ name: string; table: SQL }[]> {
  const { rows } = (await db.execute(sql`
    select table_schema, table_name from information_schema.tables
    where ${sql.raw(APP_SCHEMAS)} and table_type = 'BASE TABLE' order by 1, 2`)) as unknown as { rows: { table_schema: string; table_name: string }[] };
  return rows.map((r) => ({ name: `${r.table_schema}.${r.table_name}`, table: sql`${sql.identifier(r.table_schema)}.${sql.identifier(r.table_name)}` }));
}

/** Rows per table (what a restore shows). */
async function tableCounts(db: Database['db']): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table } of await appTableNames(db)) {
    const result = (await db.execute(sql`select count(*)::int as n from ${table}`)) as unknown as { rows: { n: number }[] };
    counts[name] = result.rows[0].n;
  }
  return counts;
}

const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Refuses a data directory a process has open (or left open by a crash: `force` after checking no server runs). */
function assertClosed(dataDir: string, force: boolean): void {
  if (!force && existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new Error(`${dataDir} is open (postmaster.pid): stop the server first; if none runs (it crashed), pass --force`);
  }
}

/** Writes the embedded database of `dataDir` to `file` (a .tar.gz), as it is; answers its size in bytes. */
export async function backupPglite(dataDir: string, file: string, force = false): Promise<number> {
  if (!hasDatabase(dataDir)) throw new Error(`no database in ${dataDir}`);
  assertClosed(dataDir, force);
  const client = await PGlite.create({ dataDir });
  try {
    const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, archive, { mode: 0o600 });
    return archive.length;
  } finally {
    await client.close();
  }
}

/**
 * Restores `file` into `dataDir` and answers the rows per table. The directory must hold no
 * database, unless `replace`: then the one there is moved aside to `<dataDir>.before-restore-<time>`
 * (kept, never deleted) once the restored copy opened, and answered as `keptAt`.
 */
export async function restorePglite(file: string, dataDir: string, options: { replace?: boolean; force?: boolean } = {}): Promise<{ counts: Record<string, number>; keptAt?: string }> {
  const archive = readFileSync(file);
  const target = dataDir.replace(/\/+$/, '');
  if (hasDatabase(target)) {
    if (!options.replace) throw new Error(`${target} already holds a database: restore into an empty directory, or pass --replace to move it aside`);
    assertClosed(target, Boolean(options.force));
  } else if (existsSync(target) && readdirSync(target).length) {
    throw new Error(`${target} is not empty and holds no database: restore into an empty directory`);
  }
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const staging = mkdtempSync(`${target}.restoring-`);
  let counts: Record<string, number>;
  try {
    const database = await openPglite({ dataDir: staging, loadDataDir: new Blob([archive]) });
    try {
      counts = await tableCounts(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} could not be restored (${(error as Error).message}); ${target} is as it was`, { cause: error });
  } finally {
    // Unpacked files come back readable by all unless the umask says otherwise; the key is the owner's alone.
    const keyFile = path.join(staging, SECRETS_KEY_FILE);
    if (existsSync(keyFile)) chmodSync(keyFile, 0o600);
  }
  let keptAt: string | undefined;
  if (hasDatabase(target)) {
    keptAt = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAt);
  } else if (existsSync(target)) {
    rmSync(target, { recursive: true });
  }
  renameSync(staging, target);
  return { counts, ...(keptAt ? { keptAt } : {}) };
}

/** The URL without its password, and the environment that hands the password to PostgreSQL's tools. */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): void {
  const done = spawnSync(tool, args, { encoding: 'utf8', env });
  if (done.error) throw new Error(`${tool} could not run (${done.error.message}): install PostgreSQL's client tools`);
  if (done.status !== 0) throw new Error(`${tool} failed: ${done.stderr.trim()}`);
}

/** pg_dump of the database at `url` to `file`, in the custom format pg_restore reads. */
export function backupPostgres(url: string, file: string): void {
  const { url: target, env } = connection(url);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  run('pg_dump', ['--format=custom', '--file', file, '--dbname', target], env);
}

/** Tables in the app's schemas of the database at `url`. */
async function appTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where ${APP_SCHEMAS}`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the database at `url`, all or nothing. A database that holds the app's
 * tables is refused unless `replace`: then its public and drizzle schemas are dropped (tables the
 * dump does not have included) and the dump restored, in one transaction.
 */
export async function restorePostgres(file: string, url: string, replace = false): Promise<void> {
  const { url: target, env } = connection(url);
  if (!(await appTables(url))) {
    run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', target, file], env);
    return;
  }
  if (!replace) throw new Error('the database already holds the app\'s tables: restore into an empty database, or pass --replace to drop them and restore in one transaction');
  const script = path.join(mkdtempSync(path.join(path.dirname(path.resolve(file)), '.restore-')), 'dump.sql');
  try {
    run('pg_restore', ['--no-owner', '--no-privileges', '--file', script, file], env);
    run('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--command', 'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;', '--file', script, '--dbname', target], env);
  } finally {
    rmSync(path.dirname(script), { recursive: true, force: true });
  }
}
