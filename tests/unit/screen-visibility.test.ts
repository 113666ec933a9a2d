import { createElement, type ReactNode } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenVisibility } from '../../src/common/screenVisibility';
import { hiddenDoesNotNavigate, useKeptScreenNavigation } from '../../src/shell/kept/hiddenNavigation';

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

function recorder() {
  const moves: string[] = [];
  const navigator = {
    push: (to: unknown) => void moves.push(`push ${String(to)}`),
    replace: (to: unknown) => void moves.push(`replace ${String(to)}`),
    go: (n: number) => void moves.push(`go ${n}`),
    createHref: (to: unknown) => `href ${String(to)}`,
  };
  return { moves, navigator };
}

describe('a kept screen’s navigator', () => {
  it('moves the page while the screen shows, and not while it is hidden', () => {
    const { moves, navigator } = recorder();
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

describe('a kept screen’s router', () => {
  it('follows whether the screen shows, and moves nothing once the screen is gone (its tag closed while it showed)', () => {
    const { moves, navigator } = recorder();
    const navigation = { basename: '/', navigator, static: false, future: {} } as never;
    const wrapper = ({ children }: { children: ReactNode }) => createElement(UNSAFE_NavigationContext, { value: navigation }, children);
    const { result, rerender, unmount } = renderHook(({ visible }) => useKeptScreenNavigation(visible), { wrapper, initialProps: { visible: true } });
    const own = () => result.current.ownNavigation.navigator;
    own().replace('/merchants/list?pageSize=20');
    rerender({ visible: false });
    own().replace('/merchants/list?currentPage=2');
    rerender({ visible: true });
    own().push('/merchants/list?currentPage=3');
    const { navigator: last } = result.current.ownNavigation;
    unmount();
    last.replace('/merchants/list?currentPage=1');
    expect(moves).toEqual(['replace /merchants/list?pageSize=20', 'push /merchants/list?currentPage=3']);
  });
});
