/** scripts/bundle-size.ts measures each route's scripts (with the lazy parts it waits for) from the manifest, checks the budgets only with --check, and refuses a manifest it cannot read. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeDist(manifest: Record<string, unknown>, files: Record<string, string>) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
const run = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-size.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const big = (n: number) => Array.from({ length: n }, (_, i) => `var v${i}=${(i * 7919) % 1000003};`).join('\n');
const lazy = (file: string, imports?: string[]) => ({ file, isDynamicEntry: true, ...(imports ? { imports } : {}) });
const manifest: Record<string, unknown> = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_login.js'] },
  '_login.js': { file: 'assets/login.js' },
  'locales/zh-CN/app.json': lazy('assets/app-zh.js'),
  'locales/zh-CN/auth.json': lazy('assets/auth-zh.js'),
  'locales/zh-CN/languages.json': lazy('assets/languages-zh.js'),
  'locales/zh-CN/shell.json': lazy('assets/shell-zh.js'),
  'locales/zh-CN/orders.json': lazy('assets/orders-zh.js'),
  'locales/en-US/auth.json': lazy('assets/auth-en.js'),
  'src/Root.tsx': lazy('assets/Root.js', ['_login.js']),
  'src/App.tsx': lazy('assets/App.js', ['_login.js']),
  'src/shell/AppLayout.tsx': lazy('assets/AppLayout.js', ['_login.js']),
  'src/registry/registry.ts': lazy('assets/registry.js'),
  'resources/orders/index.ts': lazy('assets/orders-declaration.js'),
  'node_modules/antd/locale/zh_CN.js': lazy('assets/antd-zh.js'),
  'src/components/resource/ResourceList.tsx': lazy('assets/ResourceList.js', ['_table.js', '_login.js']),
  '_table.js': { file: 'assets/table.js' },
  'src/components/fields/DateInput.tsx': lazy('assets/DateInput.js', ['_date-picker.js', '_login.js']),
  '_date-picker.js': { file: 'assets/date-picker.js' },
  'src/components/fields/NumberInput.tsx': lazy('assets/NumberInput.js', ['_login.js']),
  'src/pages/home/HomePage.tsx': lazy('assets/HomePage.js'),
  'src/pages/statistics/StatisticsChart.tsx': lazy('assets/StatisticsChart.js'),
};
const files: Record<string, string> = {
  'assets/index.js': 'i',
  'assets/login.js': big(400),
  'assets/app-zh.js': 'a',
  'assets/auth-zh.js': 'b',
  'assets/languages-zh.js': 'c',
  'assets/shell-zh.js': 'd',
  'assets/orders-zh.js': 'e',
  'assets/auth-en.js': big(3000),
  'assets/Root.js': big(500),
  'assets/App.js': 'f',
  'assets/AppLayout.js': 'g',
  'assets/registry.js': 'h',
  'assets/orders-declaration.js': 'l',
  'assets/antd-zh.js': 'm',
  'assets/ResourceList.js': 'j',
  'assets/table.js': big(300),
  'assets/DateInput.js': 'k',
  'assets/date-picker.js': big(200),
  'assets/NumberInput.js': 'n',
  'assets/HomePage.js': big(300),
  'assets/StatisticsChart.js': big(3000),
};
const row = (out: string, name: string) => out.split('\n').find((line) => line.startsWith(`| ${name}`)) ?? '';

describe('bundle-size', () => {
  it('counts the login route (entry and its imports) and the signed-in route on top of it', () => {
    const printed = run({}, '--check', fakeDist(manifest, files));
    expect(printed.status).toBe(0);
    // index and the login chunk: no texts (the page's HTML has them), not the app's root it fetches while the user types.
    expect(row(printed.stdout, 'login route')).toMatch(/^\| login route \| 2 \| [\d.]+ \| 100 kB, 15 files \|$/);
    // + the app's root, the four login texts the app reads too, App, AppLayout, the registry, the orders' declaration,
    // antd's zh-CN texts, ResourceList, table, orders-zh; not the date pickers, which no list waits for; not en-US.
    expect(row(printed.stdout, 'shell + collection-order list')).toMatch(/\| 15 \|/);
    // Shown beside it: + the date pickers and the number input the list's filters fetch as they render.
    expect(row(printed.stdout, 'the same, with the inputs')).toMatch(/\| 18 \|.*shown only/);
    // Shown: the landing screen: the login route + the root, the login texts, App, AppLayout, the registry, HomePage, antd's zh-CN texts; not the list.
    expect(row(printed.stdout, 'shell + home')).toMatch(/\| 12 \|.*shown only/);
    expect(row(printed.stdout, 'largest screen chunk')).toContain('src/pages/home/HomePage.tsx');
    expect(printed.stdout).toContain('lazily loaded, no budget: src/pages/statistics/StatisticsChart.tsx');
  }, 60_000);

  it('fails over a budget only with --check, naming the route or the screen', () => {
    const dist = fakeDist(manifest, files);
    const printed = run({ LOGIN_JS_BUDGET_KB: '1' }, dist);
    expect(printed.status).toBe(0);
    expect(printed.stderr).toContain('over budget: login route');
    expect(run({ LOGIN_JS_BUDGET_KB: '1' }, '--check', dist).status).toBe(1);
    const screen = run({ SCREEN_JS_BUDGET_KB: '1' }, '--check', dist);
    expect(screen.status).toBe(1);
    expect(screen.stderr).toContain('src/pages/home/HomePage.tsx');
    expect(screen.stderr).not.toContain('StatisticsChart');
  }, 60_000);

  it('fails loudly without a chunk it measures or without the login texts', () => {
    const noApp = { ...manifest };
    delete noApp['src/App.tsx'];
    const missing = run({}, fakeDist(noApp, files));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('has no src/App.tsx');
    rmSync(dir, { recursive: true, force: true });
    const noTexts = { ...manifest };
    delete noTexts['locales/zh-CN/auth.json'];
    const without = run({}, fakeDist(noTexts, files));
    expect(without.status).toBe(1);
    expect(without.stderr).toContain('locales/zh-CN/{app,auth,languages,shell}.json');
  }, 60_000);
});
