/**
 * rc-tree's checking of a tree of rows (a parent checks its children), which antd's table selection
 * uses only for a table of nested rows whose selection is not `checkStrictly`: no table of the
 * admin's is one. The build makes antd's selection hook load it then (scripts/dependency-swaps.ts):
 * the hook waits for it with React's `use` (the screen shows as loading once), and a download that
 * fails goes to the screen's boundary (its retry reloads the page).
 */
import { lazyModule } from '../common/lazy/lazyModule';

/** @public Read by antd's table selection as the build edits it (loaded, load). */
export const treeSelection = lazyModule(() => import('./tree-selection-utils'));

/** rc-tree's two list helpers, which the selection uses for any table: here so that rc-tree's util (with its tree node) is not loaded for them. */
export function arrDel<T>(list: T[] | undefined, value: T): T[] {
  if (!list) return [];
  const clone = list.slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}

export function arrAdd<T>(list: T[] | undefined, value: T): T[] {
  const clone = (list || []).slice();
  if (clone.indexOf(value) === -1) clone.push(value);
  return clone;
}
