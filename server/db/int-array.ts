/**
 * A list of integers (ids, status codes) written into a statement as an array literal, for
 * `unnest(...)` and `= any(...)`: one literal instead of a parameter per value. Each value is
 * checked to be an integer first, so nothing but digits reaches the SQL text.
 */
import { sql, type SQL } from 'drizzle-orm';

export function intArray(values: readonly number[]): SQL {
  if (!values.every(Number.isSafeInteger)) throw new RangeError('intArray takes integers');
  return sql.raw(`array[${values.join(',')}]::int[]`);
}
