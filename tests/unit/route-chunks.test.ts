/**
 * scripts/route-chunks.ts puts what the entry needs in one `login` chunk, following of a library's
 * index only the components imported from it: a component the signed-in app alone uses stays out,
 * even when the app imports it through the same index. A later route's chunk holds what its entries
 * need on top of that, and nothing they import lazily. An index that imports and then exports is
 * followed, like one that re-exports, for the names used only; what it imports for its effects, or
 * without exporting it, is still followed whole.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { routeChunks, type RouteChunk } from '../../scripts/route-chunks';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(files: Record<string, string>) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'route-chunks-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** The project's modules in each chunk, by path (Vite's own helpers left out). */
async function chunks(routes: RouteChunk[] = [{ name: 'login', entries: ['src/main.js'] }]): Promise<Record<string, string[]>> {
  const { plugin, groups } = routeChunks(routes);
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    build: { write: false, minify: false, rolldownOptions: { input: path.join(dir, 'src/main.js'), output: { codeSplitting: { groups } } } },
  });
  const { output } = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  return Object.fromEntries(
    output.flatMap((c) => (c.type === 'chunk' ? [[c.isEntry ? 'entry' : c.name, Object.keys(c.modules).filter((id) => id.startsWith(dir)).map((id) => path.relative(dir, id).replace(/\\/g, '/')).sort()]] : [])),
  );
}

const LIBRARY = {
  'node_modules/lib/package.json': JSON.stringify({ name: 'lib', type: 'module', module: 'es/index.js', sideEffects: false }),
  'node_modules/lib/es/index.js': "export { default as Button } from './button/index.js';\nexport { default as Table } from './table/index.js';\nexport * from './icons/index.js';\n",
  'node_modules/lib/es/button/index.js': "import { token } from '../theme.js';\nexport default function Button() { return 'button' + token; }\n",
  'node_modules/lib/es/table/index.js': "import Button from '../button/index.js';\nexport default function Table() { return 'table' + Button(); }\n",
  'node_modules/lib/es/theme.js': "export const token = ':blue';\n",
  'node_modules/lib/es/icons/index.js': "export { default as Lock } from './Lock.js';\nexport { default as Gear } from './Gear.js';\n",
  'node_modules/lib/es/icons/Lock.js': "export default function Lock() { return 'lock'; }\n",
  'node_modules/lib/es/icons/Gear.js': "export default function Gear() { return 'gear'; }\n",
};

