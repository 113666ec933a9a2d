/**
 * Vite plugin: the login page rendered into the HTML when the admin is built, so its form shows
 * at first paint (src/pages/login/markup.ts, with its CSS inlined). index.html becomes the login
 * page in the default language (the dev server's too); the build also writes it in every language
 * and a page without it for a browser that holds a session (providers/admin-pages.ts), which the
 * server chooses between (server/http/admin-page.ts). Only index.html is part of Vite's own output.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../providers/languages';
import { SIGNED_IN_PAGE, loginPageFile } from '../providers/admin-pages';
import { escapeHtml, loginMarkup } from '../src/pages/login/markup';
import { LOGIN_TEXT_KEYS, type LoginTextTable, type LoginTexts } from '../src/pages/login/parts';

const STYLE = '<!--login-style-->';
const PAGE = '<!--login-page-->';
const CSS_FILE = 'src/pages/login/login.css';
/** What src/main.ts imports for a browser that holds a session. */
const APP_ROOT = 'src/Root.tsx';

type Tree = { [key: string]: string | Tree };

/** The login page's texts in every language, from locales/; a missing one fails the build. */
export function loginTextTable(root: string): LoginTextTable {
  const read = (lang: Language, area: string): Tree => JSON.parse(readFileSync(path.join(root, 'locales', lang, `${area}.json`), 'utf8'));
  const textsOf = (lang: Language): LoginTexts => {
    const areas = new Map<string, Tree>();
    const entries = LOGIN_TEXT_KEYS.map((key) => {
      const [area, ...rest] = key.split('.');
      if (!areas.has(area)) areas.set(area, read(lang, area));
      const value = rest.reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), areas.get(area));
      if (typeof value !== 'string') throw new Error(`login-page: locales/${lang}/${area}.json has no text ${rest.join('.')}`);
      return [key, value];
    });
    return Object.fromEntries(entries) as LoginTexts;
  };
  const names = read(DEFAULT_LANGUAGE, 'languages') as Record<Language, string>;
  return { texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, textsOf(lang)])) as LoginTextTable['texts'], names };
}

/** Comments and runs of white space out: the CSS travels in every login page. */
const compact = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{}:;,>])\s*/g, '$1').trim();

/**
 * The page in `lang`, or with no login form (null): the template's placeholders filled or emptied.
 * Without the form, the page asks at once for what src/main.ts will import (`preload`: the app's
 * root, its chunks and styles), rather than after the entry has run.
 */
export function renderAdminPage(template: string, lang: Language | null, table: LoginTextTable, css: string, preload: string[] = []): string {
  if (!template.includes(STYLE) || !template.includes(PAGE)) throw new Error(`login-page: index.html lost its ${STYLE} or ${PAGE} placeholder`);
  if (lang === null) {
    const links = preload.filter((file) => !template.includes(`/${file}"`)).map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`));
    return template.replace(STYLE, () => links.join('')).replace(PAGE, () => '');
  }
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(table.texts[lang]['app.title'])}</title>`)
    .replace(STYLE, () => `<style>${compact(css)}</style>`)
    .replace(PAGE, () => loginMarkup(lang, table));
}

/** The files a chunk loads: itself, its static imports (recursively) and their styles. */
function filesOf(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): string[] {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss.forEach((file) => files.add(file));
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...files];
}

export function loginPage(): Plugin {
  let root = '';
  let outDir = '';
  let template: string | null = null;
  let appFiles: string[] = [];
  const inputs = () => ({ table: loginTextTable(root), css: readFileSync(path.join(root, CSS_FILE), 'utf8') });
  return {
    name: 'login-page',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      // After Vite has put in the built scripts' tags, which every page keeps.
      order: 'post',
      handler(html) {
        template = html;
        const { table, css } = inputs();
        return renderAdminPage(html, DEFAULT_LANGUAGE, table, css);
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const app = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${APP_ROOT}`));
      if (!app) throw new Error(`login-page: the build has no chunk for ${APP_ROOT}`);
      appFiles = filesOf(bundle, app);
    },
    async writeBundle() {
      if (template === null) throw new Error('login-page: index.html was not built');
      const { table, css } = inputs();
      const page = template;
      await Promise.all([
        ...LANGUAGES.map((lang) => writeFile(path.join(outDir, loginPageFile(lang)), renderAdminPage(page, lang, table, css))),
        writeFile(path.join(outDir, SIGNED_IN_PAGE), renderAdminPage(page, null, table, css, appFiles)),
      ]);
    },
  };
}
