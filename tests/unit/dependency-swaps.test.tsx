/**
 * The admin build's dependency swaps (scripts/dependency-swaps.ts): the swapped-in updateCSS writes
 * a style once and answers a repeat at once, yet follows a change, a removal and another key; one
 * responsive observer (antd's hook as the build edits it) serves every component; a Form.Item asks
 * whether it is on screen only while it shows an error; Refine's list URLs are read as qs reads them
 * and written so that any filter value comes back whole; a table's column filters flatten their keys
 * without the dropdown's module, and its selection of nested rows loads rc-tree's checking when
 * asked; react-router's components are pure to the bundler; Refine's inflection gives names back as
 * they are; each edit of a dependency still finds its text.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { removeCSS, updateCSS } from '../../src/dependency-swaps/update-css';
import { dependencySwaps } from '../../scripts/dependency-swaps';
import qsEsm from '../../src/dependency-swaps/qs';
import pluralize from '../../src/dependency-swaps/pluralize';
// @ts-expect-error qs ships no types; it is Refine's dependency, the one the swap replaces.
import qs from 'qs';

// Several tests import a part of antd's module graph afresh (an edited module beside the original),
// which takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('updateCSS', () => {
  const styles = () => [...document.head.querySelectorAll('style[data-css-test]')] as HTMLStyleElement[];

  it('writes a style once, answers the same again without touching the page, and follows changes', () => {
    const option = { mark: 'css-test' };
    const first = updateCSS('.a{color:red}', 'k1', option);
    expect(styles()).toEqual([first]);
    // A repeat does not even look at the page's styles.
    const scan = vi.spyOn(document.head, 'children', 'get');
    expect(updateCSS('.a{color:red}', 'k1', option)).toBe(first);
    expect(scan).not.toHaveBeenCalled();
    scan.mockRestore();
    // New text for the key: the same element, rewritten.
    expect(updateCSS('.a{color:blue}', 'k1', option)).toBe(first);
    expect(first.innerHTML).toBe('.a{color:blue}');
    // Another key: another element.
    const second = updateCSS('.b{}', 'k2', option);
    expect(second).not.toBe(first);
    // Removed from the page: written again.
    removeCSS('k1', option);
    const again = updateCSS('.a{color:blue}', 'k1', option);
    expect(again.isConnected).toBe(true);
    expect(styles().map((s) => s.getAttribute('data-css-test'))).toEqual(['k2', 'k1']);
  });
});

/** A dependency module's text as the build edits it (null: the build leaves it as it is). */
function editedText(file: string): { id: string; original: string; code: string | undefined } {
  const transform = dependencySwaps().transform as (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null;
  const id = path.resolve('node_modules', file);
  const original = readFileSync(id, 'utf8');
  const context = { error: (message: string): never => { throw new Error(message); } };
  return { id, original, code: transform.call(context, original, id)?.code };
}

/** A dependency's module as the build edits it, written beside the original (its imports resolve the same) and loaded. */
async function edited<T>(file: string): Promise<T> {
  const { id, code } = editedText(file);
  const copy = id.replace(/\.js$/, '.edited-for-test.js');
  writeFileSync(copy, code!);
  try {
    return (await import(/* @vite-ignore */ copy)) as T;
  } finally {
    rmSync(copy);
  }
}

describe('responsive observer', () => {
  it('is one for every component, registering its media queries once', async () => {
    type Hook = () => { subscribe: (f: (screens: unknown) => void) => number; unsubscribe: (token: number) => void };
    const { default: useResponsiveObserver } = await edited<{ default: Hook }>('antd/es/_util/responsiveObserver.js');
    const matchMedia = vi.spyOn(window, 'matchMedia');
    const seen = new Set<unknown>();
    function Probe() {
      const observer = useResponsiveObserver();
      seen.add(observer);
      return null;
    }
    render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Probe key={i} />
        ))}
      </>,
    );
    expect(seen.size).toBe(1);
    const [observer] = [...seen] as ReturnType<Hook>[];
    const screens: unknown[] = [];
    const tokens = Array.from({ length: 20 }, () => observer.subscribe((s) => screens.push(s)));
    // Six breakpoints, asked once; every subscriber told the screens at once.
    expect(matchMedia).toHaveBeenCalledTimes(6);
    expect(screens).toHaveLength(20);
    tokens.forEach((t) => observer.unsubscribe(t));
  });
});

describe("a Form.Item's on-screen check", () => {
  it('is asked in render only by an item that shows an error', async () => {
    type Holder = (props: Record<string, unknown>) => React.ReactElement;
    const { default: ItemHolder } = await edited<{ default: Holder }>('antd/es/form/FormItem/ItemHolder.js');
    const asked = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get');
    const item = (errors: string[]) => (
      <ItemHolder prefixCls="ant-form" errors={errors} warnings={[]} meta={{ errors, warnings: [], touched: true, validating: false, name: ['a'] }} label="A">
        <input />
      </ItemHolder>
    );
    const { rerender } = render(item([]));
    rerender(item([]));
    rerender(item([]));
    expect(asked).not.toHaveBeenCalled();
    rerender(item(['Required']));
    rerender(item(['Required']));
    expect(asked).toHaveBeenCalled();
  });
});

