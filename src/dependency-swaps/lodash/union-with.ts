/**
 * lodash's unionWith as Refine calls it (merging permanent, new and previous filters or sorters,
 * scripts/dependency-swaps.ts): the arrays' values in order, each kept unless `comparator(value,
 * kept)` matches one kept before; the last argument is the comparator.
 */
type Comparator = (value: unknown, other: unknown) => boolean;

export default function unionWith(...args: unknown[]): unknown[] {
  const comparator = args.pop() as Comparator;
  const kept: unknown[] = [];
  for (const list of args) if (Array.isArray(list)) for (const value of list) if (!kept.some((other) => comparator(value, other))) kept.push(value);
  return kept;
}
