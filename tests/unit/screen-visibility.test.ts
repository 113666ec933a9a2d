import { describe, expect, it } from 'vitest';
import { screenVisibility } from '../../src/shell/kept/screenVisibility';
import { hiddenDoesNotNavigate } from '../../src/shell/kept/hiddenNavigation';

describe('screen visibility', () => {
  it('tells its listeners each time a hidden screen shows again, not while it stays shown', () => {
    const visibility = screenVisibility();
    let shows = 0;
    const stop = visibility.onShown(() => shows++);
    visibility.set(true);
    expect(shows).toBe(0);
    visibility.set(false);
    expect(visibility.shown()).toBe(false);
    expect(shows).toBe(0);
    visibility.set(true);
    expect(visibility.shown()).toBe(true);
    expect(shows).toBe(1);
    stop();
    visibility.set(false);
    visibility.set(true);
    expect(shows).toBe(1);
  });
});

describe('a kept screen’s navigator', () => {
  it('moves the page while the screen shows, and not while it is hidden', () => {
    const moves: string[] = [];
    const navigator = {
      push: (to: unknown) => void moves.push(`push ${String(to)}`),
      replace: (to: unknown) => void moves.push(`replace ${String(to)}`),
      go: (n: number) => void moves.push(`go ${n}`),
      createHref: (to: unknown) => `href ${String(to)}`,
    };
    const visibility = screenVisibility();
    const { navigator: own, basename } = hiddenDoesNotNavigate({ basename: '/', navigator, static: false, future: {} } as never, visibility);
    own.replace('/order/list?currentPage=1');
    visibility.set(false);
    own.replace('/order/list?currentPage=2');
    own.push('/order/list?currentPage=3');
    visibility.set(true);
    own.push('/payProxyOrder/list');
    expect(moves).toEqual(['replace /order/list?currentPage=1', 'push /payProxyOrder/list']);
    // What is not a move is the router's own.
    expect(own.createHref('/x' as never)).toBe('href /x');
    expect(basename).toBe('/');
  });
});