describe("Refine's qs: qs-esm's parse and a stringify that keeps values whole", () => {
  // The list URLs Refine writes and reads: its router's options and a list's table params.
  const write = { addQueryPrefix: true, skipNulls: true, arrayFormat: 'indices', encode: false, encodeValuesOnly: true } as const;
  const read = { ignoreQueryPrefix: true, depth: 10 };
  const params = {
    pageSize: 20,
    currentPage: 3,
    sorters: [{ field: 'createdAt', order: 'desc' }],
    filters: [
      { field: 'status', operator: 'in', value: [1, 3] },
      { field: 'createdAt', operator: 'between', value: ['2026-11-01 00:00:00', '2026-11-27 23:59:59'] },
      { field: 'remark', operator: 'eq', value: null },
      { field: 'active', operator: 'eq', value: true },
    ],
    tab: '关于',
  };

  it('writes what qs writes for values without its separators, and qs-esm reads it as qs does', () => {
    const text = qsEsm.stringify(params, write);
    expect(text).toBe(qs.stringify(params, write));
    expect(text).toContain('filters[1][value][0]=2026-11-01 00:00:00');
    expect(qsEsm.parse(text, read)).toEqual(qs.parse(text, read));
    const parsed = qsEsm.parse(text, read) as { currentPage: string; filters: unknown[] };
    expect(parsed.currentPage).toBe('3');
    expect(parsed.filters[0]).toEqual({ field: 'status', operator: 'in', value: ['1', '3'] });
  });

  it('gives back a value holding &, #, +, = or % as it was, where qs with Refine\'s options cut it', () => {
    const query = { filters: [{ field: 'merchantOrderNo', operator: 'eq', value: 'A&B=1 #x+y%2' }], currentPage: 1 };
    const text = qsEsm.stringify(query, write);
    expect(text).toBe('?filters[0][field]=merchantOrderNo&filters[0][operator]=eq&filters[0][value]=A%26B%3D1 %23x%2By%252&currentPage=1');
    expect(qsEsm.parse(text, read)).toEqual({ filters: [{ field: 'merchantOrderNo', operator: 'eq', value: 'A&B=1 #x+y%2' }], currentPage: '1' });
    // What Refine's own options wrote: the search came back as "A".
    expect((qs.parse(qs.stringify(query, write), read) as typeof query).filters[0].value).toBe('A');
  });

  it("leaves Refine's `to`, which Refine has encoded already, as it is", () => {
    expect(qsEsm.stringify({ to: encodeURIComponent('/order/list?currentPage=2') }, write)).toBe('?to=%2Forder%2Flist%3FcurrentPage%3D2');
  });

  it('reads back any filter values as qs reads what it writes with its values encoded', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/);
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.array(fc.constantFrom('&', '#', '%', '+', '=', '[', ']', ' ', '?', '中', '\n', '%2', '%25', '\u0000', 'a'), { maxLength: 8 }).map((parts) => parts.join('')));
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
    const query = fc.record({
      currentPage: fc.nat(),
      filters: fc.array(fc.record({ field: name, operator: fc.constantFrom('eq', 'in', 'gte'), value }), { maxLength: 4 }),
      sorters: fc.array(fc.record({ field: name, order: fc.constantFrom('asc', 'desc') }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(query, (q) => {
        const ours = qsEsm.parse(qsEsm.stringify(q, write), read);
        const qsEncoded = qs.parse(qs.stringify(q, { ...write, encode: true }), read);
        expect(ours).toEqual(qsEncoded);
      }),
      { numRuns: 500 },
    );
  });

  it('writes nothing for an empty query and stops at a cycle', () => {
    expect(qsEsm.stringify({}, write)).toBe('');
    expect(qsEsm.stringify({ a: null, b: undefined, c: [] }, write)).toBe('');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => qsEsm.stringify(cycle, write)).toThrow(RangeError);
  });
});

describe('pluralize swapped for the names as they are', () => {
  it("answers Refine's plural and singular with the name it is given", () => {
    // Refine's default options read these two (textTransformers); the admin's texts come from its locales.
    expect(pluralize.plural('collection-orders')).toBe('collection-orders');
    expect(pluralize.singular('payout-batches')).toBe('payout-batches');
  });
});

