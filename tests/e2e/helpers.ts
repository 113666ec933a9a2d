import { expect, type Page } from '@playwright/test';

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

export async function logout(page: Page): Promise<void> {
  // The menu opens on hover and closes when the pointer leaves. A pointer already resting on the
  // trigger (after a reload) opens nothing, and a menu still fading in can close again under the
  // click: move off, hover again and click, until the click lands.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: 'Log out' }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
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
