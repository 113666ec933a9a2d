/**
 * A page of hundreds of rows (the pager offers up to 500) draws only the rows in view, and every row
 * is reached by scrolling the table (src/components/resource/bigPage.ts).
 */
import { expect, test } from '@playwright/test';
import { openAs } from './helpers';
import { apiLogin, call, unique } from './data';

const COUNT = 130;
const prefix = unique('Big');
const name = (i: number) => `${prefix} ${String(i).padStart(3, '0')}`;
let ids: number[] = [];

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, 'superAdmin');
  for (let i = 0; i < COUNT; i++) await call(request, token, 'POST', '/nameBlackList/add', { name: name(i), remark: 'big page', enabled: true });
  const page = await call<{ list: { id: number }[] }>(request, token, 'GET', '/nameBlackList/getList', { pageIndex: 1, pageSize: 500, name: prefix });
  ids = page.list.map((r) => r.id);
  expect(ids).toHaveLength(COUNT);
});

test.afterAll(async ({ request }) => {
  const token = await apiLogin(request, 'superAdmin');
  for (const id of ids) await call(request, token, 'GET', '/nameBlackList/delete', { id });
});

test('a page of 200 rows draws the rows in view and scrolls to the last one', async ({ page }) => {
  await openAs(page, 'superAdmin', '/systemManager/nameBlackList');
  await page.getByTestId('filter-form').getByLabel('Name').fill(prefix);
  await page.getByTestId('filter-form').getByRole('button', { name: 'Search' }).click();
  const table = page.getByTestId('resource-table');
  await expect(table.getByText(name(COUNT - 1), { exact: true })).toBeVisible();
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByText('200 / page').click();
  await expect(page).toHaveURL(/pageSize=200/);
  await expect(page.getByText(`${COUNT} in total`)).toBeVisible();
  // Newest first: the first entry made is the last row, out of view and not drawn yet.
  await expect(table.getByText(name(COUNT - 1), { exact: true })).toBeVisible();
  const drawn = await table.locator('.ant-table-row').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(COUNT);
  await expect(table.getByText(name(0), { exact: true })).toHaveCount(0);
  // Scrolling the table reaches it.
  await table.locator('.ant-table-tbody-virtual-holder').evaluate((holder) => holder.scrollTo({ top: holder.scrollHeight }));
  await expect(table.getByText(name(0), { exact: true })).toBeVisible();
  // The row keeps its actions.
  await expect(table.locator('.ant-table-row', { hasText: name(0) }).getByRole('button', { name: 'Show', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e-big-page.png' });
});
