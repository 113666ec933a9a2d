import { expect, test, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo12345678';

/** Logs in through the login form and waits for the shell. */
export async function login(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User name').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Signs in through the API and sets the token cookie, as the login form does (the form has tests of its own). */
export async function signIn(page: Page, account = 'admin'): Promise<string> {
  const response = await page.request.post('/v1.0/user/login', { data: { userName: account, password: DEMO_PASSWORD } });
  const { data } = await response.json();
  await page.context().addCookies([{ name: 'token', value: data.token, url: test.info().project.use.baseURL! }]);
  return data.token as string;
}

/**
 * Signs in through the API and opens `path`: the app loads once, where the login form would load it
 * twice (the login page, then the page itself).
 */
export async function openAs(page: Page, account: string, path: string): Promise<void> {
  await signIn(page, account);
  await page.goto(path);
}

export async function logout(page: Page): Promise<void> {
  // The menu opens on hover and closes when the pointer leaves. A pointer already resting on the
  // trigger (after a reload) opens nothing, and a menu still fading in can close again under the
  // click: move off, hover again and click, until the login page shows. A click can also land on
  // an item fading out and do nothing: the login page not showing soon after counts as a miss too.
  const onLogin = /\/login(\?.*)?$/;
  await expect(async () => {
    if (onLogin.test(page.url())) return;
    await page.mouse.move(0, 0);
    await page.getByTestId('user-menu').hover({ timeout: 3_000 });
    await page.getByRole('menuitem', { name: 'Log out' }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(onLogin, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  // The app's /login loads the page anew (the server's login form): done once its script has taken
  // the form over, so that a navigation of the test's own does not cut that load short.
  await expect(page.locator('#login-submit')).toBeEnabled();
}

/** Picks an option of the antd Select labelled `label` (the form item's label). */
export async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).click();
}

/** Opens every group of the side menu and returns the paths of the links it shows, sorted. */
export async function menuLinks(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  for (let round = 0; round < 30; round++) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

/**
 * Takes one of a row's actions by its name: the button in the row when the row shows it there (at
 * most two do), else the item of the row's "more" menu.
 */
export async function rowAction(row: Locator, name: string): Promise<void> {
  // Every row with actions shows a button (an action or "more") once its actions have rendered.
  await expect(row.getByRole('button').first()).toBeVisible();
  const button = row.getByRole('button', { name, exact: true });
  if (await button.count()) return button.click();
  await row.getByTestId('row-more').click();
  await row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name, exact: true }).click();
}

/** The names of a row's actions: its buttons, then the items of its "more" menu (opened and closed again). */
export async function rowActionNames(row: Locator): Promise<string[]> {
  const cell = row.locator('td.ant-table-cell-fix-right');
  await expect(cell.getByRole('button').first()).toBeVisible();
  const inline = await cell.locator('button:not([data-testid="row-more"])').allInnerTexts();
  const more = cell.getByTestId('row-more');
  if (!(await more.count())) return inline.map((s) => s.trim());
  await more.click();
  const menu = row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  const items = await menu.getByRole('menuitem').allInnerTexts();
  await row.page().keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return [...inline, ...items].map((s) => s.trim());
}

/** Answers OK to a row action's question: a popover beside its button in the row, a modal for one taken from the menu. */
export async function confirmRowAction(page: Page, ok = 'OK'): Promise<void> {
  await page.locator('.ant-popover:visible, .ant-modal-confirm').getByRole('button', { name: ok }).click();
}

/** The second-level password window (codes 1024/1025). */
export const secondLoginWindow = (page: Page): Locator => page.getByRole('dialog', { name: 'Second-level password' });

/**
 * The action just taken must ask for the second-level password now (`expired`: asked again because
 * the earlier one ran out, 1025), and the window is answered as a person would: nothing may sit
 * above it (antd's confirmation dialogs are drawn above other dialogs, so none may be left open),
 * and its fields and button are *clicked*: a click, unlike a fill, fails on a covered element.
 */
export async function answerSecondLogin(page: Page, reason: string, { expired = false, password = DEMO_PASSWORD } = {}): Promise<void> {
  const second = secondLoginWindow(page);
  await expect(second).toBeVisible();
  await expect(second.getByRole('alert')).toHaveText(expired ? 'The second-level login has expired, please enter it again' : 'A second-level password is required for this action');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await second.getByLabel('Second-level password').click({ timeout: 10_000 });
  await page.keyboard.type(password);
  await second.getByLabel('Reason').click({ timeout: 10_000 });
  await page.keyboard.type(reason);
  await second.getByRole('button', { name: 'Confirm' }).click({ timeout: 10_000 });
  await expect(second).toBeHidden();
}

/** The action just taken must go on without asking for the second-level password: `wentOn` comes true, the window never showing meanwhile. */
export async function expectNoSecondLogin(page: Page, wentOn: () => Promise<boolean>): Promise<void> {
  const second = secondLoginWindow(page);
  await expect.poll(async () => ((await second.isVisible()) ? 'asked for the second-level password' : (await wentOn()) ? 'went on' : 'waiting')).toBe('went on');
}

/** Switches the interface language as a returning operator's saved choice would, and reloads into it. */
export async function useLanguage(page: Page, lang: 'en-US' | 'zh-CN' | 'zh-TW'): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('language', l);
    localStorage.setItem('languageChosen', '1');
  }, lang);
  await page.reload();
}

/**
 * Everything that would count as an error of the page: uncaught errors and rejections, and what the
 * error log saved (and its badge), but for the refusals a test provokes on purpose (`provoked`).
 */
export function watchErrors(page: Page, provoked?: RegExp): () => Promise<void> {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().includes('/save_error_logger') && !(provoked && provoked.test(request.postData() ?? ''))) seen.push(`error log: ${request.postData()}`);
  });
  return async () => {
    expect(seen).toEqual([]);
    // The page's own log names what lit the badge (an entry recorded before a token could save it).
    const logged = await page.evaluate(() => localStorage.getItem('errorLog.entries'));
    if (!provoked) await expect(page.getByTestId('error-log-count').locator('.header-badge-count'), `error log: ${logged}`).toHaveCount(0);
  };
}

/**
 * Finds a merchant on the merchant list by its account (filter and search, as an operator does) and
 * opens `action` from its row's "More" menu: answers the row (balance shown 0.00 first) and the dialog.
 */
export async function merchantAction(page: Page, account: string, action: string): Promise<{ row: Locator; dialog: Locator }> {
  await page.getByTestId('filter-form').getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('tr', { hasText: account });
  await expect(row).toContainText('0.00');
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: action }).click();
  return { row, dialog: page.getByRole('dialog', { name: action }) };
}
