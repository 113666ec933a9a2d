/**
 * Payout batches in the browser: an admin builds a batch of the pool, watches the export bar reach
 * 100 %, downloads the bank file and reads it, marks one order exceptional (the merchant gets that
 * payout back: its balance rises), builds a new batch with the returned orders and confirms it.
 * Screenshots of the list and the batch page in en-US and zh-CN go to /tmp/shots-batches/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, call } from './data';
import { DEMO_PASSWORD, login } from './helpers';
import { placePayout } from './payout-data';

const SHOTS = '/tmp/shots-batches';

async function merchantBalance(page: Page, token: string): Promise<number> {
  const list = await call<{ list: { account: string; balance: number }[] }>(page.request, token, 'GET', '/merchant/getList', { pageIndex: 1, pageSize: 100 });
  return list.list.find((m) => m.account === 'merchant')!.balance;
}

/** After an action that may ask for the second-level password: waits until it asked or went on (`wentOn`), and answers if asked. */
async function secondLoginIfAsked(page: Page, wentOn: () => Promise<boolean>) {
  const second = page.getByRole('dialog', { name: 'Second-level password' });
  await expect.poll(async () => (await second.isVisible()) || (await wentOn())).toBe(true);
  if (await second.isVisible()) {
    await second.getByLabel('Second-level password').fill(DEMO_PASSWORD);
    await second.getByLabel('Reason').fill('payout batch');
    await second.getByRole('button', { name: 'Confirm' }).click();
    await expect(second).toBeHidden();
  }
}

async function newBatch(page: Page) {
  await page.goto('/payoutBatch/list');
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payout batch' });
  // The operator types at once: the first field has the focus.
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="ICICI bulk payment (CSV)"]').click();
  await dialog.getByLabel('Max orders').fill('500');
  await dialog.getByRole('button', { name: 'Create batch' }).click();
  await secondLoginIfAsked(page, async () => /\/payoutBatch\/list\/show\/\d+$/.test(page.url()));
  await expect(page).toHaveURL(/\/payoutBatch\/list\/show\/\d+$/);
  await expect(page.getByTestId('batch-state')).toHaveText('Created');
}

async function exportAndWait(page: Page) {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await secondLoginIfAsked(page, async () => (await page.getByTestId('batch-state').textContent()) !== 'Created');
  const bar = page.getByTestId('export-progress');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByTestId('batch-state')).toHaveText('Exported');
  await expect(page.getByText('Batch Export Successful')).toBeVisible();
}

test('an admin exports a batch, downloads it, handles an exception and confirms the rest', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  const codes = [await placePayout(page, 1, 'E2E-BATCH'), await placePayout(page, 2, 'E2E-BATCH'), await placePayout(page, 3, 'E2E-BATCH')];
  const token = await apiLogin(page.request, 'admin');
  const balanceBefore = await merchantBalance(page, token);

  await login(page, 'admin');
  await newBatch(page);
  for (const code of codes) await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await exportAndWait(page);
  await page.screenshot({ path: `${SHOTS}/batch-exported-en-US.png`, fullPage: true });

  // The bank file: the template's header, one row per order of the batch.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('Debit Ref,Beneficiary Name,Beneficiary Account No,IFSC,Amount (INR),Value Date,Payment Mode');
  for (const code of codes) expect(text).toContain(code);
  const orderCount = Number(await page.getByTestId('batch-order-count').textContent());
  expect(lines).toHaveLength(orderCount + 1);

  // One order ticked, the batch marked exceptional: that payout is rejected and refunded.
  await page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Mark exceptional/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Exception handled: 1 rejected/)).toBeVisible();
  await expect(page.getByTestId('batch-state')).toHaveText('Exception handled');
  const balanceAfter = await merchantBalance(page, token);
  expect(balanceAfter).toBeGreaterThan(balanceBefore);

  // The merchant's list shows the refunded balance.
  await page.goto('/merchants/list');
  const merchantRow = page.getByRole('row', { name: /\bmerchant\b/ }).first();
  await expect(merchantRow).toContainText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(balanceAfter / 100));

  // The returned orders make a new batch, which is exported and confirmed.
  await newBatch(page);
  for (const code of codes.slice(1)) await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) })).toHaveCount(0);
  await exportAndWait(page);
  await page.getByRole('button', { name: /^check Confirm$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Batch Confirmation Successful')).toBeVisible();
  await expect(page.getByTestId('batch-state')).toHaveText('Confirmed');
  await expect(page.getByRole('button', { name: /^check Confirm$/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/batch-confirmed-en-US.png`, fullPage: true });
  const detailUrl = page.url();

  await page.goto('/payoutBatch/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-list-en-US.png`, fullPage: true });

  // The same screens in Chinese.
  await page.evaluate(() => {
    localStorage.setItem('language', 'zh-CN');
    localStorage.setItem('languageChosen', '1');
  });
  await page.reload();
  await expect(page.getByText('代付批次').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-list-zh-CN.png`, fullPage: true });
  await page.getByRole('button', { name: '新建批次' }).click();
  await expect(page.getByRole('dialog', { name: '新建代付批次' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/batch-new-dialog-zh-CN.png` });
  await page.keyboard.press('Escape');
  await page.goto(detailUrl);
  await expect(page.getByTestId('batch-state')).toHaveText('已确认');
  await page.screenshot({ path: `${SHOTS}/batch-confirmed-zh-CN.png`, fullPage: true });
});
