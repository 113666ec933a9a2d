/**
 * The order of a list as keys (a column and a direction, the last one unique), and reading it
 * chunk after chunk by keyset: each chunk starts after the keys of the previous chunk's last row,
 * so a long export costs one index walk instead of ever deeper OFFSETs, and holds one chunk at a
 * time. The keys travel as the database's own text (`::text`) and come back as untyped parameters
 * the database reads as the column's type, so a timestamp keeps its microseconds (a JS Date would
 * round them and skip or repeat rows). NULLs sort as PostgreSQL sorts them: last ascending,
 * first descending.
 */
import { and, asc, desc, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export interface OrderKey {
  column: PgColumn;
  descending: boolean;
}

export const ascending = (column: PgColumn): OrderKey => ({ column, descending: false });
export const descending = (column: PgColumn): OrderKey => ({ column, descending: true });

export const orderByOf = (keys: readonly OrderKey[]): SQL[] => keys.map((k) => (k.descending ? desc(k.column) : asc(k.column)));

/** The keys' values as the database writes them, selected beside a chunk's rows. */
export const keyTexts = (keys: readonly OrderKey[]): Record<string, SQL<string | null>> =>
  Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string | null>`${k.column}::text`]));

/** A key's value of one row (from keyTexts), null for SQL NULL. */
export type KeyValues = Record<string, string | null>;

/**
 * Rows after `last` in the keys' order. `table` is the list's own table: a column of a joined
 * table may be NULL whatever its definition says (a left join that found nothing).
 */
export function after(keys: readonly OrderKey[], last: KeyValues, table: PgTable): SQL | undefined {
  const nullable = (k: OrderKey) => !k.column.notNull || k.column.table !== table;
  const values = keys.map((_, i) => last[`k${i}`]);
  // Every key present and one direction: a row comparison, which an index on the keys reads as a range.
  if (keys.every((k, i) => !nullable(k) && values[i] !== null && k.descending === keys[0].descending)) {
    const columns = sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const params = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return keys[0].descending ? sql`(${columns}) < (${params})` : sql`(${columns}) > (${params})`;
  }
  // Else key by key, from the last: (k1 after v1) or (k1 same as v1 and (k2 after v2 or ...)).
  let rest: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const beyond = afterOne(keys[i], values[i], nullable(keys[i]));
    const same = values[i] === null ? isNull(keys[i].column) : sql`${keys[i].column} = ${values[i]}`;
    rest = rest ? or(beyond, and(same, rest)) : beyond;
  }
  return rest;
}

/** Values of one key after `value`: ascending, larger then NULLs; descending, smaller (NULLs came first). */
function afterOne(key: OrderKey, value: string | null, nullable: boolean): SQL {
  if (value === null) return key.descending ? isNotNull(key.column) : sql`false`;
  if (key.descending) return sql`${key.column} < ${value}`;
  const larger = sql`${key.column} > ${value}`;
  return nullable ? (or(larger, isNull(key.column)) as SQL) : larger;
}
