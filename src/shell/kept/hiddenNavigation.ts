import { useContext, useLayoutEffect, useMemo, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { screenVisibility, type ScreenVisibility } from '../../common/screenVisibility';

/**
 * The router as a kept screen sees it: while hidden, it does not move the page. A list writes its
 * URL after it mounts; hidden by then (the operator went on at once), it would take the operator
 * back to it.
 */
export function hiddenDoesNotNavigate(navigation: React.ContextType<typeof UNSAFE_NavigationContext>, visibility: ScreenVisibility) {
  const { navigator } = navigation;
  const own: typeof navigator = Object.create(navigator, {
    push: { value: (...args: Parameters<typeof navigator.push>) => visibility.shown() && navigator.push(...args) },
    replace: { value: (...args: Parameters<typeof navigator.replace>) => visibility.shown() && navigator.replace(...args) },
  });
  return { ...navigation, navigator: own };
}

/**
 * A kept screen's visibility and its router, told whether it shows. A screen closed while it showed
 * (its tag closed) counts as hidden from then on: a move it asked for late (a list writing its URL
 * once its rows came) would open its tag again after the close.
 */
export function useKeptScreenNavigation(visible: boolean) {
  const [visibility] = useState(screenVisibility);
  const navigation = useContext(UNSAFE_NavigationContext);
  const ownNavigation = useMemo(() => hiddenDoesNotNavigate(navigation, visibility), [navigation, visibility]);
  useLayoutEffect(() => visibility.set(visible), [visibility, visible]);
  useLayoutEffect(() => () => visibility.set(false), [visibility]);
  return { visibility, ownNavigation };
}
