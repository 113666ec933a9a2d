/**
 * antd's responsive observer, shared: antd 5 makes one per component that asks (every Row, so
 * every Form.Item), and each registers six media queries and reads them when it mounts. A filter
 * form of fifteen fields did that ninety times per screen. One observer per set of breakpoints now
 * serves them all; what it tells each subscriber is unchanged. scripts/dependency-swaps.ts puts this
 * module in place of antd's.
 */
// eslint-disable-next-line no-restricted-imports -- this module stands in for that one
import useOwnObserver, * as antd from 'antd/es/_util/responsiveObserver';

/** @public antd's own: this module stands in for all of antd's. */
export const responsiveArray = antd.responsiveArray;
/** @public */
export const matchScreen = antd.matchScreen;

const shared = new Map<string, ReturnType<typeof useOwnObserver>>();

export default function useResponsiveObserver(): ReturnType<typeof useOwnObserver> {
  // antd's hook still runs (its token and memo), but its observer is kept only by the first caller
  // of a set of breakpoints: making one registers nothing until something subscribes.
  const own = useOwnObserver();
  const key = JSON.stringify(own.responsiveMap);
  const found = shared.get(key);
  if (found) return found;
  shared.set(key, own);
  return own;
}
