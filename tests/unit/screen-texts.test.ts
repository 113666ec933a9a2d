/**
 * Each screen loads its own locale areas (src/routes.tsx): the shell loads the login page's and
 * providers/languages.ts SHELL_AREAS, a screen those its declaration names and, for a custom screen,
 * src/screens.ts SCREEN_TEXTS. A key in an area that nobody loads would show raw, so the sources are
 * read here: every area a custom screen's files name (following their imports outside the shared
 * shell and components) is one it loads, and every area the shell's files name is the shell's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_AREAS, SHELL_AREAS, areasNamedIn } from '../../providers/languages';
import { declarations } from '../../resources';
import { SCREEN_TEXTS } from '../../src/screens';
import type { ScreenName } from '../../resources/types';

const AREAS = new Set(readdirSync('locales/zh-CN').map((f) => path.basename(f, '.json')));
const SHELL = new Set([...LOGIN_AREAS, ...SHELL_AREAS]);

const resolve = (from: string, spec: string) =>
  [spec, `${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`, `${spec}/index.tsx`].map((s) => path.resolve(path.dirname(from), s)).find((f) => /\.tsx?$/.test(f) && existsSync(f));

/**
 * The areas named in a file and the files it imports statically (not `stop` ones): a key's start
 * (`'orders.fields.x'`, `` `systemConfig.units.${unit}` ``), or an enum's `labelKey` or an action's `labels`.
 */
function areasInSources(start: string, stop: (file: string) => boolean): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || stop(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    for (const m of source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']+)'/gm)) {
      const next = resolve(file, m[1]);
      if (next) visit(next);
    }
    const named = [...source.matchAll(/['`]([A-Za-z][\w-]*)(?:\.|\$\{)/g), ...source.matchAll(/\b(?:labelKey|labels):\s*'([\w-]+)'/g)];
    for (const [text, area] of named) if (AREAS.has(area) && !found.has(area) && !NOT_TEXTS.some((t) => text.includes(t))) found.set(area, path.relative(process.cwd(), file));
  };
  visit(path.resolve(start));
  return found;
}

// Strings that look like keys but are not texts: the error log's local storage keys.
const NOT_TEXTS = ["'errorLog."];

// The shell, the generic screens and the providers (the app's, and the abilities that name every
// subject): what every screen shares.
const SHARED = new RegExp(`^${process.cwd()}/(src/(App\\.tsx|routes\\.tsx|shell|components|providers|realtime)|providers)(/|$)`);
/** Declarations a screen imports for their API paths only: their texts are their own screens'. */
const PATHS_ONLY: Partial<Record<ScreenName, string[]>> = {
  OrderTestPage: ['balanceActions', 'userProducts'],
  OrderTestAdminPage: ['balanceActions', 'userProducts'],
};
// The registry imports every declaration; each screen's own declaration is read on its own.
const REGISTRY = /\/resources\/index\.ts$/;

describe('screen texts', () => {
  const screensSource = readFileSync('src/screens.ts', 'utf8');
  const files = Object.fromEntries([...screensSource.matchAll(/(\w+): \(\) => import\('\.\/([^']+)'\)/g)].map((m) => [m[1], `src/${m[2]}.tsx`]));

  it.each(Object.keys(SCREEN_TEXTS) as ScreenName[])('%s loads every area its sources name', (screen) => {
    expect(existsSync(files[screen]), files[screen]).toBe(true);
    const loads = new Set([...SHELL, ...SCREEN_TEXTS[screen], ...(PATHS_ONLY[screen] ?? [])]);
    for (const d of declarations.filter((x) => Object.values(x.screens ?? {}).includes(screen))) areasNamedIn(d, AREAS, loads);
    const missing = [...areasInSources(files[screen], (f) => SHARED.test(f) || REGISTRY.test(f))].filter(([area]) => !loads.has(area));
    expect(missing.map(([area, file]) => `${area} (${file})`)).toEqual([]);
  });

  it('leaves the shell no area it does not load', () => {
    const shell = new Map<string, string>();
    for (const start of ['src/App.tsx', 'src/routes.tsx', 'src/shell/AppLayout.tsx', 'src/components/resource/ResourceList.tsx', 'src/components/resource/ResourceForm.tsx', 'src/components/resource/ResourceShow.tsx']) {
      for (const [area, file] of areasInSources(start, (f) => /\/src\/pages\//.test(f) || REGISTRY.test(f) || /\/resources\//.test(f))) shell.set(area, file);
    }
    expect([...shell].filter(([area]) => !SHELL.has(area)).map(([area, file]) => `${area} (${file})`)).toEqual([]);
  });

  it('warms the home screen with its texts while the user signs in (src/Root.tsx)', () => {
    const warmed = /const HOME_TEXTS = \[([^\]]*)\]/.exec(readFileSync('src/Root.tsx', 'utf8'))?.[1];
    expect(warmed?.split(',').map((a) => a.trim().replace(/'/g, ''))).toEqual(SCREEN_TEXTS.HomePage);
  });

  it('names areas that exist', () => {
    for (const area of [...SHELL, ...Object.values(SCREEN_TEXTS).flat()]) expect(AREAS.has(area), area).toBe(true);
  });
});
