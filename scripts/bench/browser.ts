/**
 * The admin in Chromium against the bench's server (the built admin, served by the server itself):
 * how soon a login form can be used, how long a login takes to an order list showing 20 rows, and
 * the longest main-thread task while a 500-row page renders and while switching between five open
 * tags. Long tasks come from the page's own PerformanceObserver ('longtask': every task over 50 ms),
 * so a figure of 0 means no task reached 50 ms.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { summary, type Figure } from './measure.js';

const GROUP = 'In Chromium (built admin, loopback, no cache)';
const PASSWORD = 'Demo12345678';
/** Five screens an admin keeps open, switched between by their tags. */
const TAG_SCREENS = ['/order/list', '/payProxyOrder/list', '/fundRecord/fundRecordAdmin', '/profile/list', '/payProxyOrder/pool'];
/** A list's drawn rows: table rows, or the rows in view of a big page's virtual table. */
const ROWS = '.ant-table-tbody .ant-table-row';
const WAIT = { timeout: 30_000 };
/** Where the page is shot when the 500 rows do not show, to see why. */
const SHOT = path.join(tmpdir(), 'bench-500-rows.png');

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Set up in every page before its own scripts: every long task of the page from its first script
 * on, readable as window.__longTasks; and the `__name` helper that the bench's functions run in the
 * page call (tsx keeps function names by wrapping each named inner function in `__name(fn, "fn")`,
 * a helper the page does not have).
 */
