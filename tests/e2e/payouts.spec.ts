/**
 * Payouts in the browser: a supplier opens the pool, claims a payout ("Claim successful"), and it
 * leaves the pool and shows in its own payout list; an admin reads the payout list with the payout
 * labels, in English and in simplified Chinese. The payouts are the demo ones (server/payouts/seed.ts) and two the test places.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { confirmRowAction, login, rowAction } from './helpers';
import { pickLanguage } from './shell-helpers';
import { placePayout } from './payout-data';

const SHOTS = '/tmp/shots-payouts';
// A screen's first load (its lazy chunk, its options, its rows) may take long on a busy machine.
const LOAD = { timeout: 60_000 };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const headers = (page: Page) => page.locator('.ant-table-thead th');

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('filter-form')).toBeVisible(LOAD);
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0, LOAD);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a supplier claims a payout from the pool; it leaves the pool and shows in its payout list', async ({ page }) => {
  // Its own payouts: other tests may have batched the demo ones away. One stays waiting for the admin's list.
  const code = await placePayout(page, 1);
  await placePayout(page, 2);
  await login(page, 'supplier');
  await open(page, '/payProxyOrder/pool');
  await expect(page.getByRole('heading', { name: 'Payout pool' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // Suppliers never see the merchant side.
  await expect(headers(page).filter({ hasText: /^Merchant$/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/en-US-supplier-pool.png`, fullPage: true });

  // A bank payout (product 3017): the demo supplier's India auto payout account takes it.
  const row = rows(page).filter({ hasText: code });
  await rowAction(row, 'Claim');
  await confirmRowAction(page);
  await expect(page.getByText('Claim successful')).toBeVisible();
  await expect(rows(page).filter({ hasText: code })).toHaveCount(0);

  await open(page, '/payProxyOrder/list/supplier');
  const mine = rows(page).filter({ hasText: code });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Preparing');
  await expect(mine).toContainText('Assigned to an account');
  await page.screenshot({ path: `${SHOTS}/en-US-supplier-list.png`, fullPage: true });
});

test('an admin reads the payout list with the payout labels, in English and Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await login(page, 'admin');
  await open(page, '/payProxyOrder/list');
  await expect(page.getByRole('heading', { name: 'Payout orders' })).toBeVisible();
  for (const label of ['Payout status', 'Allocation status', 'Batch', 'USDT payout amount', 'Payout wallet address', 'Reject reason', 'Merchant', 'Supplier']) {
    await expect(headers(page).filter({ hasText: new RegExp(`^${label}$`) }), label).toHaveCount(1);
  }
  // The demo payouts cover every state.
  for (const state of ['Waiting', 'Preparing', 'Paying', 'Completed', 'Revoked', 'Cancelled', 'Reversal completed', 'Held by risk control']) {
    await expect(rows(page).filter({ hasText: state }).first(), state).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/en-US-admin-list.png`, fullPage: true });

  await pickLanguage(page, '简体中文');
  await expect(headers(page).filter({ hasText: /^代付状态$/ })).toHaveCount(1);
  await expect(headers(page).filter({ hasText: /^分配状态$/ })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/zh-CN-admin-list.png`, fullPage: true });
  await open(page, '/payProxyOrder/pool');
  await page.screenshot({ path: `${SHOTS}/zh-CN-admin-pool.png`, fullPage: true });
  await pickLanguage(page, 'English');
});
