/**
 * Marking a payout paid by hand (repair status to completed) asks when it was paid: the dialog
 * refuses it without the payout time, and the time given becomes the payout's completion time.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, call } from './data';
import { answerSecondLogin, login, rowAction, selectOption } from './helpers';
import { placePayout } from './payout-data';

test('repairing a payout to completed needs its payout time', async ({ page }) => {
  const code = await placePayout(page, 7, 'E2E-REPAIR');
  await login(page, 'admin');
  await page.goto('/payProxyOrder/list');
  await page.getByTestId('filter-form').getByLabel('System order number').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();

  await rowAction(row, 'Repair status');
  const dialog = page.getByRole('dialog', { name: 'Repair status' });
  await expect(dialog.getByLabel('Payout time')).toHaveCount(0);
  await selectOption(page, 'Target status', 'Completed');
  await dialog.getByLabel('Change reason').fill('bank statement shows it paid');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Payout time is required')).toBeVisible();

  await dialog.getByLabel('Payout time').click();
  await page.keyboard.type('2026-01-05 10:30:00');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'bank statement checked');
  await expect(page.getByText('Repair Complete')).toBeVisible();

  const token = await apiLogin(page.request, 'admin');
  const { list } = await call(page.request, token, 'GET', '/payProxyOrder/getList', { pageIndex: 1, pageSize: 10, orderCode: code });
  expect(list[0]).toMatchObject({ orderCode: code, payoutStatus: 4 });
  expect(String(list[0].completedAt ?? list[0].completedTime)).toMatch(/2026-01-05[ T]/);
});
