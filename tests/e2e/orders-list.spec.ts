/**
 * The collection-order lists in the browser: an admin finds orders by code, status and time, and
 * the filters survive a reload (they live in the URL, a text holding the URL's own separators too);
 * customer service reads the list without actions; a supplier sees only its own orders; the export
 * downloads the filtered list as CSV.
 * The orders are seeded with the e2e server's database (order-seed.ts). The table's own paging and
 * sorting, and the list's parts that load late or fail: orders-list-loading.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login, selectOption } from './helpers';
import { E2E_ORDERS } from './order-data';
import { codes, filterForm, open, RANGE, rows, searchCode } from './order-list-page';

// The seeded times are UTC, as the server reads time filters.
test.use({ timezoneId: 'UTC' });

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
