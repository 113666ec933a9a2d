/**
 * What the every-screen walk checks on a screen that has finished loading: raw locale keys,
 * framework default English in the Chinese interfaces, and serious or critical axe-core violations.
 * Console errors, refused calls and failed requests are collected by listeners (see watchPage).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

export const LANGS = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type Lang = (typeof LANGS)[number];

type Tree = { [key: string]: string | Tree };
function readLocale(lang: Lang): Record<string, Tree> {
  const dir = `locales/${lang}`;
  return Object.fromEntries(readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Tree]));
}
export const LOCALES = Object.fromEntries(LANGS.map((l) => [l, readLocale(l)])) as Record<Lang, Record<string, Tree>>;

/** A raw key starts with a locale area (or one of Refine's root keys) and has at least one more segment. */
const ROOTS = [...new Set([...Object.keys(LOCALES['en-US']), ...Object.keys(LOCALES['en-US'].refine)])].filter((r) => r !== 'refine');
const RAW_KEY = new RegExp(`(?<![\\w./@-])(?:${ROOTS.join('|')})(?:\\.[a-zA-Z0-9_-]+)+(?![\\w/@-])`, 'g');

/** Refine's and antd's default English, which must never reach a Chinese screen's chrome. */
const DEFAULT_ENGLISH = [
  'Create', 'Edit', 'Show', 'Delete', 'Refresh', 'Save', 'Cancel', 'Loading', 'Search', 'Are you sure\\?', 'There was an error',
  'status code', 'Successfully', 'Error when', 'List', 'Back', 'Logout', 'Filter', 'Clear', 'Import', 'Export', 'Clone', 'Undo', 'Actions', 'No data',
];
/** The resources' English names (their plural labels leak through Refine's generated texts). */
const RESOURCE_NAMES = Object.values(LOCALES['en-US'].resources as Record<string, string>).filter((v) => typeof v === 'string' && /^[A-Z][a-z]/.test(v) && v.length > 4);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENGLISH = new RegExp(`\\b(?:${[...DEFAULT_ENGLISH, ...RESOURCE_NAMES.map(escape)].join('|')})\\b`);

/** The interface's own texts (not data rows, which may be English): buttons, headings, labels, headers, notices. */
const CHROME = [
  'button', '[role=button]', '[role=tab]', '[role=menuitem]', 'h1', 'h2', 'h3', 'h4', 'h5', '.shell-breadcrumbs', 'th', 'label', '.ant-page-header-heading',
  '.ant-notification-notice', '.ant-message-notice', '.ant-modal-title', '.ant-popover-title', '.ant-empty-description', '.ant-form-item-explain',
  '.ant-pagination', '.ant-select-selection-placeholder', '.ant-card-head-title', '.ant-descriptions-item-label', '.ant-result-title',
].join(',');

interface PageTexts {
  all: string[];
  chrome: string[];
  title: string;
}

async function texts(page: Page): Promise<PageTexts> {
  return page.evaluate((chromeSelector) => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')]
      .filter(visible)
      .flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''))
      .filter(Boolean);
    const chrome = [...document.querySelectorAll(chromeSelector)].filter(visible).map((el) => (el as HTMLElement).innerText);
    const labelled = [...document.querySelectorAll('[aria-label],[placeholder]')].filter(visible).flatMap((el) => [el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '']);
    return { all: [document.body.innerText, ...attrs], chrome: [...chrome, ...labelled].filter(Boolean), title: document.title };
  }, CHROME);
}

/** Raw keys anywhere, default English in the chrome of a Chinese screen, and a title in the wrong language. */
export async function textProblems(page: Page, lang: Lang): Promise<string[]> {
  const found = await texts(page);
  const problems = new Set<string>();
  for (const text of [...found.all, found.title]) for (const m of text.matchAll(RAW_KEY)) problems.add(`raw key "${m[0]}"`);
  if (lang !== 'en-US') {
    for (const text of [...found.chrome, found.title]) {
      const m = text.match(ENGLISH);
      if (m) problems.add(`English "${m[0]}" in "${text.slice(0, 80).replace(/\s+/g, ' ')}"`);
    }
  }
  const title = (LOCALES[lang].app as Record<string, string>).title;
  if (!found.title.includes(title)) problems.add(`document title "${found.title}" is not in ${lang}`);
  return [...problems];
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Where a screen's own markup is: its content area and what it opens over the page. */
const SCREEN_PARTS = ['[data-testid="content"]', '.ant-drawer-open', '.ant-modal-wrap:not([style*="display: none"])'];

/** axe-core's script, put into a page once: the admin changes screens in place, so it stays. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core violations, one line per rule with a sample of where. `whole`: the
 * whole page (the shell with it); otherwise only the screen's own parts, as the shell around them
 * is the same on every screen and scanning it again would only cost time. axe runs in the page
 * itself: the admin has no frames, and @axe-core/playwright loaded the script again and opened a
 * blank page to merge the frames' results on every scan, which cost more than the scan.
 */
export async function axeProblems(page: Page, whole: boolean): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const parts: string[] = [];
  if (!whole) for (const part of SCREEN_PARTS) if (await page.locator(part).count()) parts.push(part);
  const violations = await page.evaluate(
    async ({ parts, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> } }).axe;
      // Only the violations are read: axe then keeps no list of every node that passed each rule.
      const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false };
      return (await axe.run(parts.length ? { include: parts.map((p) => [p]) } : document, options)).violations;
    },
    { parts, tags: AXE_TAGS },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.slice(0, 2).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n')[1]?.trim() ?? ''}]` : ''}`).join(' | ')}`);
}

/** Console errors, refused calls and failed /v1.0 requests since the last drain. */
export function watchPage(page: Page): () => string[] {
  let seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(`console error: ${msg.text().slice(0, 200)}`);
    // A refused call answers HTTP 200 with an error code; the data layer says so in this warning
    // (src/providers/http.ts), except for the sign-in prompts (1003, 1024, 1025), which are no refusal.
    if (msg.type() === 'warning' && msg.text().startsWith('[api] ')) seen.push(`refused call: ${msg.text().slice(6, 200)}`);
  });
  page.on('pageerror', (err) => seen.push(`page error: ${err.message.slice(0, 200)}`));
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/v1.0') && res.status() >= 400) seen.push(`HTTP ${res.status()} ${res.request().method()} ${url.pathname}`);
  });
  return () => {
    const out = seen;
    seen = [];
    return out;
  };
}
