/**
 * Every screen of every role, as its menu lists them (a new screen is covered without touching this
 * file): each is opened in place (no reload), with its create form and one detail or edit where it
 * has them, and checked for raw keys, framework English in Chinese, console errors, failed requests
 * and serious or critical axe-core violations. superAdmin (who sees the most) walks every screen in
 * all three languages (create forms and details in zh-CN); each other role walks the screens superAdmin
 * does not have in all three languages too (their create forms and details in one of them). axe judges
 * markup, which is the same in every language, and costs more than the rest of a visit: each screen is
 * scanned in one language (superAdmin's in en-US, its forms and details in zh-CN, another role's in its
 * deep language), and each walk scans the whole page once (the shell, the page's language). Problems
 * are collected and reported together at the end of a walk. `npm test` walks only QUICK_WALK (one role in
 * one language, tests/e2e/quick.ts); `npm run test:rest` the others; E2E_SET picks (all by default).
 * One screenshot per screen and language is kept in test-results/every-screen-shots: zh-TW walks at
 * 1440 px wide, the others at 1280, so the shots show every screen at both widths operators use.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROLES, type Role } from '../../providers/roles';
import { menuLinks, openAs } from './helpers';
import { goInPlace, pickLanguage } from './shell-helpers';
import { axeProblems, LOCALES, textProblems, watchPage, type Lang } from './every-screen-checks';
import { inSet, QUICK_WALK } from './quick';

const SHOTS = 'test-results/every-screen-shots';
const FULL_ROLE: Role = 'superAdmin';
/** The language in which each other role also opens its create forms and details (they cost the most). */
const ROLE_LANG: Partial<Record<Role, Lang>> = { admin: 'zh-TW', customerService: 'zh-CN', supplier: 'zh-TW', merchant: 'zh-CN', technicalMaintenance: 'zh-TW', technicalSupport: 'zh-CN' };

/** The window each language walks in (zh-TW's is the wider desktop; its texts are the longest of the Chinese). */
const VIEWPORT: Record<Lang, { width: number; height: number }> = { 'en-US': { width: 1280, height: 720 }, 'zh-CN': { width: 1280, height: 720 }, 'zh-TW': { width: 1440, height: 900 } };

const refineText = (lang: Lang, key: 'show' | 'edit') => (LOCALES[lang].refine.buttons as Record<string, string>)[key];

