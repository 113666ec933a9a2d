/**
 * JS budgets per route, from Vite's manifest: the gzip size and number of the script files the
 * browser loads for each route (a file counted once per route, however many chunks import it).
 *  - login: the entry and its static imports (the login chunk, scripts/route-chunks.ts). The form
 *    and its texts are in the page's HTML (scripts/login-page.ts), not in any script;
 *  - shell + collection-order list: the login route, then the signed-in app's root (src/Root.tsx:
 *    React, antd) and the app (src/App.tsx), the shell, the resource registry (outlines), the
 *    collection orders' declaration, the generic list screen that shows them, the lazy parts its
 *    route waits for (src/screen-parts.ts: none for a list), and the locale files of the default
 *    language they load: the login page's areas (providers/languages.ts LOGIN_AREAS, which the app
 *    reads too), the shell's (providers/languages.ts SHELL_AREAS) and those the
 *    collection-order declaration names (areasNamedIn), as src/routes.tsx loads them, and antd's
 *    own texts in that language (src/shell/antd-locale.ts);
 *    Printed beside it, not budgeted: the same with the inputs the list's filters fetch as they
 *    first render (the date pickers, the number input), which the list does not wait for;
 *    Printed beside the list, not budgeted: the shell with home, the landing screen;
 *  - each screen chunk on its own (its own file, not what it shares with others), except the lazily
 *    loaded charts and code editor.
 *
 *   tsx scripts/bundle-size.ts           prints the table (npm run build): never fails on size
 *   tsx scripts/bundle-size.ts --check   also fails over a budget (npm test)
 *
 * Either way it fails loudly when the manifest lacks a chunk it measures: a budget measured on the
 * wrong files would pass for the wrong reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOGIN_AREAS, SHELL_AREAS, areasNamedIn } from '../providers/languages';
import { orders } from '../resources/orders';
import { PART_SOURCES, filterPartsOf, partsOf } from '../src/screen-parts';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
}

/**
 * kB gzip. Last measured: login 6.4 kB in 2 files (194.6 kB in 7 while React and antd drew the
 * form; it is now in the page's HTML, taken over by a script of plain DOM); shell + collection-order
 * list 396.6 kB in 39 files (398.7 in 40 before React and antd's core moved from the login route to
 * the app's root); shell + home 426.9 kB; largest screen 15.0 kB. From 421.6 kB: react-router's unused components, marked pure, leave the build;
 * antd's table loads its column-filter dropdown, its selection's checkbox and radio and rc-tree's
 * checking of nested rows when a table asks for them; Refine's inflection (pluralize) and its qs's
 * stringify are swapped for small ones, antd's docs-only panels and Refine's run-time renaming are
 * dropped (scripts/dependency-swaps.ts); the realtime link loads as the shell mounts; the header's
 * badges and breadcrumbs are drawn without antd's Badge and Breadcrumb (docs/benchmarks.md).
 * From 430.8 kB: a Select's option list and antd's virtual table, which bring rc-virtual-list, load when first drawn or once the app is idle
 * (scripts/dependency-swaps.ts), and rc-table's index, written as imports then exports, is followed
 * for the names used only (scripts/route-chunks.ts): 421.6 kB. From 463.2 kB in 114 files: what the shell and the
 * generic list need beyond the login chunk is one `app` chunk (scripts/route-chunks.ts), no longer
 * a hundred small ones compressed one by one (432.0 kB); outlines leave out the calls only screens
 * make (429.6); react-router's production build, without its warnings (429.1); the login page's
 * language menu keeps its own chunk (430.6 kB, 472.1 with the filters' inputs). From 511.6 kB: the registry carries each declaration's
 * outline only (src/registry, scripts/resource-outline.ts), and a screen's route loads its own
 * declaration (499.4); the collection orders' row actions load their schemas when a dialog opens
 * (resources/common/lazy-schema.ts), so the route carries no zod (472.5); rc-* packages, which
 * declare no side effects, are tree-shaken (470.5); Refine's lodash isEqual, unionWith,
 * differenceWith and uniqBy are swapped for dequal and a few lines each (466.2,
 * scripts/dependency-swaps.ts); antd's own texts load for the interface language only, and dayjs's
 * month names with the date pickers (463.4, src/shell/antd-locale.ts; the list's time filter fetches
 * them with the pickers as it renders: 504.9 kB with its filters' inputs). From 553.9 kB: what a list
 * shows only once an operator acts loads then, or once the page is idle: antd's message,
 * notification and modal holders (src/common/feedback), the row actions' and JSON dialogs, the
 * second login, Popover and Popconfirm, and the number input; copyable text has its own button
 * instead of antd's Typography, and the header's avatar is drawn without antd's Avatar. From 567.4
 * kB: the box around a list's filters is drawn without antd's Card (and its Tabs). Since 674.4 kB
 * each screen's texts load with it, and the date pickers are a chunk of their own that only the
 * routes of forms with a time input wait for. The lists do not use Refine's List and useTable (its
 * page header brought @ant-design/pro-layout, 26 kB); Refine's qs became qs-esm (16 kB); the Tree
 * of antd's column filters, the menu drawer and the back-to-top button load when first shown.
 *
 * What weighs now, about: React, antd's core (theme, CSS-in-JS) and i18next, which the login route
 * carried until its form moved into the HTML; antd's components (table, menu, select, pagination, dropdown,
 * layout, spin, tag, empty, space, switch) with their rc-* parts (rc-table, rc-select, rc-menu),
 * Refine's core, our own shell and generic screens, icons (most of them the menu's), react-router,
 * TanStack Query, the outlines, dayjs. Each is drawn by the list or the shell at once.
 */
