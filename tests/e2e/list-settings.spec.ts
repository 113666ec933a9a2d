/**
 * Lists an operator can live in: the columns shown and the row density are the operator's own and
 * survive a reload; a row keeps two actions in sight and the rest in its menu; a row action's dialog
 * works from the keyboard alone; at 1280 px the fixed actions column leaves the table readable.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, logout, openAs } from './helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/list-settings`;
const SLOW = { timeout: 60_000 };

const table = (page: Page) => page.getByTestId('resource-table');
const header = (page: Page, name: string) => table(page).locator('thead th', { hasText: new RegExp(`^${name}$`) });
const firstRow = (page: Page) => table(page).locator('.ant-table-tbody tr.ant-table-row').first();

async function openMerchants(page: Page): Promise<void> {
  await page.goto('/merchants/list');
  await expect(firstRow(page)).toBeVisible(SLOW);
}

test('hidden columns and the density are remembered for the user and the screen', async ({ page }) => {
  await login(page, 'superAdmin');
  await openMerchants(page);
  await expect(header(page, 'Nickname')).toHaveCount(1);

  const settings = page.getByRole('button', { name: 'Table settings' });
  await settings.click();
  const panel = page.getByTestId('list-settings');
  await panel.getByRole('checkbox', { name: 'Nickname' }).uncheck();
  await expect(header(page, 'Nickname')).toHaveCount(0);
  await panel.getByText('Compact', { exact: true }).click();
  await expect(table(page)).toHaveClass(/ant-table-small/);
  await page.screenshot({ path: `${SHOTS}/settings-en-US.png` });

  // A reload shows the table as it was left, and the actions column stays.
  await page.reload();
  await expect(firstRow(page)).toBeVisible(SLOW);
  await expect(header(page, 'Nickname')).toHaveCount(0);
  await expect(header(page, 'Actions')).toHaveCount(1);
  await expect(table(page)).toHaveClass(/ant-table-small/);

  // Another screen, and another user on this one, start from the defaults.
  await page.goto('/order/list');
  await expect(firstRow(page)).toBeVisible(SLOW);
  await expect(table(page)).toHaveClass(/ant-table-middle/);
  await logout(page);
  await login(page, 'admin');
  await openMerchants(page);
  await expect(header(page, 'Nickname')).toHaveCount(1);
  await expect(table(page)).toHaveClass(/ant-table-middle/);
  await logout(page);

  // Reset shows every column again.
  await login(page, 'superAdmin');
  await openMerchants(page);
  await expect(header(page, 'Nickname')).toHaveCount(0);
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByTestId('list-settings').getByRole('button', { name: 'Reset' }).click();
  await expect(header(page, 'Nickname')).toHaveCount(1);
  await expect(page.getByTestId('list-settings').getByRole('checkbox', { name: 'Nickname' })).toBeChecked();
});

test('a row shows two actions and a menu; its dialog takes the focus, closes on Escape and gives the focus back', async ({ page }) => {
  await login(page, 'superAdmin');
  await openMerchants(page);
  const row = firstRow(page);
  const actions = row.locator('td.ant-table-cell-fix-right');
  await expect(actions.locator('button:not([data-testid="row-more"])')).toHaveText(['Show', 'Edit']);

  // By keyboard: the menu opens on Enter and takes the focus; the arrows reach the action.
  const more = row.getByTestId('row-more');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu.getByRole('menuitem', { name: 'Adjust balance' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  // Each press gets 3 s to be drawn before the next: a press a loaded page has not drawn yet, followed
  // by another, would step past the action.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(menu.locator('.ant-dropdown-menu-item-active')).toHaveText('Adjust balance', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount (negative debits)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
});

test('at 1280 px the fixed actions column leaves the columns readable and the table scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, 'superAdmin', '/order/list');
  await expect(firstRow(page)).toBeVisible(SLOW);
  const actions = table(page).locator('thead th.ant-table-cell-fix-right').first();
  const body = table(page).locator('.ant-table-content, .ant-table-body').first();
  // Two actions and "more": the column takes a small share of the table.
  const [column, view] = [(await actions.boundingBox())!, (await body.boundingBox())!];
  expect(column.width).toBeLessThan(view.width / 4);
  // More columns than fit: the table scrolls sideways, by a scrollbar kept at the bottom of the screen.
  expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const bar = table(page).locator('.ant-table-sticky-scroll');
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())!.y).toBeLessThan(800);
  await page.screenshot({ path: `${SHOTS}/orders-1280.png` });
  // Scrolled down, the header row stays in sight.
  await page.getByTestId('content').evaluate((el) => el.scrollBy(0, 600));
  await expect(table(page).locator('thead th', { hasText: /^Order ID$/ })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/orders-1280-scrolled.png` });
});

test('a list says it is busy while it reads the rows it is to show, and no longer once they are in', async ({ page }) => {
  await openAs(page, 'superAdmin', '/home');
  await expect(page.getByTestId('header')).toBeVisible();
  // The merchant list's rows arrive only when the test lets them.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v1\.0\/merchant\/getList/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/merchants/list');
  const busy = page.getByTestId('content').locator('[aria-busy="true"]');
  await expect(busy).toHaveCount(1, SLOW);
  await expect(busy.getByTestId('resource-table')).toHaveCount(1);
  release();
  await expect(firstRow(page)).toBeVisible(SLOW);
  await expect(busy).toHaveCount(0);
});

test('a list that fails to load says so and loads again on retry', async ({ page }) => {
  await login(page, 'superAdmin');
  // The server is out of reach for the merchant list only; the rest of the admin works.
  const failing = /\/v1\.0\/merchant\/getList/;
  await page.route(failing, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 503, msg: 'Service unavailable', data: null }) }));
  await page.goto('/merchants/list');
  const failed = page.getByTestId('list-load-failed');
  await expect(failed).toContainText('The list could not be loaded', SLOW);
  // Not an empty list: the only description is the failure.
  await expect(table(page).locator('.ant-empty-description')).toHaveText(['The list could not be loaded']);

  await page.unroute(failing);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(firstRow(page)).toBeVisible(SLOW);
  await expect(failed).toHaveCount(0);
});
