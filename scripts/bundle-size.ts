/**
 * The login route's JS budget (the first screen must load fast), from Vite's manifest: the gzip
 * size of what the browser loads before the login page first renders: the entry and its static
 * imports, the lazy login page and its imports, and the locale files of the default language
 * (src/providers/i18n.ts loads every locales/<lang>/*.json of the current language before the first
 * render; zh-CN is the default, so its set is counted).
 *
 *   tsx scripts/bundle-size.ts           prints the size (npm run build): never fails on size
 *   tsx scripts/bundle-size.ts --check   also fails over the budget (npm test)
 *
 * Either way it fails loudly when the manifest lacks the entry, the login page or the locale
 * files: a budget measured on the wrong files would pass for the wrong reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCREEN_ONLY_AREAS } from '../providers/languages';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

/** kB gzip. Last measured: 410.1 kB of code + 12.6 kB of zh-CN locale files = 422.6 kB. */
const BUDGET_KB = Number(process.env.LOGIN_JS_BUDGET_KB ?? 430);
const LOGIN_PAGE = 'src/pages/login/LoginPage.tsx';
const LANGUAGE = 'zh-CN';

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

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.imports?.forEach(visit);
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry) ?? die('the manifest has no entry chunk');
if (!manifest[LOGIN_PAGE]) die(`the manifest has no ${LOGIN_PAGE}: the login page moved or is no longer a lazy chunk; update LOGIN_PAGE here`);
// The signed-in screens' own texts load with the shell, not on the login route.
const screenOnly = new Set(SCREEN_ONLY_AREAS.map((area) => `locales/${LANGUAGE}/${area}.json`));
const locales = Object.keys(manifest).filter((k) => k.startsWith(`locales/${LANGUAGE}/`) && k.endsWith('.json') && !screenOnly.has(k));
if (!locales.length) die(`the manifest has no locales/${LANGUAGE}/*.json chunks: src/providers/i18n.ts no longer loads them lazily; count them another way`);

visit(entry);
const codeFiles = new Set(files);
visit(LOGIN_PAGE);
const beforeLocales = new Set(files);
locales.forEach(visit);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const sum = (list: Iterable<string>) => [...list].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
const code = sum(beforeLocales);
const localeBytes = sum([...files].filter((f) => !beforeLocales.has(f)));
const total = code + localeBytes;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(
  `login route JS: ${kb(total)} kB gzip in ${files.size} files (code ${kb(code)} kB: entry ${codeFiles.size} files + login page; ` +
    `${LANGUAGE} locales ${kb(localeBytes)} kB in ${locales.length} files; budget ${BUDGET_KB} kB)`,
);
if (total / 1024 > BUDGET_KB) {
  const message = `login route JS over budget: ${kb(total)} kB > ${BUDGET_KB} kB`;
  if (check) die(message);
  console.warn(`${message} (npm test fails on this)`);
}
