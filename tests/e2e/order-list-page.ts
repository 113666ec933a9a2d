/** The collection-order list as its browser tests open it: the seeded orders (order-seed.ts), the filter form, the rows' codes. */
import { expect, type Page } from '@playwright/test';

// A screen's first load (its lazy chunk, its options, its rows) may take long on a busy machine.
export const LOAD = { timeout: 60_000 };
export const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
export const codes = async (page: Page) => (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
export const filterForm = (page: Page) => page.getByTestId('filter-form');

/** Opens (or reloads) a list and waits for its filter form and its first answer. */
export async function open(page: Page, url?: string): Promise<void> {
  if (url) await page.goto(url);
  else await page.reload();
  await expect(filterForm(page)).toBeVisible(LOAD);
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0, LOAD);
}

export async function searchCode(page: Page, code: string): Promise<void> {
  await filterForm(page).getByLabel('System order number').fill(code);
  await filterForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`value\\]=${code}`));
}

/** Created from 11 to 14 February: the open order (500.00), then two of 123.45 (the other supplier's, the formula). */
export const RANGE = 'filters[0][field]=startTime&filters[0][operator]=gte&filters[0][value]=2025-02-11 00:00:00&filters[1][field]=endTime&filters[1][operator]=lte&filters[1][value]=2025-02-14 23:59:59';
