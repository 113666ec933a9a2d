/**
 * A fingerprint of every table but sessions (each request touches its session's last-seen time)
 * and the audit log (each refusal is recorded there, by design: tests/api/audit-log.test.ts), so
 * the walks can prove a refused call wrote nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.js';

export async function dbFingerprint(db: Database['db']): Promise<string> {
  const tables = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'audit_records') order by table_name`);
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const parts = names.map((n) => sql.raw(`(select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) from "${n}" t)`));
  const result = await db.execute(sql`select concat_ws('|', ${sql.join(parts, sql`, `)}) as fp`);
  return String((result as unknown as { rows: { fp: string }[] }).rows[0].fp);
}

/** Every table of the app and of its migration record, each as its row count and the sum of its rows' hashes. */
export async function tableFingerprints(db: Database['db']): Promise<Record<string, string>> {
  const tables = await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const prints: Record<string, string> = {};
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const [schema, table] = name.split('.');
    const result = await db.execute(sql`select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) as fp from ${sql.identifier(schema)}.${sql.identifier(table)} t`);
    prints[name] = String((result as unknown as { rows: { fp: string }[] }).rows[0].fp);
  }
  return prints;
}
