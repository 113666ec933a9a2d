import { expect, test, type Page } from '@playwright/test';
import { apiLogin, call, unique, uniqueDigits } from './data';
import { uniqueTron } from '../wallets';
import { logout, openAs, useLanguage } from './helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;

/** Picks an option of the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}


/** Opens the detail of the row showing `name` and waits until the QR image has loaded. */
async function openDetail(page: Page, name: string, showLabel: string) {
  const row = page.locator('tr', { hasText: name });
  await row.getByRole('button', { name: showLabel }).click();
  await expect(page.getByTestId('resource-panel')).toBeVisible();
  await expect(page.getByTestId('resource-switch')).toBeEnabled();
}

test('a supplier creates a card-to-card account (a short IFSC refused in the form), an admin sees it and switches it off', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Unique per attempt: a retry must not find the account an earlier attempt created (and switched).
  const ACCOUNT_NAME = `E2E Card Holder ${unique('')}`;
  await openAs(page, 'supplier', '/internationalCardToCard/list');
  await expect(page.getByRole('heading', { name: 'International card to card', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Bank card number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/supplier-list-en.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/internationalCardToCard\/list\/create$/);
  await choose(page, 'Product', 'Card to card');
  await choose(page, 'Channel type', 'Bank card');
  await choose(page, 'Page type', 'Standard page');
  await page.getByLabel('Bank name', { exact: true }).fill('Punjab National Bank');
  await page.getByLabel('Account name', { exact: true }).fill(ACCOUNT_NAME);
  await page.getByLabel('Bank card number', { exact: true }).fill(uniqueDigits(12));
  // Upper-cased as typed; one character short, so still refused.
  await page.getByLabel('IFSC code', { exact: true }).fill('punb012345');
  await expect(page.getByLabel('IFSC code', { exact: true })).toHaveValue('PUNB012345');
  await page.getByLabel('Supported amount (min)', { exact: true }).fill('100');
  await page.getByLabel('Supported amount (max, blank = no limit)', { exact: true }).fill('50000.50');
  await page.getByLabel('Daily transaction count limit', { exact: true }).fill('200');
  await page.getByLabel('Daily amount limit', { exact: true }).fill('1000000');
  // Amounts are typed in major units, the currency beside the input.
  await expect(page.locator('.ant-input-affix-wrapper', { has: page.getByLabel('Daily amount limit', { exact: true }) })).toContainText('INR');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be 11 characters: 4 uppercase letters, 0, then 6 uppercase letters or digits')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByLabel('IFSC code', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/supplier-create-bad-ifsc-en.png`, fullPage: true });

  await page.getByLabel('IFSC code', { exact: true }).fill('PUNB0123456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/internationalCardToCard\/list(\?.*)?$/);
  const row = page.locator('tr', { hasText: ACCOUNT_NAME });
  await expect(row).toContainText('100.00');
  await expect(row).toContainText('50,000.50 INR');
  await expect(row).toContainText('Disabled');

  // The owner switches it on once the QR image has loaded.
  await openDetail(page, ACCOUNT_NAME, 'Show');
  await page.getByTestId('resource-switch').click();
  await expect(page.getByText('Enabled', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('resource-switch')).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/supplier-detail-en.png`, fullPage: true });
  await logout(page);

  await openAs(page, 'admin', '/internationalCardToCard/list-admin');
  await expect(page.locator('tr', { hasText: ACCOUNT_NAME })).toContainText('Enabled');
  await page.screenshot({ path: `${SHOTS}/admin-list-en.png`, fullPage: true });
  await openDetail(page, ACCOUNT_NAME, 'Show');
  await page.getByTestId('resource-switch').click();
  await expect(page.locator('.ant-message')).toContainText('Disabled');
  await expect(page.getByTestId('resource-switch')).toHaveAttribute('aria-checked', 'false');
  await page.goBack();
  await expect(page.locator('tr', { hasText: ACCOUNT_NAME })).toContainText('Disabled');

  await useLanguage(page, 'zh-CN');
  await expect(page.locator('tr', { hasText: ACCOUNT_NAME })).toContainText('已停用');
  await page.screenshot({ path: `${SHOTS}/admin-list-zh.png`, fullPage: true });
  await openDetail(page, ACCOUNT_NAME, '查看');
  const panel = page.getByTestId('resource-panel');
  await expect(panel).toContainText('资源详情');
  await expect(panel).toContainText('已停用');
  await expect(page.locator('.ant-descriptions').first()).toContainText(ACCOUNT_NAME);
  await expect(page.getByText('银行卡号', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-detail-zh.png`, fullPage: true });
  await page.goto('/internationalCardToCard/list-admin/create');
  await expect(page.getByRole('heading', { name: '新建 · 国际卡转卡（管理）' })).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  // Every required field says so, in Chinese.
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '不能为空' }).first()).toBeVisible();
  await expect(page.getByText('is required')).toHaveCount(0);
  await expect(page).toHaveURL(/\/create$/);
  await page.screenshot({ path: `${SHOTS}/admin-create-required-zh.png`, fullPage: true });
  await useLanguage(page, 'en-US');
});

test('customer service reads the Kenya and USDT accounts without create or switch', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  // A wallet of the demo supplier, made for this test.
  const wallet = `E2E wallet ${unique('')}`;
  await call(page.request, await apiLogin(page.request, 'supplier'), 'POST', '/receivingAccount/usdtFloating/add', {
    productId: 3015,
    nickname: wallet,
    walletName: 'TRON test',
    walletAddress: uniqueTron(),
    minAmount: 10_000,
    maxAmount: 10_000_000,
    dailyCountLimit: 100,
    dailyAmountLimit: 10_000_000,
  });

  await openAs(page, 'customerService', '/uSDTFloating/list-admin/customerService');
  await expect(page.getByRole('heading', { name: 'USDT floating (customer service)', exact: true })).toBeVisible();
  const row = page.locator('tr', { hasText: wallet });
  await expect(row).toContainText('TRON test');
  await expect(row).toContainText('Disabled');
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/cs-usdt-list-en.png`, fullPage: true });
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('resource-qr')).toBeVisible();
  await expect(page.getByTestId('resource-switch')).toBeDisabled();
  await page.goto('/kenya/list-admin/customerService');
  await expect(page.getByText('Kenya accounts (customer service)').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
});
