/**
 * Statements of the busiest paths, built once and run as named prepared statements.
 *
 * Built once: drizzle turns a query into SQL text on every run, and for the allocation's joins that
 * took longer (0.15-0.3 ms) than PostgreSQL took to run them. A Statement is written with
 * placeholders (sql.placeholder) for what changes from run to run; its text is built on its first
 * run and each later run only fills in the values.
 *
 * Named: PostgreSQL then parses it once per connection and, after a few runs, reuses a generic
 * plan instead of planning it at every call (for those joins, planning cost more than running).
 * The name is a digest of the text, so two texts never share a name (node-postgres refuses that).
 * Each name stays prepared on every pooled connection for the connection's life: only for the few
 * statements of the busiest paths. A migration that changes a column these statements read must
 * restart the instances (as any schema change here does): a connection keeps the statement as
 * prepared before it. PGlite runs them as any other query.
 *
 * Statements keeps one Statement per shape (the settings or the columns that change a text), and
 * insertValues writes a row's values as placeholders for an insert built once per set of columns.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PgTable, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A drizzle query that can be prepared: a select or an insert, written with placeholders. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: T }>;
}

/**
 * What drizzle's prepared query keeps of a built query, read to prepare it again on another
 * transaction's session: its text, its parameters (placeholders among them) and how its rows map
 * to the selected fields. The fields are private in drizzle's types, not in its objects; the tests
 * of every path that uses a Statement fail if a drizzle upgrade renames them.
 */
interface Built {
  queryString: string;
  params: unknown[];
  fields?: Parameters<Db['_']['session']['prepareQuery']>[1];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => never;
  _isResponseInArrayMode?: boolean;
}

/** The name a statement is prepared under: a digest of its text, within PostgreSQL's 63-byte identifiers. */
export const statementName = (text: string) => `p${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

export class Statement<T, Values extends Record<string, unknown>> {
  private built?: Built & { name: string };

  /** `build` writes the query on the database it is given, with sql.placeholder(key) for each key of Values. */
  constructor(private readonly build: (db: Db) => Preparable<T>) {}

  run(db: Db, values: Values): Promise<T> {
    if (!this.built) {
      const query = this.build(db);
      const name = statementName(query.toSQL().sql);
      const built = query.prepare(name) as unknown as Built;
      if (typeof built.queryString !== 'string' || !Array.isArray(built.params)) throw new Error('drizzle prepared query no longer exposes queryString and params: update server/db/prepared.ts');
      this.built = { ...built, name };
    }
    const { queryString, params, fields, joinsNotNullableMap, customResultMapper, _isResponseInArrayMode: arrayMode = true, name } = this.built;
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: T }>({ sql: queryString, params }, fields, name, arrayMode, customResultMapper);
    (prepared as unknown as Built).joinsNotNullableMap = joinsNotNullableMap;
    return prepared.execute(values);
  }
}

/** One Statement per shape: a key naming what changes the text (a few settings, the columns given). */
export class Statements<T, Values extends Record<string, unknown>> {
  private readonly byShape = new Map<string, Statement<T, Values>>();

  constructor(private readonly build: (db: Db, shape: string) => Preparable<T>) {}

  run(db: Db, shape: string, values: Values): Promise<T> {
    let statement = this.byShape.get(shape);
    if (!statement) this.byShape.set(shape, (statement = new Statement((built) => this.build(built, shape))));
    return statement.run(db, values);
  }
}

/**
 * A row's values as an insert built once per set of columns takes them (placeholdersFor): each
 * value encoded as drizzle would (a date as its ISO text, JSON as its text) but null left SQL null,
 * which drizzle's encoders do not do for a placeholder. `columns`, the shape, names the row's
 * columns in order; `prefix` tells the rows of a multi-row insert apart.
 */
export function insertValues(table: PgTable, row: Record<string, unknown>, prefix = ''): { columns: string; values: Record<string, unknown> } {
  const tableColumns = getTableColumns(table);
  const names = Object.keys(row).filter((name) => row[name] !== undefined);
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const column = tableColumns[name];
    if (!column) throw new Error(`${name} is not a column of the table`);
    values[prefix + name] = row[name] === null ? null : column.mapToDriverValue(row[name]);
  }
  return { columns: names.join(','), values };
}

/** The values of an insert built once: a bare placeholder per column (encoded by insertValues, not by drizzle). */
export function placeholdersFor(columns: string, prefix = ''): Record<string, SQL> {
  return Object.fromEntries(columns.split(',').map((name) => [name, sql`${sql.placeholder(prefix + name)}`]));
}
