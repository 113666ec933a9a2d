/**
 * `npm run backup` and `npm run restore` as an operator runs them (scripts/backup.ts,
 * scripts/restore.ts): a round trip gives back every table row for row, on the embedded database
 * and (pg_dump, pg_restore) on PostgreSQL; a restore never overwrites a database unasked. And the
 * newest schema migration, applied to a database full of data, keeps every row.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { tableFingerprints } from './db-fingerprint.js';
import { seededDatabase } from './faults-fixture.js';
import { SNAPSHOT } from './global-setup.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';

const exec = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one of the npm scripts' files with the database given by `env`; answers its exit code and output. */
async function script(name: 'backup' | 'restore', args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function pgliteFingerprints(dataDir: string) {
  const database = await openPglite({ dataDir });
  try {
    return await tableFingerprints(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('gives back every table row for row, and never overwrites a database unasked', async () => {
    const original = path.join(dir, 'original');
    const demo = await openPglite({ dataDir: original, loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
    await demo.close();
    // The key the server keeps beside the embedded data when SECRETS_KEY is unset.
    writeFileSync(path.join(original, 'secrets.key'), 'the-key', { mode: 0o600 });
    const before = await pgliteFingerprints(original);
    expect(Object.keys(before).length).toBeGreaterThan(40);
    expect(before['public.orders']).not.toMatch(/^0:/);

    const file = path.join(dir, 'demo.tar.gz');
    const backup = await script('backup', [file], { DATA_DIR: original });
    expect(backup, backup.out).toMatchObject({ code: 0 });
    expect(backup.out).toContain(`backup: ${file}`);

    const restored = path.join(dir, 'restored');
    const restore = await script('restore', [file], { DATA_DIR: restored });
    expect(restore, restore.out).toMatchObject({ code: 0 });
    expect(restore.out).toMatch(/public\.orders\s+\d+/);
    expect(await pgliteFingerprints(restored)).toEqual(before);
    // The secrets key comes back with the data, readable by its owner alone; the archive is the owner's alone too.
    expect(readFileSync(path.join(restored, 'secrets.key'), 'utf8')).toBe('the-key');
    expect(statSync(path.join(restored, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Into a directory holding a database: refused, the database untouched; --replace keeps it aside.
    const again = await script('restore', [file], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');
    const replaced = await script('restore', [file, '--replace'], { DATA_DIR: restored });
    expect(replaced, replaced.out).toMatchObject({ code: 0 });
    const kept = readdirSync(dir).find((f) => f.startsWith('restored.before-restore-'));
    expect(kept).toBeDefined();
    expect(existsSync(path.join(dir, kept!, 'PG_VERSION'))).toBe(true);
    expect(await pgliteFingerprints(restored)).toEqual(before);
    expect((await script('restore', [path.join(dir, 'missing.tar.gz')], { DATA_DIR: path.join(dir, 'none') })).code).toBe(1);

    // A half-written archive, even with --replace: refused, the database in place as it was, nothing left behind.
    const broken = path.join(dir, 'broken.tar.gz');
    writeFileSync(broken, readFileSync(file).subarray(0, 100_000));
    const entries = readdirSync(dir).length;
    const failed = await script('restore', [broken, '--replace'], { DATA_DIR: restored });
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('is as it was');
    expect(readdirSync(dir)).toHaveLength(entries);
    expect(await pgliteFingerprints(restored)).toEqual(before);

    // A directory a server has open (its postmaster.pid) is neither backed up nor replaced, unless forced.
    writeFileSync(path.join(original, 'postmaster.pid'), '1');
    const open = await script('backup', [path.join(dir, 'open.tar.gz')], { DATA_DIR: original });
    expect(open.code).toBe(1);
    expect(open.out).toContain('stop the server first');
    expect((await script('backup', [path.join(dir, 'forced.tar.gz'), '--force'], { DATA_DIR: original })).code).toBe(0);
  }, 180_000);
});

describe.skipIf(pgProblem !== null && !pgRequired)('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  it('gives back every table row for row in another database', async () => {
    const source = await seededDatabase('payadmin_backup');
    const target = throwawayDatabase('payadmin_restored');
    try {
      const before = await tableFingerprints(source.database.db);
      const file = path.join(dir, 'demo.dump');
      const backup = await script('backup', [file], { DATABASE_URL: source.url });
      expect(backup, backup.out).toMatchObject({ code: 0 });
      expect(await admin(`create database ${target.name}`)).toBeNull();
      const restore = await script('restore', [file], { DATABASE_URL: target.url });
      expect(restore, restore.out).toMatchObject({ code: 0 });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const copy = await openPostgres(target.url);
      try {
        expect(await tableFingerprints(copy.db)).toEqual(before);
        // A database holding the app's tables: refused unless --replace, which drops what the dump lacks too.
        await copy.db.execute(sql`create table extra_since (id int)`);
        await copy.db.execute(sql`update users set nickname = 'changed since'`);
        const refused = await script('restore', [file], { DATABASE_URL: target.url });
        expect(refused.code).toBe(1);
        expect(refused.out).toContain('--replace');
        const replaced = await script('restore', [file, '--replace'], { DATABASE_URL: target.url });
        expect(replaced, replaced.out).toMatchObject({ code: 0 });
        expect(await tableFingerprints(copy.db)).toEqual(before);
      } finally {
        await copy.close();
      }
    } finally {
      await source.drop();
      await admin(`drop database if exists ${target.name} with (force)`);
    }
  }, 120_000);
});

/**
 * Copies every public table's rows from `from` into `to` by the columns both have (foreign keys and
 * triggers off meanwhile); answers those columns by table.
 */
async function copySharedColumns(from: PGlite, to: PGlite): Promise<Map<string, string[]>> {
  const columnsOf = async (db: PGlite) =>
    (await db.query<{ table_name: string; column_name: string }>("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position")).rows;
  const source = new Set((await columnsOf(from)).map((c) => `${c.table_name}.${c.column_name}`));
  const shared = new Map<string, string[]>();
  for (const c of await columnsOf(to)) if (source.has(`${c.table_name}.${c.column_name}`)) shared.set(c.table_name, [...(shared.get(c.table_name) ?? []), `"${c.column_name}"`]);
  await to.exec('SET session_replication_role = replica');
  // What the migrations themselves wrote (e.g. the products) makes way for the seeded rows.
  await to.exec(`TRUNCATE ${[...shared.keys()].map((t) => `"${t}"`).join(', ')}`);
  for (const [table, columns] of shared) {
    const rows = (await from.query<{ rows: unknown }>(`SELECT coalesce(json_agg(t), '[]') AS rows FROM (SELECT ${columns.join(', ')} FROM "${table}") t`)).rows[0].rows;
    await to.query(`INSERT INTO "${table}" (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(null::"${table}", $1)`, [JSON.stringify(rows)]);
  }
  await to.exec('SET session_replication_role = DEFAULT');
  return shared;
}

/** Each table's row count and the sum of its rows' hashes, over the given columns only. */
async function rowPrints(db: PGlite, columns: Map<string, string[]>): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const [table, names] of columns) {
    prints[table] = (await db.query<{ fp: string }>(`SELECT count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) AS fp FROM (SELECT ${names.join(', ')} FROM "${table}") t`)).rows[0].fp;
  }
  return prints;
}

describe('the newest schema migration on a database with data', () => {
  it('keeps every row of every table', async () => {
    // The migrations as they stood before the newest one: a copy of the folder whose journal ends one entry earlier.
    const folder = path.resolve('server/db/migrations');
    const earlier = path.join(dir, 'migrations-before');
    cpSync(folder, earlier, { recursive: true });
    const journalFile = path.join(earlier, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const newest = journal.entries.pop()!;
    writeFileSync(journalFile, JSON.stringify(journal));

    // The demo data is written by today's code, for today's schema: it is seeded there, then copied
    // into the earlier schema by the columns the two share (a column the newest migration adds is
    // what it fills itself).
    const full = await PGlite.create();
    const client = await PGlite.create();
    const db = drizzle(client, { schema }) as unknown as Db;
    try {
      const fullDb = drizzle(full, { schema }) as unknown as Db;
      await migrate(fullDb as never, { migrationsFolder: folder });
      await seedDemo(fullDb);
      await migrate(db as never, { migrationsFolder: earlier });
      const columns = await copySharedColumns(full, client);
      const applied = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n;
      const appliedBefore = await applied();
      const before = await rowPrints(client, columns);
      expect(Object.keys(before).length).toBeGreaterThan(40);
      expect(before.orders).not.toMatch(/^0:/);
      await migrate(db as never, { migrationsFolder: folder });
      // A migration may add a table or a column (filled as it says); every row there before keeps its values.
      expect(await rowPrints(client, columns), `after ${newest.tag}`).toEqual(before);
      expect(await applied()).toBe(appliedBefore + 1);
    } finally {
      await client.close();
      await full.close();
    }
  }, 120_000);
});
