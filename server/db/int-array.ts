/**
 * A list of integers (ids, status codes) written into a statement as an array literal, for
 * `unnest(...)` and `= any(...)`: one literal instead of a parameter per value. Each value is
 * checked to be an integer first, so nothing but digits reaches the SQL text.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The values comma-separated, once each is checked to be an integer. */
function integers(values: readonly number[], caller: string): string {
  if (!values.every(Number.isSafeInteger)) throw new RangeError(`${caller} takes integers`);
  return values.join(',');
}

export function intArray(values: readonly number[]): SQL {
  return sql.raw(`array[${integers(values, 'intArray')}]::int[]`);
}

/** The same list as a parameter value, an array literal ('{1,2,3}') for `= any($n::int[])`: one statement text whatever its length. */
export function intArrayValue(values: readonly number[]): string {
  return `{${integers(values, 'intArrayValue')}}`;
}
