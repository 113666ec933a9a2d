/**
 * Finance as operators use it: an admin adjusts a merchant's balance from the merchant list (reason,
 * second-level password) and finds the fund record; a supplier reads only its own team's records.
 * Screenshots of the screens in Chinese and English go to SHOTS.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, createMember } from './data';
import { DEMO_PASSWORD, merchantAction, openAs, useLanguage } from './helpers';

const SHOTS = process.env.FINANCE_SHOTS ?? `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;


test('an admin adjusts a merchant balance through the dialog and sees the new fund record', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const merchant = await createMember(page.request, await apiLogin(page.request, 'admin'), 'merchant');
  await openAs(page, 'admin', '/merchants/list');
  const { row, dialog } = await merchantAction(page, merchant.account, 'Adjust balance');
  await dialog.getByLabel('Amount (negative debits)').fill('12345.67');
  await dialog.getByLabel('Reason').fill('settlement correction');
  await page.screenshot({ path: `${SHOTS}/adjust-dialog-en-US.png` });
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Money moves only after the second-level password.
  const second = page.getByRole('dialog', { name: 'Second-level password' });
  await expect(second).toBeVisible();
  await second.getByLabel('Second-level password').fill(DEMO_PASSWORD);
  await second.getByLabel('Reason').fill('balance correction');
  await second.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Balance updated')).toBeVisible();
  // Each amount names its currency (the CardCountry setting's, India by default).
  await expect(row).toContainText('12,345.67 INR');
  await page.screenshot({ path: `${SHOTS}/merchants-en-US.png` });

  await page.goto('/fundRecord/fundRecordAdmin');
  const record = page.locator('tr', { hasText: merchant.account }).first();
  await expect(record).toContainText('Manual adjustment');
  await expect(record).toContainText('12,345.67 INR');
  await expect(record).toContainText('settlement correction');
  await expect(record).toContainText('admin');
  await page.screenshot({ path: `${SHOTS}/fund-records-admin-en-US.png` });
  await useLanguage(page, 'zh-CN');
  await expect(page.locator('tr', { hasText: merchant.account }).first()).toContainText('人工调账');
  await page.screenshot({ path: `${SHOTS}/fund-records-admin-zh-CN.png` });
  await useLanguage(page, 'en-US');
});

test('a supplier sees only its own and its agents fund records', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openAs(page, 'supplier', '/fundRecord/fundRecord');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const accounts = await rows.locator('td:nth-child(2)').allInnerTexts();
  expect(accounts.length).toBeGreaterThan(0);
  for (const account of accounts) expect(['supplier', 'agent01', 'agent02']).toContain(account.trim());
  await page.screenshot({ path: `${SHOTS}/fund-records-supplier-en-US.png` });
  await useLanguage(page, 'zh-CN');
  await expect(page.getByText('资金记录').first()).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fund-records-supplier-zh-CN.png` });
  await useLanguage(page, 'en-US');
});