/** Waits for what the user sees: the screen's chunk, its data and no spinner (lists poll, so never networkidle). */
async function settled(page: Page): Promise<void> {
  const content = page.getByTestId('content');
  // The previous screen stays in view while the next one's code loads (the content's data-path names
  // the one it shows): its rows, judged or clicked as the new screen's, are gone a moment later.
  await expect(content).toHaveAttribute('data-path', new URL(page.url()).pathname);
  await expect(content.getByTestId('screen-loading')).toHaveCount(0);
  await expect(content.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // A table's spinner shows after a delay, and an input waiting for its part holds a box: each says itself busy.
  await expect(content.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(content).not.toBeEmpty();
  // A control that just changed state (a detail's refresh button enabled once its record is in)
  // fades to its colours; judged mid-fade, its text fails contrast it passes a moment later.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
}

interface Walk {
  page: Page;
  lang: Lang;
  drain: () => string[];
  problems: string[];
  /** Also opens each screen's create form and one detail or edit (in one language per screen: they cost the most). */
  deep: boolean;
  /** Which of what it opens this walk scans with axe: all of it, only the forms and details, or nothing. */
  axe: 'all' | 'deep' | 'none';
  /** The shell has been scanned once with a screen: later scans cover the screens only. */
  shellScanned?: boolean;
}

/** Checks the screen on show and records what is wrong with it under `where`. */
async function check(walk: Walk, where: string, shot?: string, opened = false): Promise<void> {
  const { page, lang } = walk;
  // The pointer leaves what it clicked: a hovered button or chart tooltip is not what is being judged.
  await page.mouse.move(2, (page.viewportSize()?.height ?? 720) - 2);
  await settled(page);
  const axe = !walk.shellScanned || walk.axe === 'all' || (walk.axe === 'deep' && opened);
  const found = [...(await textProblems(page, lang)), ...(axe ? await axeProblems(page, !walk.shellScanned) : []), ...walk.drain()];
  walk.shellScanned = true;
  for (const p of found) walk.problems.push(`${lang} ${where}: ${p}`);
  if (process.env.EVERY_SCREEN_TIMES) found.forEach((p) => console.log(`  ${where}: ${p}`));
  // JPEG: encoding a PNG of every screen cost the browser more than drawing it.
  if (shot) await page.screenshot({ path: `${SHOTS}/${lang}/${shot}.jpg`, type: 'jpeg', quality: 85 });
}

const shotName = (path: string) => path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root';

/** One screen: the screen, then its create form and a detail or edit of its first row. */
async function visit(walk: Walk, path: string): Promise<void> {
  const { page, lang } = walk;
  await goInPlace(page, path);
  await check(walk, path, shotName(path));
  if (!walk.deep) return;
  const content = page.getByTestId('content');
  const row = content.locator('[data-testid="resource-table"] .ant-table-tbody tr.ant-table-row').first();
  if (await row.count()) {
    const open = row.getByRole('button', { name: refineText(lang, 'show'), exact: true }).or(row.getByRole('button', { name: refineText(lang, 'edit'), exact: true })).first();
    if (await open.count()) {
      // Bounded: a row that is gone (the list refreshed empty) fails here, not at the walk's timeout.
      await open.click({ timeout: 30_000 });
      // A detail opens as its own screen or in a drawer or dialog over the list.
      const overlay = page.locator('.ant-drawer-open .ant-drawer-content, .ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
      await expect.poll(async () => new URL(page.url()).pathname !== path || (await overlay.isVisible())).toBe(true);
      await check(walk, `${path} → ${new URL(page.url()).pathname === path ? 'detail' : new URL(page.url()).pathname}`, undefined, true);
      if (new URL(page.url()).pathname === path) {
        await page.keyboard.press('Escape');
        await expect(overlay).toBeHidden();
      } else {
        await goInPlace(page, path);
        await settled(page);
      }
    }
  }
  const create = content.locator('.refine-create-button').first();
  if (await create.count()) {
    await create.click();
    await expect(page).not.toHaveURL((url) => url.pathname === path);
    await check(walk, `${path} → ${new URL(page.url()).pathname}`, undefined, true);
  }
}

/**
 * Walks the screens of `role`'s menu in `lang`, but those in `skip`; `part` [k, n] takes every n-th
 * screen from the k-th, so that one long walk runs as n tests spread over the walk workers.
 */
async function walkMenu(page: Page, role: Role, lang: Lang, deep: boolean, axe: Walk['axe'], skip: Set<string> = new Set(), part: [number, number] = [0, 1]): Promise<string[]> {
  const walk: Walk = { page, lang, deep, axe, drain: watchPage(page), problems: [] };
  await page.setViewportSize(VIEWPORT[lang]);
  await openAs(page, role, '/home');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The browser is en-US; the other languages are switched to in place, as an operator would.
  if (lang !== 'en-US') await pickLanguage(page, (LOCALES[lang].languages as Record<string, string>)[lang]);
  const paths = (await menuLinks(page)).filter((p, i) => !skip.has(p) && i % part[1] === part[0]);
  for (const path of paths) {
    const started = Date.now();
    await test.step(path, () => visit(walk, path));
    if (process.env.EVERY_SCREEN_TIMES) console.log(`${lang} ${path} ${Date.now() - started} ms`);
    // The opened tags pile up; closing them keeps the page as light as a real session's.
    await closeAllTags(page);
  }
  return walk.problems;
}

async function closeAllTags(page: Page): Promise<void> {
  if ((await page.getByTestId('tag').count()) < 12) return;
  await page.getByTestId('tag-actions').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').last().click();
  await expect(page.getByTestId('tag')).toHaveCount(1);
}

// A walk visits dozens of screens in one test: its time is the sum of theirs. The walks are
// independent of each other, so they spread over the walk workers.
test.describe.configure({ timeout: 1_200_000, mode: 'parallel' });

/** Whether the walk of `role` in `lang` is in this run (the quick one, the rest, or all). */
const walks = (role: Role, lang: Lang) => inSet(role === QUICK_WALK.role && lang === QUICK_WALK.lang);

/**
 * The screens superAdmin's menu lists, which the other roles' walks leave to its walks. Read from
 * its menu once per worker (a few seconds): the walks are independent tests, spread over the lanes.
 */
let fullPaths: Promise<Set<string>> | undefined;
function superAdminPaths(browser: Browser): Promise<Set<string>> {
  fullPaths ??= (async () => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await openAs(page, FULL_ROLE, '/home');
    const paths = new Set(await menuLinks(page));
    await context.close();
    return paths;
  })();
  return fullPaths;
}

/** superAdmin's walks, the longest by far, each run as this many tests (every n-th screen of its menu). */
const FULL_PARTS = 2;

for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
  if (!walks(FULL_ROLE, lang)) continue;
  for (let k = 0; k < FULL_PARTS; k++) {
    test(`${FULL_ROLE}: every screen in ${lang} (part ${k + 1} of ${FULL_PARTS})`, async ({ page }) => {
      const problems = await walkMenu(page, FULL_ROLE, lang, lang === 'zh-CN', lang === 'en-US' ? 'all' : lang === 'zh-CN' ? 'deep' : 'none', new Set(), [k, FULL_PARTS]);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}

for (const role of ROLES.filter((r) => r !== FULL_ROLE)) {
  for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
    if (!walks(role, lang)) continue;
    const deep = lang === ROLE_LANG[role];
    test(`${role}: the screens only it has, in ${lang}${deep ? ' (with forms and details)' : ''}`, async ({ page, browser }) => {
      const problems = await walkMenu(page, role, lang, deep, deep ? 'all' : 'none', await superAdminPaths(browser));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
