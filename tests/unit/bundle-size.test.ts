/** scripts/bundle-size.ts counts the login route's code and the default language's locale files, and refuses a manifest it cannot read. */
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
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-size.ts', ...args], { encoding: 'utf8', env: { ...process.env, LOGIN_JS_BUDGET_KB: '1' } });

const big = (n: number) => Array.from({ length: n }, (_, i) => `var v${i}=${(i * 7919) % 1000003};`).join('\n');
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/pages/login/LoginPage.tsx': { file: 'assets/login.js', isDynamicEntry: true },
  'locales/zh-CN/common.json': { file: 'assets/common-zh.js', isDynamicEntry: true },
  'locales/en-US/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
};
const files = { 'assets/index.js': big(400), 'assets/shared.js': 'x', 'assets/login.js': 'y', 'assets/common-zh.js': big(300), 'assets/common-en.js': big(3000) };

describe('bundle-size', () => {
  it('counts entry, login page and the zh-CN locale files (not other languages); only --check fails over budget', () => {
    const dist = fakeDist(manifest, files);
    const printed = run(dist);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toMatch(/login route JS: .* in 4 files .*zh-CN locales .* in 1 files; budget 1 kB/);
    expect(printed.stderr).toContain('over budget');
    const checked = run('--check', dist);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('login route JS over budget');
  });

  it('fails loudly without the login page or the locale files', () => {
    const noLogin = { ...manifest } as Record<string, unknown>;
    delete noLogin['src/pages/login/LoginPage.tsx'];
    const missing = run(fakeDist(noLogin, files));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('has no src/pages/login/LoginPage.tsx');
    rmSync(dir, { recursive: true, force: true });
    const noLocales = { ...manifest } as Record<string, unknown>;
    delete noLocales['locales/zh-CN/common.json'];
    const without = run(fakeDist(noLocales, files));
    expect(without.status).toBe(1);
    expect(without.stderr).toContain('no locales/zh-CN/*.json');
  });
});
