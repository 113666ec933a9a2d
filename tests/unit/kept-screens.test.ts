import { describe, expect, it } from 'vitest';
import { keepOpen, noScreens, showScreen, shownOf, type KeptState } from '../../src/shell/kept/keptScreens';

const list = (key: string, query = '') => ({ key, url: key + query, keep: true });
const form = (key: string) => ({ key, url: key, keep: false });
const open = (...keys: string[]) => new Set(['/home', ...keys]);
const show = (state: KeptState, page: ReturnType<typeof list>, keys = open(page.key), limit = 8) => showScreen(state, page, keys, limit);
const ids = (state: KeptState) => Object.fromEntries(state.screens.map((s) => [s.key, s.id]));

describe('kept screens', () => {
  it('keeps the lists of open tags mounted and shows one again as it was at the URL it last showed', () => {
    const keys = open('/order/list', '/payProxyOrder/list');
    let state = show(noScreens(), list('/order/list', '?currentPage=2'), keys);
    state = show(state, list('/payProxyOrder/list'), keys);
    const first = ids(state);
    state = show(state, list('/order/list', '?currentPage=2'), keys);
    expect(ids(state)).toEqual(first);
    expect(shownOf(state)?.key).toBe('/order/list');
    expect(state.screens.map((s) => s.key)).toEqual(['/payProxyOrder/list', '/order/list']);
  });

  it('mounts a hidden list anew when it is opened at another URL, as it reads its URL when it mounts', () => {
    const keys = open('/order/list', '/payProxyOrder/list');
    let state = show(noScreens(), list('/order/list', '?status=1'), keys);
    const before = ids(state)['/order/list'];
    state = show(state, list('/payProxyOrder/list'), keys);
    state = show(state, list('/order/list'), keys);
    expect(ids(state)['/order/list']).not.toBe(before);
    expect(state.screens).toHaveLength(2);
  });

  it('lets the page on screen take each new URL of its own path in place', () => {
    let state = show(noScreens(), list('/order/list'));
    const before = ids(state)['/order/list'];
    state = show(state, list('/order/list', '?status=1&currentPage=3'));
    expect(ids(state)['/order/list']).toBe(before);
    expect(shownOf(state)?.url).toBe('/order/list?status=1&currentPage=3');
  });

  it('drops a form or record screen as soon as another page shows', () => {
    const keys = open('/order/list', '/merchant/edit/3');
    let state = show(noScreens(), form('/merchant/edit/3'), keys);
    state = show(state, list('/order/list'), keys);
    expect(state.screens.map((s) => s.key)).toEqual(['/order/list']);
  });

  it('drops the hidden list of a tag that closed, never the page on screen', () => {
    let state = show(noScreens(), list('/order/list'), open('/order/list', '/payProxyOrder/list'));
    state = show(state, list('/payProxyOrder/list'), open('/order/list', '/payProxyOrder/list'));
    expect(keepOpen(state, open('/payProxyOrder/list')).screens.map((s) => s.key)).toEqual(['/payProxyOrder/list']);
    // The page's own tag opens just after it shows: it stays meanwhile.
    expect(keepOpen(state, open()).screens.map((s) => s.key)).toEqual(['/payProxyOrder/list']);
    expect(keepOpen(state, open('/order/list', '/payProxyOrder/list'))).toBe(state);
  });

  it('keeps at most the limit of hidden lists, the least recently shown going first', () => {
    const paths = ['/a', '/b', '/c', '/d'];
    const keys = open(...paths);
    let state = noScreens();
    for (const p of paths) state = show(state, list(p), keys, 2);
    expect(state.screens.map((s) => s.key)).toEqual(['/b', '/c', '/d']);
    state = show(state, list('/b'), keys, 2);
    expect(state.screens.map((s) => s.key)).toEqual(['/c', '/d', '/b']);
  });
});
