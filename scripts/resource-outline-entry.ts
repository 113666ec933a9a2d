/**
 * Run by scripts/resource-outline.ts in Vite's module runner, so the registry and every module of
 * resources/ are one set of module instances: each declaration's outline (src/registry/outline.ts),
 * and where its full declaration is found (the module that exports it, and the property path to it
 * there) so the admin can load it with its screen.
 */
import { readdirSync } from 'node:fs';
import { declarations } from '../resources/index';
import { outlineOf, type ResourceOutline } from '../src/registry/outline';

export interface DeclarationSource {
  /** The module, relative to the project root (resources/orders/index.ts). */
  file: string;
  /** Property path from the module's exports to the declaration (['CHANNELS', 2, 'declaration']). */
  path: (string | number)[];
}

const modules = import.meta.glob<Record<string, unknown>>(['../resources/**/*.ts', '!../resources/index.ts', '!../resources/**/*.test.ts'], { eager: true });
const knownAreas = new Set(readdirSync(new URL('../locales/zh-CN/', import.meta.url)).map((f) => f.replace(/\.json$/, '')));

/** Every place a value of the module's exports sits, to a depth of three properties. */
function* placesIn(value: unknown, path: (string | number)[] = []): Generator<[unknown, (string | number)[]]> {
  yield [value, path];
  if (path.length >= 3 || !value || typeof value !== 'object') return;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, v] of entries) if (v && typeof v === 'object') yield* placesIn(v, [...path, key]);
}

/**
 * Each declaration's source: among the modules that hold it, the one holding the fewest other
 * declarations (its own module rather than an index that gathers many), then the shortest path.
 */
function sourcesOf(): Record<string, DeclarationSource> {
  const wanted = new Set<unknown>(declarations);
  const found = new Map<unknown, (DeclarationSource & { crowd: number })[]>();
  for (const [key, exports] of Object.entries(modules)) {
    const here: [unknown, (string | number)[]][] = [];
    for (const [name, value] of Object.entries(exports)) for (const [v, path] of placesIn(value, [name])) if (wanted.has(v)) here.push([v, path]);
    const crowd = new Set(here.map(([v]) => v)).size;
    for (const [v, path] of here) found.set(v, [...(found.get(v) ?? []), { file: key.replace(/^\.\.\//, ''), path, crowd }]);
  }
  const sources: Record<string, DeclarationSource> = {};
  for (const d of declarations) {
    const best = (found.get(d) ?? []).sort((a, b) => a.crowd - b.crowd || a.path.length - b.path.length || a.file.localeCompare(b.file))[0];
    if (!best) throw new Error(`declaration ${d.name} is exported by no module of resources/: export it where it is declared`);
    sources[d.name] = { file: best.file, path: best.path };
  }
  return sources;
}

// Read by scripts/resource-outline.ts through Vite's module runner, which no import shows (@public).
/** @public */
export const outlines: ResourceOutline[] = declarations.map((d) => outlineOf(d, knownAreas));
/** @public */
export const sources = sourcesOf();