const PAGE_SETUP = `
  window.__name = (fn) => fn;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

const longestSince = (page: Page, since: number) =>
  page.evaluate((t) => Math.max(0, ...(window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((e) => e.start + e.duration >= t).map((e) => e.duration)), since);
const now = (page: Page) => page.evaluate(() => performance.now());
/** Resolves once the frame after the last change has been drawn, so its tasks are recorded. */
const frameDone = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
const activeTag = (page: Page, key: string) => page.locator(`[data-testid="tag"][data-key="${key}"][data-active="true"]`);

/** Goes to a path inside the running admin, as its own links do (no reload). */
const navigate = (page: Page, path: string) =>
  page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

async function fillLogin(page: Page, account: string) {
  await page.getByLabel('User name').fill(account);
  await page.getByLabel('Password').fill(PASSWORD);
}

/** Sends the filled login form and waits for the shell. */
async function submitLogin(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('user-menu').waitFor(WAIT);
}

/** A new context (empty cache, no cookie) with the long-task recorder. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(PAGE_SETUP);
  return context.newPage();
}

function figure(name: string, times: number[], note: string, withMax = false): Figure {
  return { group: GROUP, name, runs: times.length, ...summary(times), unit: 'ms', note, ...(withMax ? { max: Math.max(...times) } : {}) };
}

/**
 * In the page, each frame until it holds: the user name and password inputs drawn and enabled (the
 * user can type), or with `sendable` also the form's button enabled (the form can be sent: on the
 * login page, once its script has taken the HTML form over). Answers the frame's time in the
 * page's own clock, from navigation start.
 */
const formReady = (page: Page, sendable: boolean) =>
  page
    .waitForFunction(
      (needsButton) => {
        const usable = (el: Element | null) => el instanceof HTMLElement && !(el as HTMLInputElement).disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        const fields = usable(document.querySelector('input[autocomplete="username"]')) && usable(document.querySelector('input[type="password"]'));
        return fields && (!needsButton || usable(document.querySelector('button[type="submit"]'))) ? performance.now() : false;
      },
      sendable,
      { polling: 'raf', timeout: WAIT.timeout },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Navigation start to a login form the user can type into, and to one that can be sent, each run in
 * a new context (empty cache).
 */
async function loginForm(browser: Browser, baseURL: string, runs: number): Promise<Figure[]> {
  const usable: number[] = [];
  const sendable: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const page = await freshPage(browser, baseURL);
    await page.goto('/login', { waitUntil: 'commit' });
    const typed = await formReady(page, false);
    const sent = await formReady(page, true);
    if (i > 0) {
      usable.push(typed);
      sendable.push(sent);
    }
    await page.context().close();
  }
  return [
    figure('navigation to a usable login form', usable, 'cold cache each run; its inputs drawn and enabled'),
    figure('navigation to a login form that can be sent', sendable, "cold cache each run; its button enabled by the page's script"),
  ];
}

/** From the click on "Log in" to the collection-order list showing 20 rows (through the shell's home). */
async function loginToList(browser: Browser, baseURL: string, runs: number): Promise<Figure> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const page = await freshPage(browser, baseURL);
    await page.goto('/login');
    await fillLogin(page, 'admin');
    const started = await now(page);
    await submitLogin(page);
    await navigate(page, '/order/list?currentPage=1&pageSize=20');
    await page.locator(ROWS).nth(19).waitFor(WAIT);
    const shown = await now(page);
    if (i > 0) times.push(shown - started);
    await page.context().close();
  }
  return figure('login to an order list showing 20 rows', times, 'cold cache each run');
}

/** Signs in through the form and returns the page, on the shell's home. */
async function signedIn(browser: Browser, baseURL: string): Promise<Page> {
  const page = await freshPage(browser, baseURL);
  await page.goto('/login');
  await fillLogin(page, 'admin');
  await submitLogin(page);
  return page;
}

/**
 * The longest task while the order list opens on a page of 500 rows and is scrolled to its last row,
 * from the home screen (a list already showing reads a new URL only when opened again, as from the
 * menu). A page that big draws the rows in view (src/components/resource/bigPage.ts): the last row is
 * drawn once the table's own scroller reaches it.
 */
async function bigPage(browser: Browser, baseURL: string, runs: number): Promise<Figure> {
  const page = await signedIn(browser, baseURL);
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    await navigate(page, '/home');
    await activeTag(page, '/home').waitFor(WAIT);
    const since = await now(page);
    const answer = page.waitForResponse((r) => r.url().includes('/order/getList') && r.url().includes('pageSize=500'));
    // Another page each time, so the rows are read and drawn anew rather than taken from the cache.
    await navigate(page, `/order/list?currentPage=${i + 1}&pageSize=500`);
    const rows = ((await (await answer).json()) as { data: { list: { id: number }[] } }).data.list;
    const last = page.locator(`${ROWS}[data-row-key="${rows.at(-1)?.id}"]`);
    try {
      if (rows.length !== 500) throw new Error(`the page answered ${rows.length} rows`);
      await page.locator(ROWS).first().waitFor(WAIT);
      await page.locator('.ant-table-tbody-virtual-holder').evaluate((holder) => holder.scrollTo({ top: holder.scrollHeight }));
      await last.waitFor(WAIT);
    } catch (error) {
      await page.screenshot({ path: SHOT });
      throw new Error(`${(error as Error).message}\nat ${page.url()} (screenshot: ${SHOT})`, { cause: error });
    }
    await frameDone(page);
    if (i > 0) times.push(await longestSince(page, since));
  }
  await page.context().close();
  return figure('longest main-thread task while a 500-row page renders and scrolls to its end', times, 'longest of each run; 0: none over 50 ms', true);
}

/** The longest task while switching through five open tags, one after the other. */
async function tagSwitching(browser: Browser, baseURL: string, runs: number): Promise<Figure> {
  const page = await signedIn(browser, baseURL);
  for (const path of TAG_SCREENS) {
    await navigate(page, path);
    await activeTag(page, path).waitFor(WAIT);
  }
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const since = await now(page);
    for (const path of TAG_SCREENS) {
      await page.locator(`[data-testid="tag"][data-key="${path}"]`).click();
      await activeTag(page, path).waitFor(WAIT);
      await frameDone(page);
    }
    if (i > 0) times.push(await longestSince(page, since));
  }
  await page.context().close();
  return figure('longest main-thread task while switching between five open tags', times, 'one run = five switches', true);
}

/** Every browser figure, or one line saying why there are none (no Chromium, no build). */
export async function benchBrowser(baseURL: string, runs: number, log: (line: string) => void): Promise<Figure[]> {
  const missing = !existsSync(chromiumPath) ? `no Chromium at ${chromiumPath}` : !existsSync('dist/index.html') ? 'no build in dist/' : null;
  if (missing) return [{ group: GROUP, name: `not measured: ${missing}`, runs: 0, median: 0, p95: 0, unit: 'ms' }];
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const figures: Figure[] = [];
    for (const [what, measure] of [
      ['login form', loginForm],
      ['login to list', loginToList],
      ['500-row page', bigPage],
      ['five tags', tagSwitching],
    ] as const) {
      log(`  browser: ${what}`);
      figures.push(...[await measure(browser, baseURL, runs)].flat());
    }
    return figures;
  } finally {
    await browser.close();
  }
}