const budget = (name: string, kb: number) => Number(process.env[name] ?? kb);
const LOGIN_KB = budget('LOGIN_JS_BUDGET_KB', 100);
const LOGIN_FILES = 15;
const SIGNED_IN_KB = budget('SIGNED_IN_JS_BUDGET_KB', 400);
const SCREEN_KB = budget('SCREEN_JS_BUDGET_KB', 60);
const LANGUAGE = 'zh-CN';
/**
 * The signed-in app's chunks that the collection-order list needs: the app, the shell, the registry
 * (every declaration's outline, src/registry), the generic list and the collection orders' own
 * declaration, which its route loads with it (src/registry/declarations.ts).
 */
const SIGNED_IN = ['src/Root.tsx', 'src/App.tsx', 'src/shell/AppLayout.tsx', 'src/registry/registry.ts', 'src/components/resource/ResourceList.tsx', 'resources/orders/index.ts'];
/** The landing screen after sign-in (src/Root.tsx loads it with the app): shown beside the list, not budgeted. */
const HOME = ['src/Root.tsx', 'src/App.tsx', 'src/shell/AppLayout.tsx', 'src/registry/registry.ts', 'src/pages/home/HomePage.tsx'];
const HOME_AREAS = ['home', 'statistics'];
/** antd's own texts in the default language, which the app loads before it renders (src/shell/antd-locale.ts). */
const ANTD_TEXTS = 'node_modules/antd/locale/zh_CN.js';
/** Screens, and the heavy parts they load lazily on their own (charts, the code editor, the date pickers), exempt from the screen budget. */
const SCREEN_SOURCES = /^src\/(pages|components)\//;
const LAZY_HEAVY = /Chart|CodeEditor/;

const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');

function die(message: string): never {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) die(`no ${manifestFile}; run vite build (build.manifest must stay on)`);
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));
const need = (key: string) => manifest[key] ?? die(`the manifest has no ${key}: it moved or is no longer its own chunk; update scripts/bundle-size.ts`);

/** The files a set of chunks loads: each chunk and its static imports, recursively. */
function closure(keys: string[], files = new Set<string>()): Set<string> {
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach((key) => {
    need(key);
    visit(key);
  });
  return files;
}

const gzCache = new Map<string, number>();
const gz = (file: string) => gzCache.get(file) ?? gzCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length).get(file)!;
const scripts = (files: Set<string>) => [...files].filter((f) => f.endsWith('.js'));
const kb = (bytes: number) => bytes / 1024;

const localeKeys = (filter: (area: string) => boolean) =>
  Object.keys(manifest).filter((k) => k.startsWith(`locales/${LANGUAGE}/`) && k.endsWith('.json') && filter(path.basename(k, '.json')));
