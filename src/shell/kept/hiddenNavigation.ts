import type { UNSAFE_NavigationContext } from 'react-router';
import type { ScreenVisibility } from './screenVisibility';

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
