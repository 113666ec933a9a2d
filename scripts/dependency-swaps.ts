/**
 * Vite plugin: dependencies' modules swapped or edited in the admin's build, for what a screen
 * costs each time it mounts and for what the signed-in route loads.
 *
 * Loading: qs, which Refine reads and writes list URLs with, brings polyfills (side-channel,
 * get-intrinsic, object-inspect) that no browser we serve needs: swapped for qs-esm, the same
 * parser without them (src/dependency-swaps/qs.ts). Refine's lodash isEqual, unionWith,
 * differenceWith and uniqBy bring lodash's deep-equality, clone and cache machinery (about 8 kB
 * gzip) for comparing filters, sorters and ids: swapped for dequal and a few lines each
 * (src/dependency-swaps/lodash), with the same results for the plain data Refine gives them. Refine's
 * English inflection of resource names (pluralize), for texts the admin always gives from its
 * locales: swapped for the names as they are (src/dependency-swaps/pluralize.ts). Refine's qs
 * stringify is our own, which keeps filter values whole (src/dependency-swaps/qs.ts). antd's Table
 * imports its column-filter dropdown (with Tree, Menu, Checkbox, Radio), which no list of ours
 * declares, its selection's Checkbox and Radio, which only tables with row selection draw, and
 * rc-tree's checking of nested rows, which only a selection that is not checkStrictly uses: each
 * loads when asked for. Code the bundler keeps only for a call or an assignment it cannot prove
 * harmless: react-router's components and contexts (marked pure, their displayName dropped),
 * antd's docs-only panels, Refine's run-time renaming of its functions.
 *
 * Mounting: a profile
 * of switching between open tags (each switch mounts a list screen of hundreds of antd components
 * again) showed these, each multiplied by that count:
 *  - rc-util's updateCSS, called by every antd component on every mount, lists every <style> of the
 *    page: swapped for src/dependency-swaps/update-css.ts;
 *  - antd 5 makes a responsive observer, six media queries, per Row, so per Form.Item: antd's hook
 *    is edited to share one per set of breakpoints; what it tells each subscriber is unchanged;
 *  - every antd Form.Item asks in render whether it is on screen (offsetParent), which makes the
 *    browser lay the page out mid-task whenever a filter form draws again: asked only by an item
 *    showing an error, the one case whose effect reads the answer;
 *  - antd's CSS-in-JS drops a component's generated style once no mounted component uses it, and
 *    generates it again (stylis parse and all) at the next mount: kept instead, as the <style>
 *    elements themselves already are;
 *  - Refine's `matchResourceFromRoute`, which lists every action route of every resource for each
 *    of a screen's hooks that reads the route (memoised per hook only): remembered per route and
 *    resource list, as the answer depends on nothing else.
 * A module that no longer looks as expected fails the build, so an upgrade cannot drop a change
 * silently. The dev server's prebundled dependencies keep the originals.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** `source`: the import specifiers worth resolving to see whether they reach `original`. */
const lodash = (name: string, file: string) => ({
  source: new RegExp(`^lodash-es/${name}(\\.js)?$`),
  original: new RegExp(`node_modules/lodash-es/${name}\\.js$`),
  by: path.resolve(`src/dependency-swaps/lodash/${file}.ts`),
});
const SWAPS = [
  { source: /dynamicCSS/, original: /node_modules\/rc-util\/es\/Dom\/dynamicCSS\.js$/, by: path.resolve('src/dependency-swaps/update-css.ts') },
  { source: /^qs$/, original: /node_modules\/qs\/lib\/index\.js$/, by: path.resolve('src/dependency-swaps/qs.ts') },
  { source: /^pluralize$/, original: /node_modules\/pluralize\/pluralize\.js$/, by: path.resolve('src/dependency-swaps/pluralize.ts') },
  lodash('isEqual', 'is-equal'),
  lodash('unionWith', 'union-with'),
  lodash('differenceWith', 'difference-with'),
  lodash('uniqBy', 'uniq-by'),
];

/** What the edits below load a dependency's part through, when it is first drawn. */
const ON_DEMAND = path.resolve('src/dependency-swaps/on-demand.tsx');
/** What antd's table selection loads rc-tree's checking of nested rows through. */
const TREE_SELECTION = path.resolve('src/dependency-swaps/tree-selection.ts');

/**
 * Text edits of a dependency's module: a `find` text must occur once; a `find` pattern (global) at
 * least once, and every occurrence is replaced. A module may have several edits, applied in order.
 */
