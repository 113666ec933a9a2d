/**
 * The collection-order lists in the browser: an admin finds orders by code, status and time, and
 * the filters survive a reload (they live in the URL, a text holding the URL's own separators too), as
 * do the table's own paging and sorting;
 * customer service reads the list without actions; a supplier sees only its own orders; the export
 * downloads the filtered list as CSV.
 * The orders are seeded with the e2e server's database (order-seed.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { login, rowAction, selectOption, useLanguage } from './helpers';
import { E2E_ORDERS } from './order-data';

// The seeded times are UTC, as the server reads time filters.
test.use({ timezoneId: 'UTC' });

// A screen's first load (its lazy chunk, its options, its rows) may take long on a busy machine.
const LOAD = { timeout: 60_000 };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const codes = async (page: Page) => (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
const filterForm = (page: Page) => page.getByTestId('filter-form');

/** Opens (or reloads) a list and waits for its filter form and its first answer. */
async function open(page: Page, url?: string): Promise<void> {
  if (url) await page.goto(url);
  else await page.reload();
  await expect(filterForm(page)).toBeVisible(LOAD);
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0, LOAD);
}

async function searchCode(page: Page, code: string): Promise<void> {
  await filterForm(page).getByLabel('System order number').fill(code);
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`value\\]=${code}`));
}

test('an admin finds an order by its code, a reload keeps the filter, and the code copies', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'admin');
  await open(page, '/order/list');
  await expect(page.getByRole('heading', { name: 'Collection orders' })).toBeVisible();

  await searchCode(page, E2E_ORDERS.open);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open]);
  await open(page);
  await expect(filterForm(page).getByLabel('System order number')).toHaveValue(E2E_ORDERS.open);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open]);
  // The order number's copy button.
  await rows(page).first().getByRole('button', { name: 'Copy' }).first().click();
  await expect(page.getByText('Order number copied to clipboard')).toBeVisible();
});

test('a searched text holding &, #, + or % is searched whole, and a reload keeps it whole', async ({ page }) => {
  await login(page, 'admin');
  await open(page, '/order/list');
  const text = 'A&B=1 #x+y%2';
  const searched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/order/getList')) searched.push(new URL(r.url()).searchParams.get('orderCode') ?? '');
  });
  await filterForm(page).getByLabel('System order number').fill(text);
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No records match these filters')).toBeVisible();
  await open(page);
  await expect(filterForm(page).getByLabel('System order number')).toHaveValue(text);
  await expect.poll(() => searched.at(-1)).toBe(text);
  expect(new Set(searched)).toEqual(new Set([text]));
});

test('a timed-out order shows with "show all statuses", and a reload keeps the switch and the status', async ({ page }) => {
  await login(page, 'admin');
  await open(page, '/order/list');
  await filterForm(page).getByLabel('System order number').fill(E2E_ORDERS.timedOut);
  await selectOption(page, 'Order status', 'Timed out');
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No records match these filters')).toBeVisible();
  await filterForm(page).getByLabel('Show all statuses').click();
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.timedOut]);
  await open(page);
  await expect(filterForm(page).getByLabel('Show all statuses')).toBeChecked();
  await expect(filterForm(page).locator('.ant-select-selection-item', { hasText: 'Timed out' })).toBeVisible();
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.timedOut]);
});

/** Created from 11 to 14 February: the open order (500.00), then two of 123.45 (the other supplier's, the formula). */
const RANGE = 'filters[0][field]=startTime&filters[0][operator]=gte&filters[0][value]=2025-02-11 00:00:00&filters[1][field]=endTime&filters[1][operator]=lte&filters[1][value]=2025-02-14 23:59:59';

test('a shared link with a time range and a sort opens as it was, also after a reload', async ({ page }) => {
  await login(page, 'admin');
  // Equal amounts: the newer order first.
  await open(page, `/order/list?${RANGE}&sorters[0][field]=amount&sorters[0][order]=desc&currentPage=1&pageSize=20`);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open, E2E_ORDERS.formula, E2E_ORDERS.otherSupplier]);
  await open(page);
  const created = filterForm(page).locator('.ant-form-item', { hasText: 'Created at' });
  await expect(created.getByPlaceholder('Start date')).toHaveValue('2025-02-11 00:00:00');
  await expect(created.getByPlaceholder('End date')).toHaveValue('2025-02-14 23:59:59');
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.open, E2E_ORDERS.formula, E2E_ORDERS.otherSupplier]);

  // The long form folds: "more filters" opens the rest.
  await expect(filterForm(page).getByLabel('Remarks')).toBeHidden();
  await filterForm(page).getByRole('button', { name: 'More filters' }).click();
  await filterForm(page).getByLabel('Remarks').fill('=1');
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula]);
  await page.screenshot({ path: 'test-results/e2e-orders-list-admin.png', fullPage: true });
});

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

test('customer service reads the list without actions or export', async ({ page }) => {
  await login(page, 'customerService');
  await open(page, '/order/list/customerService');
  await searchCode(page, E2E_ORDERS.paid);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.paid]);
  const actions = rows(page).first().locator('td').last();
  await expect(actions.getByRole('button')).toHaveText(['Show']);
  await expect(page.getByTestId('list-export')).toHaveCount(0);
  await actions.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/order\/list\/customerService\/show\/\d+$/);
  await expect(page.getByText('E2EUTR0001')).toBeVisible();
});

test('a supplier sees only its own orders, and no merchant columns', async ({ page }) => {
  await login(page, 'supplier2');
  await open(page, '/order/list/supplier');
  await expect(page.getByRole('columnheader', { name: 'Supplier', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Merchant', exact: true })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Merchant order ID' })).toHaveCount(0);
  // Every row is its own (or its agent's); the first supplier's order is not found.
  await expect.poll(async () => (await rows(page).count()) > 0).toBe(true);
  const supplierColumn = await page.getByRole('columnheader').allInnerTexts();
  for (const name of await rows(page).locator(`td:nth-child(${supplierColumn.indexOf('Supplier') + 1})`).allInnerTexts()) expect(['Demo Supplier Two', 'agent03']).toContain(name.trim());
  await searchCode(page, E2E_ORDERS.otherSupplier);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.otherSupplier]);
  await searchCode(page, E2E_ORDERS.paid);
  await expect(page.getByText('No records match these filters')).toBeVisible();
  await page.context().clearCookies();

  // The first supplier's orders are its own, not its agents'.
  await login(page, 'supplier');
  await open(page, '/order/list/supplier');
  await searchCode(page, E2E_ORDERS.paid);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.paid]);
  await open(page, '/order/list/supplierProxy');
  await searchCode(page, E2E_ORDERS.paid);
  await expect(page.getByText('No records match these filters')).toBeVisible();
});

test('the export downloads the filtered list as CSV, formulas neutralised', async ({ page }) => {
  await login(page, 'admin');
  await open(page, '/order/list');
  await searchCode(page, E2E_ORDERS.formula);
  await expect.poll(() => codes(page)).toEqual([E2E_ORDERS.formula]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{6}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(header).toContain('System order number');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(E2E_ORDERS.formula);
  expect(lines[0]).toContain(`'=1+2`);
});
