/**
 * The collection-order list when its parts load late or fail: the rows do not wait for the time
 * filter's pickers, a failed download of a part (the pickers, an action's schema or dialog) is told in
 * place and its retry works, a failed list names which list failed in every language; and the
 * table's pager, sort and page size go to the URL and the server. The orders are seeded with the e2e
 * server's database (order-seed.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { login, rowAction, useLanguage } from './helpers';
import { E2E_ORDERS } from './order-data';
import { codes, filterForm, LOAD, open, RANGE, rows } from './order-list-page';

// The seeded times are UTC, as the server reads time filters.
test.use({ timezoneId: 'UTC' });

test("the rows do not wait for the time filter's pickers; a failed pickers download is told in the filter, and its retry works", async ({ page }) => {
  const pickers = /DateInput-[^/]*\.js$/;
  await page.route(pickers, (route) => route.abort());
  await login(page, 'admin');
  await open(page, `/order/list?${RANGE}&currentPage=1&pageSize=20`);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula, E2E_ORDERS.otherSupplier, E2E_ORDERS.open]);
  const created = filterForm(page).locator('.ant-form-item', { hasText: 'Created at' });
  await expect(created.getByRole('textbox')).toHaveValue('Failed to load');
  await expect(page.locator('[data-testid="chunk-error"], [data-testid="render-error"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e-orders-list-pickers-failed.png' });

  await page.unroute(pickers);
  await created.getByRole('button', { name: 'Retry' }).click();
  await expect(created.getByPlaceholder('Start date')).toHaveValue('2025-02-11 00:00:00');
  await expect(created.getByPlaceholder('End date')).toHaveValue('2025-02-14 23:59:59');
});

test("the broad status labels filter the list, in every language; a list that fails names which list failed", async ({ page }) => {
  await login(page, 'admin');
  await open(page, `/order/list?${RANGE}&currentPage=1&pageSize=20`);
  await filterForm(page).getByRole('button', { name: 'More filters' }).click();
  // The select by its form item: a value already chosen covers its input.
  const groupSelect = (label: string) => filterForm(page).locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) }).locator('.ant-select-selector');
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const search = async (group: string) => {
    await groupSelect('Status group').click();
    await options.and(page.locator(`[title="${group}"]`)).click();
    await filterForm(page).getByRole('button', { name: 'Search' }).click();
  };
  await search('Successful');
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.otherSupplier]);
  await search('Processing');
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula, E2E_ORDERS.open]);
  const failing = /\/v1\.0\/order\/getList/;
  for (const [lang, label, group, failed, colon] of [
    ['en-US', 'Status group', 'Processing', 'Failed to get the order list', ': '],
    ['zh-CN', '状态分类', '处理中', '获取订单列表失败', '：'],
    ['zh-TW', '狀態分類', '處理中', '取得訂單列表失敗', '：'],
  ] as const) {
    await page.route(failing, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 5000, msg: 'Server error', data: null }) }));
    await useLanguage(page, lang);
    // The notice says which list and why; the table, in place of rows, which list.
    await expect(page.locator('.ant-notification')).toContainText(`${failed}${colon}Server error`, LOAD);
    await expect(page.getByTestId('list-load-failed')).toContainText(failed);
    await page.screenshot({ path: `/tmp/spec-texts-order-list-failed-${lang}.png`, fullPage: true });
    // The group chosen stays in the URL and the form; its options are the six labels.
    await page.unroute(failing);
    await open(page);
    await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula, E2E_ORDERS.open]);
    await expect(filterForm(page).locator('.ant-select-selection-item', { hasText: group })).toBeVisible();
    await groupSelect(label).click();
    await expect(options).toHaveCount(6);
    await page.screenshot({ path: `/tmp/spec-texts-order-status-groups-${lang}.png` });
    await page.keyboard.press('Escape');
  }
});

/** Opens an open order's Supplement dialog while a chunk it needs is refused: the list says "Failed to load", opens no dialog and shows no error panel. Answers the order's row. */
async function supplementWithChunkRefused(page: Page, chunk: RegExp) {
  await page.route(chunk, (route) => route.abort());
  await login(page, 'admin');
  await open(page, `/order/list?${RANGE}&currentPage=1&pageSize=20`);
  await expect.poll(() => codes(page)).toContain(E2E_ORDERS.open);
  const row = rows(page).filter({ hasText: E2E_ORDERS.open });
  await rowAction(row, 'Supplement');
  await expect(page.locator('.ant-message')).toContainText('Failed to load');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-testid="chunk-error"], [data-testid="render-error"]')).toHaveCount(0);
  return row;
}

test("an action's dialog waits for its schema; a failed download of it is told and leaves the list as it was", async ({ page }) => {
  // The collection orders' action schemas are a chunk of their own, loaded when a dialog first opens.
  const rules = /action-rules-[^/]*\.js$/;
  const row = await supplementWithChunkRefused(page, rules);
  await expect.poll(() => codes(page)).toContain(E2E_ORDERS.open);

  await page.unroute(rules);
  await rowAction(row, 'Supplement');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('UTR')).toBeVisible();
  // Checked by the loaded schema: the UTR is required, the Google code is not.
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test("a failed download of the action dialog's own chunk is told in place, and the next click opens it", async ({ page }) => {
  const dialogChunk = /ActionDialog-[^/]*\.js$/;
  const row = await supplementWithChunkRefused(page, dialogChunk);

  await page.unroute(dialogChunk);
  await rowAction(row, 'Supplement');
  await expect(page.getByRole('dialog').getByLabel('UTR')).toBeVisible();
});

test("the table's pager, header sort and page size go to the URL and to the server", async ({ page }) => {
  await login(page, 'admin');
  await open(page, `/order/list?${RANGE}&currentPage=1&pageSize=2`);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula, E2E_ORDERS.otherSupplier]);
  // Each page is a link to its own URL (it opens in a new tab as well); a click pages in place.
  await expect(page.locator('.ant-pagination-item-2 a')).toHaveAttribute('href', /currentPage=2&pageSize=2/);
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/currentPage=2&pageSize=2/);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open]);

  const amount = page.getByRole('columnheader', { name: 'Amount', exact: true });
  await amount.click();
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=amount&sorters\[0\]\[order\]=asc/);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open]);
  await amount.click();
  await expect(page).toHaveURL(/sorters\[0\]\[order\]=desc/);
  // The highest amount first, equal amounts the newer first: the second page holds the oldest of them.
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.otherSupplier]);

  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByText('10 / page').click();
  await expect(page).toHaveURL(/currentPage=1&pageSize=10/);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open, E2E_ORDERS.formula, E2E_ORDERS.otherSupplier]);
});
