/**
 * lodash's uniqBy as Refine calls it (a select's options by `value`, scripts/dependency-swaps.ts):
 * the first value of each key, the key read by a function or as a property name, compared as a Set
 * compares (SameValueZero, as lodash).
 */
export default function uniqBy<T>(array: readonly T[] | null | undefined, key: ((value: T) => unknown) | string): T[] {
  const keyOf = typeof key === 'function' ? key : (value: T) => (value as Record<string, unknown> | null | undefined)?.[key];
  const seen = new Set<unknown>();
  return (array ?? []).filter((value) => {
    const k = keyOf(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