describe('route chunks', () => {
  it("follows only the components imported from a library's index", async () => {
    project({
      ...LIBRARY,
      'src/main.js': "import { render } from './LoginForm.js';\nrender();\ndocument.body.onclick = () => import('./App.js');\n",
      'src/LoginForm.js': "import { Button, Lock } from 'lib';\nexport const render = () => console.log(Button(), Lock());\n",
      'src/App.js': "import { Table, Gear } from 'lib';\nexport default () => Table() + Gear();\n",
    });
    const out = await chunks();
    expect(out.login).toEqual(['node_modules/lib/es/button/index.js', 'node_modules/lib/es/icons/Lock.js', 'node_modules/lib/es/theme.js', 'src/LoginForm.js']);
    // The table (which imports the button from the login chunk) and the other icon load with the app.
    expect(out.App).toEqual(['node_modules/lib/es/icons/Gear.js', 'node_modules/lib/es/table/index.js', 'src/App.js']);
    expect(out.entry).toEqual(['src/main.js']);
  });

  it('refuses a login route that uses a whole index of everything', async () => {
    // The same library under antd's name: antd/es/index.js is one of the indexes the plugin watches.
    const antd = Object.entries(LIBRARY).map(([name, text]) => [name.replace('node_modules/lib/', 'node_modules/antd/'), text.replace('"lib"', '"antd"')]);
    project({
      ...Object.fromEntries(antd),
      'src/main.js': "import * as antd from 'antd';\nconsole.log(antd.Button());\n",
    });
    await expect(chunks()).rejects.toThrow(/uses all of .*antd.es.index\.js/);
  });

  it("holds in a later route's chunk what its entries need beyond the login chunk, and leaves out what they load lazily", async () => {
    project({
      ...LIBRARY,
      'src/main.js': "import { render } from './LoginForm.js';\nrender();\ndocument.body.onclick = () => Promise.all([import('./App.js'), import('./Layout.js')]);\n",
      'src/LoginForm.js': "import { Button, Lock } from 'lib';\nexport const render = () => console.log(Button(), Lock());\n",
      'src/App.js': "import { Table } from 'lib';\nimport { format } from './format.js';\nexport default () => Table() + format() + import('./Dialog.js');\n",
      'src/Layout.js': "import { Gear } from 'lib';\nimport { format } from './format.js';\nexport default () => Gear() + format();\n",
      'src/format.js': "export const format = () => 'formatted';\n",
      'src/Dialog.js': "import { Gear } from 'lib';\nexport default () => 'dialog' + Gear();\n",
    });
    const out = await chunks([
      { name: 'login', entries: ['src/main.js'] },
      { name: 'app', entries: ['src/App.js', 'src/Layout.js'] },
    ]);
    expect(out.login).toEqual(['node_modules/lib/es/button/index.js', 'node_modules/lib/es/icons/Lock.js', 'node_modules/lib/es/theme.js', 'src/LoginForm.js']);
    // What App and Layout share and what each needs alone: one file, not a chunk per set of importers.
    expect(out.app).toEqual(['node_modules/lib/es/icons/Gear.js', 'node_modules/lib/es/table/index.js', 'src/format.js']);
    // Each entry keeps its own chunk, which the dynamic import loads by name; the lazy dialog stays lazy.
    expect(out.App).toEqual(['src/App.js']);
    expect(out.Layout).toEqual(['src/Layout.js']);
    expect(out.Dialog).toEqual(['src/Dialog.js']);
  });

  it("keeps an earlier route's lazy part, and what it needs, out of a later route's chunk that imports it too", async () => {
    project({
      ...LIBRARY,
      // The login page opens its menu lazily; the app shows the same menu at once.
      'src/main.js': "import { Button } from 'lib';\nconsole.log(Button());\ndocument.body.onmouseover = () => import('./Menu.js');\ndocument.body.onclick = () => import('./App.js');\n",
      'src/Menu.js': "import { Gear } from 'lib';\nexport default () => 'menu' + Gear();\n",
      'src/App.js': "import { Table } from 'lib';\nimport Menu from './Menu.js';\nexport default () => Table() + Menu();\n",
    });
    const out = await chunks([
      { name: 'login', entries: ['src/main.js'] },
      { name: 'menus', entries: ['src/Menu.js'] },
      { name: 'app', entries: ['src/App.js'] },
    ]);
    expect(out.menus).toEqual(['node_modules/lib/es/icons/Gear.js']);
    expect(out.Menu).toEqual(['src/Menu.js']);
    // Opening the menu on the login page does not download the app's table.
    expect(out.app).toEqual(['node_modules/lib/es/table/index.js']);
  });

  it('follows an index that imports and then exports only for the names used, as one that re-exports', async () => {
    project({
      'node_modules/grid/package.json': JSON.stringify({ name: 'grid', type: 'module', module: 'es/index.js', sideEffects: false }),
      // rc-table's index is written this way: its virtual table comes with it only when asked for.
      'node_modules/grid/es/index.js': "import Table, { genTable } from './Table.js';\nimport Virtual from './Virtual.js';\nexport { genTable, Virtual };\nexport default Table;\n",
      'node_modules/grid/es/Table.js': "export const genTable = () => 'table';\nexport default function Table() { return genTable(); }\n",
      'node_modules/grid/es/Virtual.js': "export default function Virtual() { return 'virtual'; }\n",
      'src/main.js': "import Table from 'grid';\nconsole.log(Table());\ndocument.body.onclick = () => import('./Big.js');\n",
      'src/Big.js': "import { Virtual } from 'grid';\nexport default () => Virtual();\n",
    });
    const out = await chunks();
    expect(out.login).toEqual(['node_modules/grid/es/Table.js', 'node_modules/grid/es/index.js']);
    expect(out.Big).toEqual(['node_modules/grid/es/Virtual.js', 'src/Big.js']);
  });

  it('still follows whole what such an index imports for its effects or without exporting it', async () => {
    const grid = (index: string) => ({
      'node_modules/grid/package.json': JSON.stringify({ name: 'grid', type: 'module', module: 'es/index.js' }),
      'node_modules/grid/es/index.js': index,
      'node_modules/grid/es/Table.js': "export default function Table() { return 'table'; }\n",
      // With an effect of its own, so that the bundler keeps it where the plugin puts it.
      'node_modules/grid/es/Virtual.js': "globalThis.virtualLoaded = true;\nexport default function Virtual() { return 'virtual'; }\n",
      'node_modules/grid/es/setup.js': "globalThis.gridReady = true;\n",
      'src/main.js': "import Table from 'grid';\nconsole.log(Table());\n",
    });
    // An import for its effects runs code: the index is followed as any module, all it imports with it.
    project(grid("import './setup.js';\nimport Table from './Table.js';\nimport Virtual from './Virtual.js';\nexport { Virtual };\nexport default Table;\n"));
    expect((await chunks()).login).toEqual(['node_modules/grid/es/Table.js', 'node_modules/grid/es/Virtual.js', 'node_modules/grid/es/index.js', 'node_modules/grid/es/setup.js']);
    rmSync(dir, { recursive: true, force: true });
    // A binding imported and not exported: its module is followed whole, as the index imports it.
    project(grid("import Table from './Table.js';\nimport Virtual from './Virtual.js';\nexport default Table;\n"));
    expect((await chunks()).login).toEqual(['node_modules/grid/es/Table.js', 'node_modules/grid/es/Virtual.js', 'node_modules/grid/es/index.js']);
  });
});