describe("a table's column filters", () => {
  it("flatten a filter tree's keys as antd's own function does, without loading the dropdown", async () => {
    type Flatten = (filters: unknown[]) => unknown[];
    const { flattenKeys } = await edited<{ flattenKeys: Flatten }>('antd/es/table/hooks/useFilter/index.js');
    const { flattenKeys: antds } = await import('antd/es/table/hooks/useFilter/FilterDropdown');
    const tree = [{ value: 'a', children: [{ value: 'a1' }, { value: 'a2', children: [{ value: 'a21' }] }] }, { value: 'b' }, { value: 3, children: [] }];
    expect(flattenKeys(tree)).toEqual(['a', 'a1', 'a2', 'a21', 'b', 3]);
    expect(flattenKeys(tree)).toEqual((antds as Flatten)(tree));
    expect(flattenKeys(undefined as unknown as unknown[])).toEqual([]);
    expect(editedText('antd/es/table/hooks/useFilter/index.js').code).not.toContain("from './FilterDropdown'");
  });
});

describe("a table's selection of nested rows", () => {
  type Hook = (config: Record<string, unknown>, selection: Record<string, unknown>) => [unknown, Set<string>];
  const rows = [{ key: 'p', children: [{ key: 'c1' }, { key: 'c2' }] }, { key: 'q' }];
  const config = { prefixCls: 'ant-table', data: rows, pageData: rows, getRecordByKey: () => undefined, getRowKey: (r: { key: string }) => r.key, expandType: 'nest', childrenColumnName: 'children', locale: {}, getPopupContainer: undefined };

  it('waits for rc-tree\'s checking once, then checks a parent\'s children; a strict selection never loads it', async () => {
    const { default: useSelection } = await edited<{ default: Hook }>('antd/es/table/hooks/useSelection.js');
    const { treeSelection, arrAdd, arrDel } = await import('../../src/dependency-swaps/tree-selection');
    function Probe({ strict }: { strict: boolean }) {
      const [, keys] = useSelection(config, { selectedRowKeys: ['p'], checkStrictly: strict });
      return <span>{[...keys].sort().join(',')}</span>;
    }
    const strict = render(<Probe strict />);
    expect(strict.container.textContent).toBe('p');
    expect(treeSelection.loaded()).toBeUndefined();
    strict.unmount();
    let waited = false;
    function Waiting() {
      waited = true;
      return null;
    }
    const tree = (
      <Suspense fallback={<Waiting />}>
        <Probe strict={false} />
      </Suspense>
    );
    const nested = render(tree);
    expect(waited).toBe(true);
    expect(nested.container.textContent).toBe('');
    await act(() => treeSelection.load());
    // (React's own retry of the suspended render is not flushed across acts in this environment: drawn again.)
    nested.rerender(tree);
    expect(nested.container.textContent).toBe('c1,c2,p');
    // rc-tree's own helpers, as the selection uses them for any table.
    expect(arrAdd(['a'], 'b')).toEqual(['a', 'b']);
    expect(arrAdd(['a'], 'a')).toEqual(['a']);
    expect(arrDel(['a', 'b'], 'a')).toEqual(['b']);
    expect(arrDel(undefined, 'a')).toEqual([]);
  });
});

/** react-router's production chunk that holds its components (its file name carries a hash). */
const routerChunk = () => {
  const dir = 'react-router/dist/production';
  const file = readdirSync(path.resolve('node_modules', dir)).find((f) => f.endsWith('.mjs') && readFileSync(path.resolve('node_modules', dir, f), 'utf8').includes('var NavLink ='));
  return `${dir}/${file}`;
};

describe("react-router's components", () => {
  it('are made by calls marked pure and named for the developer tools no more, so that those the admin does not draw leave the build', () => {
    const { original, code } = editedText(routerChunk());
    expect(original).toMatch(/^NavLink\.displayName = "NavLink";$/m);
    expect(code).not.toMatch(/^[\w$]+\.displayName = /m);
    expect(code).toMatch(/^var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(code).toMatch(/^var LocationContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    // Only top-level statements: one inside a function stays as it is.
    expect(code).toContain('FetcherForm2.displayName = "fetcher.Form";');
  });
});

describe('the build plugin', () => {
  it('finds each text it edits in the installed dependencies, once', () => {
    const files = ['antd/es/select/index.js', 'antd/es/dropdown/dropdown.js', 'antd/es/date-picker/index.js', '@ant-design/cssinjs/es/hooks/useGlobalCache.js', '@refinedev/core/dist/index.mjs', 'antd/es/table/hooks/useFilter/FilterDropdown.js', 'antd/es/table/hooks/useFilter/index.js', 'antd/es/table/hooks/useSelection.js'];
    for (const file of [...files, 'antd/es/_util/responsiveObserver.js', 'antd/es/form/FormItem/ItemHolder.js', 'rc-select/es/Select.js', 'antd/es/table/InternalTable.js', routerChunk()]) {
      const { original, code } = editedText(file);
      expect(code).toBeDefined();
      expect(code).not.toBe(original);
    }
  });

  it('fails on a module that no longer reads as expected', () => {
    const transform = dependencySwaps().transform as (this: { error: (m: string) => never }, code: string, id: string) => unknown;
    const context = { error: (message: string): never => { throw new Error(message); } };
    expect(() => transform.call(context, 'export {};', path.resolve('node_modules/antd/es/table/hooks/useSelection.js'))).toThrow(/no longer reads as expected/);
  });
});
