/** The admin's build gives Refine these in place of lodash's (scripts/dependency-swaps.ts): they answer as lodash does on the data Refine passes. */
import { describe, expect, it } from 'vitest';
import { differenceWith as lodashDifferenceWith, isEqual as lodashIsEqual, unionWith as lodashUnionWith, uniqBy as lodashUniqBy } from 'lodash-es';
import isEqual from '../../src/dependency-swaps/lodash/is-equal';
import unionWith from '../../src/dependency-swaps/lodash/union-with';
import differenceWith from '../../src/dependency-swaps/lodash/difference-with';
import uniqBy from '../../src/dependency-swaps/lodash/uniq-by';

// Refine's own comparators (compareFilters, compareSorters): filters match by field and operator, sorters by field.
const sameFilter = (a: any, b: any) => a.field === b.field && a.operator === b.operator;
const sameSorter = (a: any, b: any) => a.field === b.field;
const permanent = [{ field: 'status', operator: 'ne', value: 10 }];
const next = [
  { field: 'merchantId', operator: 'eq', value: 7 },
  { field: 'status', operator: 'ne', value: 3 },
];
const previous = [
  { field: 'createdAt', operator: 'between', value: ['2026-11-01', '2026-11-28'] },
  { field: 'merchantId', operator: 'eq', value: 5 },
];

describe("Refine's lodash functions, swapped", () => {
  it('isEqual: ids, filters and dates as lodash compares them', () => {
    const pairs: [unknown, unknown][] = [
      [1, 1],
      [1, '1'],
      [NaN, NaN],
      [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [[1, 2], [2, 1]],
      [new Date(5), new Date(5)],
      [new Date(5), new Date(6)],
      [null, undefined],
      [previous, structuredClone(previous)],
    ];
    for (const [a, b] of pairs) expect(isEqual(a, b)).toBe(lodashIsEqual(a, b));
  });

  it('unionWith and differenceWith merge filters and sorters as lodash does', () => {
    expect(unionWith(permanent, next, previous, sameFilter)).toEqual(lodashUnionWith(permanent, next, previous, sameFilter));
    expect(unionWith([{ field: 'id' }], [{ field: 'id' }, { field: 'amount' }], sameSorter)).toEqual(lodashUnionWith([{ field: 'id' }], [{ field: 'id' }, { field: 'amount' }], sameSorter));
    expect(unionWith(permanent, undefined, previous, sameFilter)).toEqual(lodashUnionWith(permanent, undefined as never, previous, sameFilter));
    expect(differenceWith(next, permanent, sameFilter)).toEqual(lodashDifferenceWith(next, permanent, sameFilter));
    expect(differenceWith([], permanent, sameFilter)).toEqual([]);
    expect(differenceWith(undefined, permanent, sameFilter)).toEqual(lodashDifferenceWith(undefined as never, permanent, sameFilter));
  });

  it('uniqBy keeps the first option of each value', () => {
    const options = [
      { value: 1, label: 'a' },
      { value: '1', label: 'b' },
      { value: 1, label: 'c' },
      { value: NaN, label: 'd' },
      { value: NaN, label: 'e' },
    ];
    expect(uniqBy(options, 'value')).toEqual(lodashUniqBy(options, 'value'));
    expect(uniqBy(options, (o) => o.label)).toEqual(lodashUniqBy(options, (o) => o.label));
  });
});
