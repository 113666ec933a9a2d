/**
 * Order clear history: superAdmin reads the cleanup's runs (the demo's one run of five orders) in
 * zh-CN and en-US; technical maintenance reads the same list on its read-only screen, without any
 * edit control. Screenshots go to /tmp/shots-settings-work.
 */
import { expect, test, type Page } from '@playwright/test';
import { logout, openAs, useLanguage } from './helpers';

const SHOTS = '/tmp/shots-settings-work';
const FIRST_PAINT = { timeout: 60_000 };
const rows = (page: Page) => page.getByTestId('resource-table').locator('.ant-table-tbody tr.ant-table-row');


test('superAdmin and technical maintenance read the order clear history', async ({ page }) => {
  test.setTimeout(300_000);
  await openAs(page, 'superAdmin', '/orderClearHistory');
  await expect(page.getByRole('heading', { name: 'Order clear history', exact: true })).toBeVisible(FIRST_PAINT);
  await expect(rows(page)).toHaveCount(1, FIRST_PAINT);
  await expect(rows(page).first()).toContainText('30');
  await page.screenshot({ path: `${SHOTS}/order-clear-history-en-US.png`, fullPage: true });
  await useLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '订单清理记录', exact: true })).toBeVisible(FIRST_PAINT);
  await expect(rows(page)).toHaveCount(1, FIRST_PAINT);
  await page.screenshot({ path: `${SHOTS}/order-clear-history-zh-CN.png`, fullPage: true });
  await useLanguage(page, 'en-US');
  await logout(page);

  await openAs(page, 'technicalMaintenance', '/orderClearHistory/readonly');
  await expect(page.getByRole('heading', { name: 'Order clear history (read-only)', exact: true })).toBeVisible(FIRST_PAINT);
  await expect(rows(page)).toHaveCount(1, FIRST_PAINT);
  await expect(page.getByRole('button', { name: /create|edit|delete/i })).toHaveCount(0);
});
