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
