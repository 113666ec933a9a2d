/**
 * Marking a payout paid by hand (repair status to completed) asks when it was paid: the dialog
 * refuses it without the payout time, and the time given becomes the payout's completion time. A
 * refused repair says "Fix failed" and why, a done one "Fix successful", in the interface language.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, call } from './data';
import { answerSecondLogin, login, rowAction, selectOption, useLanguage } from './helpers';
import { placePayout } from './payout-data';

const REPAIR = /\/v1\.0\/payProxyOrder\/updateStatus/;
/** The next repair call is refused with `msg`, as the server refuses one the payout's state no longer allows. */
const refuseNextRepair = (page: Page, msg: string) =>
  page.route(REPAIR, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 4113, msg, data: null }) }), { times: 1 });

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
  // Refused once: the dialog stays, with the reason after "Fix failed".
  await refuseNextRepair(page, 'Not allowed: the payout is Paying');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Fix failed: Not allowed: the payout is Paying')).toBeVisible();
  await page.screenshot({ path: '/tmp/spec-texts-repair-failed-en-US.png' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'bank statement checked');
  await expect(page.getByText('Fix successful')).toBeVisible();

  const token = await apiLogin(page.request, 'admin');
  const { list } = await call(page.request, token, 'GET', '/payProxyOrder/getList', { pageIndex: 1, pageSize: 10, orderCode: code });
  expect(list[0]).toMatchObject({ orderCode: code, payoutStatus: 4 });
  expect(String(list[0].completedAt ?? list[0].completedTime)).toMatch(/2026-01-05[ T]/);

  // In Chinese: a refused repair of the completed payout, then nothing moved.
  await useLanguage(page, 'zh-CN');
  await rowAction(page.getByRole('row', { name: new RegExp(code) }), '修复状态');
  const zhDialog = page.getByRole('dialog', { name: '修复状态' });
  await selectOption(page, '目标状态', '等待中');
  await zhDialog.getByLabel('修改原因').fill('核对银行流水');
  await refuseNextRepair(page, '不允许：代付已完成');
  await zhDialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修复失败：不允许：代付已完成')).toBeVisible();
  await page.screenshot({ path: '/tmp/spec-texts-repair-failed-zh-CN.png' });
  expect((await call(page.request, token, 'GET', '/payProxyOrder/getList', { pageIndex: 1, pageSize: 10, orderCode: code })).list[0]).toMatchObject({ payoutStatus: 4 });
});
