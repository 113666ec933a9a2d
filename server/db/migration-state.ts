/**
 * Whether the database has every migration this server's code was built for. Drizzle's migrator
 * records each applied migration in drizzle.__drizzle_migrations with its folder time and applies
 * those newer than the latest recorded; the same rule says what is missing. The server migrates at
 * start, so a gap means the database was changed under a running server (restored from an older
 * backup, another version's rollback): the readiness check (server/health.ts) then answers 503.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from './client.js';

/** The folder times of the migrations shipped with this code: read once, they do not change while it runs. */
let shipped: number[] | undefined;

/** How many shipped migrations the database has not applied. */
export async function missingMigrations(db: Db): Promise<number> {
  shipped ??= readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const result = (await db.execute(sql`select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`)) as unknown as { rows: { latest: string }[] };
  const latest = Number(result.rows[0]?.latest ?? 0);
  return shipped.filter((at) => at > latest).length;
}
