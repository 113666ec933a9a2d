/**
 * lodash's differenceWith as Refine calls it (default filters or sorters less the permanent ones,
 * scripts/dependency-swaps.ts): the values of the first array that `comparator(value, other)` matches
 * with no value of the others; the last argument is the comparator.
 */
type Comparator = (value: unknown, other: unknown) => boolean;

export default function differenceWith(array: unknown, ...rest: unknown[]): unknown[] {
  const comparator = rest.pop() as Comparator;
  if (!Array.isArray(array)) return [];
  const others = rest.filter(Array.isArray).flat();
  return array.filter((value) => !others.some((other) => comparator(value, other)));
}
