/**
 * After `vite build`: prints the gzip size of the JS the login route loads (entry + its static
 * imports + the lazy login chunk and its imports), and fails when it exceeds the budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

const BUDGET_KB = Number(process.env.LOGIN_JS_BUDGET_KB ?? 430);
const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.imports?.forEach(visit);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
visit(entry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('LoginPage.tsx'));
if (loginKey) visit(loginKey);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const kb = (total / 1024).toFixed(1);
console.log(`login route JS: ${kb} kB gzip in ${files.size} files (budget ${BUDGET_KB} kB)`);
if (total / 1024 > BUDGET_KB) {
  console.error(`login route JS over budget: ${kb} kB > ${BUDGET_KB} kB`);
  process.exit(1);
}