interface Edit {
  module: RegExp;
  find: string | RegExp;
  replace: string;
}

const EDITS: Edit[] = [
  {
    module: /node_modules\/antd\/es\/_util\/responsiveObserver\.js$/,
    find: 'const useResponsiveObserver = () => {',
    // antd's hook still runs (its token and memo), but its observer is kept only by the first caller
    // of a set of breakpoints: making one registers nothing until something subscribes.
    replace: `const sharedObservers = new Map();
const useResponsiveObserver = () => {
  const own = useOwnResponsiveObserver();
  const key = JSON.stringify(own.responsiveMap);
  if (!sharedObservers.has(key)) sharedObservers.set(key, own);
  return sharedObservers.get(key);
};
const useOwnResponsiveObserver = () => {`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/,
    find: "import Tree from '../../../tree';",
    // Its own Suspense: the first open of such a filter must not suspend the whole screen.
    replace: `const LazyTree = /*#__PURE__*/ React.lazy(() => import('../../../tree'));
const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useFilter\/index\.js$/,
    find: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    // A column's filter dropdown (antd's Menu, Checkbox, Radio and Tree) draws only for a column that
    // declares filters, which no list of ours does: loaded when first drawn. flattenKeys is antd's own,
    // written here so that the dropdown's module is not loaded for it.
    replace: `import { OnDemandFilterDropdown as FilterDropdown } from ${JSON.stringify(ON_DEMAND)};
function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => (children ? [value, ...flattenKeys(children)] : [value]));
}`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    find: "import Checkbox from '../../checkbox';",
    // Drawn only in a table with row selection (a payout batch's orders), not in the generic lists.
    replace: `import { OnDemandCheckbox as Checkbox } from ${JSON.stringify(ON_DEMAND)};`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    find: `import { arrAdd, arrDel } from "rc-tree/es/util";
import { conductCheck } from "rc-tree/es/utils/conductUtil";
import { convertDataToEntities } from "rc-tree/es/utils/treeUtil";`,
    // rc-tree's checking of nested rows serves only a selection that is not checkStrictly, which no
    // table of ours has: loaded, and waited for, by such a table only (src/dependency-swaps/tree-selection.ts).
    replace: `import { arrAdd, arrDel, treeSelection } from ${JSON.stringify(TREE_SELECTION)};
