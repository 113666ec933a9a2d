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
 * prepared before it. PGlite runs them as any other query. drizzle's query cache is not used here
 * (server/db/client.ts sets none); a run passes on what a cache would need all the same.
 *
 * Statements keeps one Statement per shape (the settings or the columns that change a text), and
 * insertValues writes a row's values as placeholders for an insert built once per set of columns.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgSelectBase, type PgPreparedQuery, type PgTable, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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
  queryMetadata?: Parameters<Db['_']['session']['prepareQuery']>[5];
  cacheConfig?: Parameters<Db['_']['session']['prepareQuery']>[6];
}

/** Reads what a run needs of drizzle's prepared query, and fails loudly where a drizzle upgrade renamed it. */
function harvest(query: unknown, prepared: unknown): Built {
  const built = prepared as Built;
  const has = (key: keyof Built) => typeof prepared === 'object' && prepared !== null && key in prepared;
  const known = typeof built.queryString === 'string' && Array.isArray(built.params) && has('fields') && has('_isResponseInArrayMode') && has('customResultMapper');
  // A select maps a left-joined table's columns to null when the join found nothing by this map.
  if (!known || (is(query, PgSelectBase) && !has('joinsNotNullableMap'))) throw new Error('drizzle prepared query no longer exposes what server/db/prepared.ts reads of it: update that file');
  const { queryString, params, fields, joinsNotNullableMap, customResultMapper, _isResponseInArrayMode, queryMetadata, cacheConfig } = built;
  // Only these: the object also holds the first caller's connection, which must not outlive its transaction.
  return { queryString, params, fields, joinsNotNullableMap, customResultMapper, _isResponseInArrayMode, queryMetadata, cacheConfig };
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
      this.built = { ...harvest(query, query.prepare(name)), name };
    }
    const { queryString, params, fields, joinsNotNullableMap, customResultMapper, _isResponseInArrayMode: arrayMode = true, queryMetadata, cacheConfig, name } = this.built;
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: T }>({ sql: queryString, params }, fields, name, arrayMode, customResultMapper, queryMetadata, cacheConfig);
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
    // SQL is written into a statement's text, which a Statement builds once: not a value to fill in.
    if (is(row[name], SQL)) throw new Error(`${name}: an insert built once takes values, not SQL`);
    values[prefix + name] = row[name] === null ? null : column.mapToDriverValue(row[name]);
  }
  return { columns: names.join(','), values };
}

/**
 * The values of an insert built once: a bare placeholder per column (encoded by insertValues, not
 * by drizzle). A column drizzle fills in itself ($defaultFn, $onUpdate) must be among them: built
 * once, drizzle's value would be the same in every row.
 */
export function placeholdersFor(table: PgTable, columns: string, prefix = ''): Record<string, SQL> {
  const names = columns.split(',');
  const filledByDrizzle = Object.entries(getTableColumns(table)).filter(([name, column]) => (column.defaultFn || column.onUpdateFn) && !names.includes(name));
  if (filledByDrizzle.length) throw new Error(`an insert built once must be given ${filledByDrizzle.map(([name]) => name).join(', ')}`);
  return Object.fromEntries(names.map((name) => [name, sql`${sql.placeholder(prefix + name)}`]));
}

/**
 * `query` (an insert ... returning, built once) with `count` rows of `table` written by the same
 * statement, only when the insert wrote its row: an order and its audit rows in one round trip. The
 * rows' values are placeholders named as insertValues(table, row, `r${i}_`) names them, each cast
 * to its column's type.
 */
export function withRows<T>(query: Preparable<T>, table: PgTable, columns: string, count: number): Preparable<T> {
  const tableColumns = getTableColumns(table);
  const names = columns.split(',');
  const keys = Array.from({ length: count }, (_, i) => names.map((name) => `r${i}_${name}`));
  const wrap = (text: string, first: number) => {
    let n = first;
    const rows = keys.map((row) => `(${row.map((_, j) => `$${++n}::${tableColumns[names[j]].getSQLType()}`).join(', ')})`).join(', ');
    const target = names.map((name) => `"${tableColumns[name].name}"`).join(', ');
    return `with o as (${text}), w as (insert into "${getTableName(table)}" (${target}) select * from (values ${rows}) v where exists (select 1 from o)) select * from o`;
  };
  return {
    toSQL() {
      const { sql: text, params } = query.toSQL() as { sql: string; params: unknown[] };
      return { sql: wrap(text, params.length) };
    },
    prepare(name) {
      const prepared = query.prepare(name);
      const built = prepared as unknown as Built;
      built.queryString = wrap(built.queryString, built.params.length);
      built.params = [...built.params, ...keys.flat().map((key) => sql.placeholder(key))];
      return prepared;
    },
  };
}
