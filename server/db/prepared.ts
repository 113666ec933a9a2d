/**
 * Runs a query as a named prepared statement, named after its SQL text. PostgreSQL then parses it
 * once per connection and, after a few runs, reuses a generic plan instead of planning it at every
 * call: for the allocation's joins, run several times per order, planning cost more than running.
 * The name is a digest of the text, so two texts never share a name (node-postgres refuses that)
 * and each variant of a query (a setting that changes its text) is a statement of its own. PGlite
 * runs it as any other query. Only for the few statements of the busiest paths: each name stays
 * prepared on every pooled connection for the connection's life. A migration that changes a column
 * these statements read must restart the instances (as any schema change here does): a connection
 * keeps the statement as prepared before it.
 */
import { createHash } from 'node:crypto';

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  const name = `p${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 20)}`;
  return query.prepare(name).execute();
}