const conductCheck = (...args) => treeSelection.loaded().conductCheck(...args);
const convertDataToEntities = (...args) => treeSelection.loaded().convertDataToEntities(...args);`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    find: `    checkStrictly = true
  } = rowSelection || {};`,
    replace: `    checkStrictly = true
  } = rowSelection || {};
  if (!checkStrictly) React.use(treeSelection.load());`,
  },
  {
    module: /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/,
    find: "import Radio from '../../radio';",
    replace: `import { OnDemandRadio as Radio } from ${JSON.stringify(ON_DEMAND)};`,
  },
  {
    module: /node_modules\/react-router\/dist\/production\/chunk-\w+\.mjs$/,
    // Its components and contexts are made by calls the bundler must keep unless told they are pure
    // (React's forwardRef and createContext are), and each is then named for the developer tools by
    // an assignment, which the bundler must keep too: together they kept NavLink, Form and
    // ScrollRestoration with all they use (1.7 kB gzip), though the admin draws none of them.
    find: /^var (\w+) = (React\d*\.(?:forwardRef|createContext)\()/gm,
    replace: 'var $1 = /* @__PURE__ */ $2',
  },
  {
    module: /node_modules\/react-router\/dist\/production\/chunk-\w+\.mjs$/,
    find: /^[\w$]+\.displayName = "[^"\n]*";$/gm,
    replace: '',
  },
  {
    module: /node_modules\/antd\/es\/[\w-]+\/[\w-]+\.js$/,
    // antd hangs an internal panel on Select, Dropdown, Tooltip, DatePicker and others for its own
    // docs site (its name says not to use it): made by a call and hung by an assignment, both of
    // which the bundler must keep, with the panels' code (1 kB gzip on the lists' route). The call
    // is pure and the assignment gone. (message's and notification's, object properties, stay.)
    find: /^(\w+)\._Internal(?:Range)?PanelDoNotUseOrYouWillBeFired = \w+;$/gm,
    replace: '',
  },
  {
    module: /node_modules\/antd\/es\/[\w-]+\/[\w-]+\.js$/,
    find: /^const (\w+) = genPurePanel\(/gm,
    replace: 'const $1 = /* @__PURE__ */ genPurePanel(',
  },
  {
    module: /node_modules\/@refinedev\/core\/dist\/index\.mjs$/,
    // Its build names each function declaration again at run time (esbuild's keepNames), a call the
    // bundler must keep with the function, used or not: Refine's register, forgot- and
    // update-password hooks, its audit log and more stayed in the build for it. The name is the
    // function's own already; nothing reads it.
    find: /^__name\([\w$]+, "[\w$]+"\);$/gm,
    replace: '',
  },
  {
    module: /node_modules\/rc-select\/es\/Select\.js$/,
    find: 'import OptionList from "./OptionList";',
    // A Select draws its options (and rc-virtual-list with them) only in its dropdown: loaded when a
    // dropdown first opens, or before, once the signed-in app is idle (src/dependency-swaps/on-demand.tsx).
    replace: `import { OnDemandOptionList as OptionList } from ${JSON.stringify(ON_DEMAND)};`,
  },
  {
    module: /node_modules\/antd\/es\/table\/InternalTable\.js$/,
    find: "import RcVirtualTable from './RcTable/VirtualTable';",
    // The virtual table (and rc-virtual-list) draws only pages of more than 100 rows
    // (src/components/resource/bigPage.ts): loaded for the first such page, or once the app is idle.
    replace: `import { OnDemandVirtualTable as RcVirtualTable } from ${JSON.stringify(ON_DEMAND)};`,
  },
  {
    module: /node_modules\/antd\/es\/form\/FormItem\/ItemHolder\.js$/,
    find: 'const isOnScreen = !!itemRef.current && isVisible(itemRef.current);',
    // Asked in render of every Form.Item, it makes the browser lay the page out there, mid-task;
    // the answer only matters to an item showing an error (the effect that reads it does nothing
    // else), so only such an item asks.
    replace: 'const isOnScreen = hasError && !!itemRef.current && isVisible(itemRef.current);',
  },
  {
    module: /node_modules\/@ant-design\/cssinjs\/es\/hooks\/useGlobalCache\.js$/,
    find: 'if (nextCount === 0) {',
    replace: 'if (false) {',
  },
  {
    module: /node_modules\/@refinedev\/core\/dist\/index\.mjs$/,
    find: 'var matchResourceFromRoute = /* @__PURE__ */ __name((route, resources) => {',
    // A WeakMap per resource list (a new list starts afresh), at most 500 routes each.
    replace: `var matchesByResources = new WeakMap();
var matchResourceFromRoute = (route, resources) => {
  let byRoute = matchesByResources.get(resources);
  if (!byRoute || byRoute.size > 500) matchesByResources.set(resources, (byRoute = new Map()));
  if (!byRoute.has(route)) byRoute.set(route, matchResourceFromRouteEachTime(route, resources));
  return byRoute.get(route);
};
var matchResourceFromRouteEachTime = /* @__PURE__ */ __name((route, resources) => {`,
  },
];

/**
 * The module's text with its edits applied. A text must occur once in its module; a pattern may find
 * nothing in one module of those it names (react-router's build has two chunks), but must find
 * something in one of them (buildEnd).
 */
function applyEdits(code: string, id: string, fail: (message: string) => never, done: Set<Edit['find']>): string | null {
  const edits = EDITS.filter((e) => e.module.test(id));
  const original = code;
  for (const { find, replace } of edits) {
    const count = typeof find === 'string' ? code.split(find).length - 1 : (code.match(find) ?? []).length;
    if (typeof find === 'string' && count !== 1) fail(`dependency-swaps: ${id} no longer reads as expected ("${find}")`);
    if (count) done.add(find);
    code = code.replace(find, replace);
  }
  // A module the patterns name but find nothing in (most of antd's) keeps its source map.
  return code === original ? null : code;
}

export function dependencySwaps(): Plugin {
  const done = new Set<Edit['find']>();
  return {
    name: 'dependency-swaps',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!SWAPS.some((s) => s.source.test(source))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && SWAPS.find((s) => s.original.test(resolved.id));
      // The swapped-in module imports the original itself.
      if (!swap || importer === swap.by) return null;
      done.add(swap.by);
      return swap.by;
    },
    transform(code, id) {
      const edited = applyEdits(code, id, (message) => this.error(message), done);
      return edited === null ? null : { code: edited, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = [...SWAPS.map((s) => s.by), ...EDITS.map((e) => e.find)].filter((what) => !done.has(what));
      if (missing.length) this.error(`dependency-swaps: not in the build: ${missing.join('; ')}`);
    },
  };
}
