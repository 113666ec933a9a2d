/**
 * A fingerprint of every table but sessions (each request touches its session's last-seen time)
 * and the audit log (each refusal is recorded there, by design: tests/api/audit-log.test.ts), so
 * the walks can prove a refused call wrote nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.js';
import { appTableNames } from '../../server/db/backup.js';

export async function dbFingerprint(db: Database['db']): Promise<string> {
  const tables = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'audit_records') order by table_name`);
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const parts = names.map((n) => sql.raw(`(select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) from "${n}" t)`));
  const result = await db.execute(sql`select concat_ws('|', ${sql.join(parts, sql`, `)}) as fp`);
  return String((result as unknown as { rows: { fp: string }[] }).rows[0].fp);
}

/** Every table of the app and of its migration record (server/db/backup.ts), each as its row count and the sum of its rows' hashes. */
export async function tableFingerprints(db: Database['db']): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const { name, table } of await appTableNames(db)) {
    const result = await db.execute(sql`select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) as fp from ${table} t`);
    prints[name] = String((result as unknown as { rows: { fp: string }[] }).rows[0].fp);
  }
  return prints;
}