const loginTexts = localeKeys((area) => LOGIN_AREAS.includes(area));
if (loginTexts.length !== LOGIN_AREAS.length) die(`the manifest lacks some of locales/${LANGUAGE}/{${LOGIN_AREAS.join(',')}}.json as chunks: src/providers/i18n.ts no longer loads them lazily; count them another way`);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry) ?? die('the manifest has no entry chunk');
const login = closure([entry]);
const allAreas = new Set(Object.keys(manifest).filter((k) => /^locales\/[^/]+\/[^/]+\.json$/.test(k)).map((k) => path.basename(k, '.json')));
const listAreas = new Set([...SHELL_AREAS, ...areasNamedIn(orders, allAreas)]);
const appTexts = localeKeys((area) => listAreas.has(area));
if (!appTexts.length) die(`the manifest has none of locales/${LANGUAGE}/{${[...listAreas].join(',')}}.json as chunks: src/providers/i18n.ts no longer loads them lazily; count them another way`);
// The lazy parts the list waits for before it renders (src/screen-parts.ts: the date pickers of its time filter).
const listParts = partsOf(orders, 'list').map((part) => PART_SOURCES[part]);
const signedIn = closure([...SIGNED_IN, ANTD_TEXTS, ...listParts, ...loginTexts, ...appTexts], new Set(login));
// What the list's filters fetch as they first render without the list waiting for it (src/components/fields/LazyInput.tsx): shown, not budgeted.
const filterParts = filterPartsOf(orders).map((part) => PART_SOURCES[part]);
const withFilters = closure(filterParts, new Set(signedIn));
const home = closure([...HOME, ANTD_TEXTS, ...localeKeys((area) => LOGIN_AREAS.includes(area) || SHELL_AREAS.includes(area) || HOME_AREAS.includes(area))], new Set(login));

interface Row {
  what: string;
  files: number;
  size: number;
  budget: string;
  over: boolean;
}
const routeRow = (what: string, files: Set<string>, budgetKb: number, maxFiles = Infinity): Row => {
  const list = scripts(files);
  const size = kb(list.reduce((total, f) => total + gz(f), 0));
  return { what, files: list.length, size, budget: `${budgetKb} kB${maxFiles < Infinity ? `, ${maxFiles} files` : ''}`, over: size > budgetKb || list.length > maxFiles };
};
const shown = (what: string, files: Set<string>): Row => ({ ...routeRow(what, files, Infinity), budget: 'shown only', over: false });
const rows: Row[] = [routeRow('login route', login, LOGIN_KB, LOGIN_FILES)];
rows.push(routeRow('shell + collection-order list', signedIn, SIGNED_IN_KB));
rows.push(shown('the same, with the inputs its filters fetch as they render', withFilters), shown('shell + home (the landing screen)', home));

const screens = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && SCREEN_SOURCES.test(key))
  .map(([key, chunk]) => ({ key, size: kb(gz(chunk.file)), exempt: LAZY_HEAVY.test(key) }))
  .sort((a, b) => b.size - a.size);
if (!screens.length) die('the manifest has no lazy screen chunks under src/pages or src/components');
const largest = screens.find((s) => !s.exempt)!;
rows.push({ what: `largest screen chunk (${largest.key})`, files: 1, size: largest.size, budget: `${SCREEN_KB} kB each`, over: screens.some((s) => !s.exempt && s.size > SCREEN_KB) });

console.log('| route | script files | kB gzip | budget |\n|---|---:|---:|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.files} | ${r.size.toFixed(1)} | ${r.budget}${r.over ? ' **over**' : ''} |`);
for (const s of screens.filter((x) => x.exempt)) console.log(`(lazily loaded, no budget: ${s.key} ${s.size.toFixed(1)} kB)`);

const over = [...rows.filter((r) => r.over).map((r) => r.what), ...screens.filter((s) => !s.exempt && s.size > SCREEN_KB).map((s) => s.key)];
if (over.length) {
  const message = `over budget: ${[...new Set(over)].join(', ')}`;
  if (check) die(message);
  console.warn(`${message} (npm test fails on this)`);
}
