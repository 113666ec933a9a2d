/**
 * A merchant's batch upload, from a fresh login: the template downloads, a file with a mistake is
 * refused by row and column before anything is sent, the corrected file is confirmed behind the
 * second-level password, each row's order is shown and the orders are in the list. Their detail
 * explains the allocation: the merchant reads the outcome only, an admin every account weighed.
 * Screenshots in en-US and zh-CN go to SHOTS.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerSecondLogin, login, logout, openAs, useLanguage } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/e2e-order-batch-shots';
const LOAD = { timeout: 60_000 };

const stamp = Date.now();
const numbers = [`BU${stamp}A`, `BU${stamp}B`];
const HEADER = 'mchOrderNo,productId,amount,notifyUrl,subject';
const csvFile = (amountB: string) => ({
  name: 'orders.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, `${numbers[0]},1034,10000,https://shop.example.com/notify,First`, `${numbers[1]},1034,${amountB},https://shop.example.com/notify,Second`].join('\r\n') + '\r\n'),
});

const dialog = (page: Page) => page.getByRole('dialog', { name: /Batch upload of collection orders|批量上传代收订单/ });
const choose = (page: Page, file: ReturnType<typeof csvFile>) => dialog(page).locator('input[type=file]').setInputFiles(file);
/** The detail scrolls inside the shell: the allocation panel is brought into view before the shot. */
async function shootPanel(page: Page, name: string) {
  await page.getByTestId('order-allocation').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('a merchant uploads a batch file, fixes the refused row, confirms and finds the orders with their allocation', async ({ page }) => {
  await login(page, 'merchant');
  await page.goto('/order/list/merchant');
  await page.getByTestId('order-batch-upload').click();
  await expect(dialog(page)).toBeVisible(LOAD);

  // The template: the columns of the file, and an example row.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog(page).getByRole('button', { name: 'Download template' }).click()]);
  expect(download.suggestedFilename()).toBe('order-batch-template.csv');
  const template = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
  expect(template[0]).toBe('mchOrderNo,productId,amount,notifyUrl,returnUrl,subject,userName');
  expect(template[1]).toMatch(/^ORDER0001,1034,10000,https:\/\//);

  // A mistake in row 3: refused with its row and column, nothing to confirm.
  await choose(page, csvFile('ten'));
  await expect(dialog(page).getByTestId('order-batch-summary')).toHaveText('2 rows, 1 refused');
  await expect(dialog(page).getByTestId('order-batch-problems')).toHaveText('Row 3: Amount (amount) is not a number');
  await expect(dialog(page).getByTestId('order-batch-confirm')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/batch-refused-en-US.png` });

  // Corrected: confirmed behind the second-level password, each row's order shown.
  await choose(page, csvFile('25000'));
  await expect(dialog(page).getByTestId('order-batch-summary')).toHaveText('2 rows, 0 refused');
  await expect(dialog(page).getByTestId('order-batch-problems')).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Confirm and create 2 orders' }).click();
  await answerSecondLogin(page, 'batch upload');
  await expect(dialog(page).getByTestId('order-batch-created')).toContainText('2 orders created', LOAD);
  const results = dialog(page).getByTestId('order-batch-result').locator('tr.ant-table-row');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText(numbers[0]);
  await expect(results.nth(1)).toContainText('3');
  await expect(results.nth(1)).toContainText(numbers[1]);
  await expect(results.nth(1)).toContainText(/P\d+/);
  await page.screenshot({ path: `${SHOTS}/batch-created-en-US.png` });
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // The orders are in the merchant's list.
  const rows = page.getByTestId('resource-table').locator('tr.ant-table-row');
  await expect(rows.filter({ hasText: numbers[0] })).toHaveCount(1, LOAD);
  await expect(rows.filter({ hasText: numbers[1] })).toHaveCount(1);

  // The merchant's detail: the outcome of the allocation, not the accounts weighed.
  await rows.filter({ hasText: numbers[1] }).getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/order\/list\/merchant\/show\/\d+$/);
  const id = page.url().split('/').pop()!;
  const panel = page.getByTestId('order-allocation');
  await expect(panel).toContainText('Outcome', LOAD);
  await expect(panel).toContainText(/Allocated|Order allocation failed/);
  await expect(panel.getByTestId('order-allocation-candidates')).toHaveCount(0);
  await shootPanel(page, 'allocation-merchant-en-US');
  await useLanguage(page, 'zh-CN');
  await expect(page.getByTestId('order-allocation')).toContainText('结果', LOAD);
  await shootPanel(page, 'allocation-merchant-zh-CN');

  // The dialog in zh-CN names the refused row in its language.
  await page.goto('/order/list/merchant');
  await page.getByTestId('order-batch-upload').click();
  await choose(page, csvFile('ten'));
  await expect(dialog(page).getByTestId('order-batch-problems')).toHaveText('第 3 行：金额（amount）不是数字', LOAD);
  await page.screenshot({ path: `${SHOTS}/batch-refused-zh-CN.png` });
  await useLanguage(page, 'en-US');
  await logout(page);

  // An admin reads every account weighed, and why each was or was not chosen.
  await openAs(page, 'admin', `/order/list/show/${id}`);
  const full = page.getByTestId('order-allocation-candidates');
  await expect(full).toBeVisible(LOAD);
  await expect(full.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('order-allocation')).toContainText('Daily limits');
  await shootPanel(page, 'allocation-admin-en-US');
  await useLanguage(page, 'zh-CN');
  await expect(page.getByTestId('order-allocation-candidates')).toContainText('未选原因', LOAD);
  await shootPanel(page, 'allocation-admin-zh-CN');
});
