/**
 * What Refine imports as lodash's isEqual in the admin's build (scripts/dependency-swaps.ts): dequal,
 * the same deep comparison of plain data (objects, arrays, dates, maps, sets, NaN equal to NaN)
 * without lodash's clone and cache machinery. Refine compares notification ids, filters and sorters.
 */
export { dequal as default } from 'dequal';
