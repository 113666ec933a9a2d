/**
 * A person's first mistakes in a form, from a fresh login: a refused submit brings the first error
 * into view and gives it the focus (it may sit above the fold), every message names its field and
 * what is wrong with the value (in en-US and zh-CN), the last order's result leaves the screen once
 * a submit fails, and the right values then go through. The new payout batch dialog refuses a count
 * out of range with the reason instead of rewriting it.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, selectOption } from './helpers';
import { pickLanguage } from './shell-helpers';

const SHOTS = 'test-results/e2e-form-mistakes-shots';

/** The error shown under the field labelled `label` (its form item's, whichever inner item holds the rule). */
const errorOf = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain-error');

/** Scrolls the submit button into view (the form's top above the fold), checks that, and clicks it. */
async function submitFromBelow(page: Page, button: string, top: string) {
  await page.getByRole('button', { name: button }).scrollIntoViewIfNeeded();
  await expect(page.getByLabel(top, { exact: true })).not.toBeInViewport();
  await page.getByRole('button', { name: button }).click();
}

test('the API-test form: mistakes first, each named with its reason and the first brought into view, then the order', async ({ page }) => {
  // No error of the page along the way (a result leaving the screen once crashed it).
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // A short window: the form is taller than it, as on a laptop.
  await page.setViewportSize({ width: 1280, height: 520 });
  await login(page, 'merchant');
  await page.goto('/order/test/merchant');
  const result = page.getByTestId('order-test-result');

  // Empty: the first missing field, at the top, comes into view with the focus.
  await page.getByLabel('Merchant order number').fill('');
  await submitFromBelow(page, 'Place test order', 'Product');
  await expect(errorOf(page, 'Product')).toHaveText('Product is required');
  await expect(page.getByLabel('Product', { exact: true })).toBeInViewport();
  await expect(page.getByLabel('Product', { exact: true })).toBeFocused();
  await expect(errorOf(page, 'Merchant order number')).toHaveText('Merchant order number is required');
  await expect(errorOf(page, 'Amount')).toHaveText('Amount is required');
  await expect(errorOf(page, 'Notify URL')).toHaveText('Notify URL is required');

  // Too long, a wrong format, a negative amount: each named, the first of them in view.
  await selectOption(page, 'Product', '1034 Card to card');
  await page.getByLabel('Merchant order number').fill('A'.repeat(65));
  await page.getByLabel('Amount').fill('-5');
  await page.getByLabel('Notify URL').fill('ftp://127.0.0.1:9/notify');
  await submitFromBelow(page, 'Place test order', 'Merchant order number');
  await expect(errorOf(page, 'Merchant order number')).toHaveText('Merchant order number must be at most 64 characters');
  await expect(page.getByLabel('Merchant order number')).toBeFocused();
  await expect(errorOf(page, 'Amount')).toHaveText('Amount must not be negative');
  await expect(errorOf(page, 'Notify URL')).toHaveText('Notify URL must be an http:// or https:// address, without a user name or password');
  await page.screenshot({ path: `${SHOTS}/order-test-mistakes-en-US.png` });
  for (const [amount, reason] of [
    ['0', 'Amount must be greater than 0'],
    ['abc', 'Amount is not a number'],
    ['99999999999999', 'Amount must not exceed 1000000000000'],
    ['10.123', 'Amount may have at most 2 decimals'],
  ]) {
    await page.getByLabel('Amount').fill(amount);
    await expect(errorOf(page, 'Amount')).toHaveText(reason);
  }

  // The right values: the order is placed.
  await page.getByRole('button', { name: 'New number' }).click();
  await page.getByLabel('Amount').fill('150.25');
  await page.getByLabel('Notify URL').fill('http://127.0.0.1:9/notify');
  await page.getByRole('button', { name: 'Place test order' }).click();
  await expect(result.getByText('Order Created Successfully')).toBeVisible();
  const first = await result.getByTestId('order-test-code').textContent();

  // A refused submit takes the last order's result off the screen: it no longer answers the form.
  await page.getByLabel('Amount').fill('10.123');
  await page.getByRole('button', { name: 'Place test order' }).click();
  await expect(result).toHaveCount(0);
  await expect(errorOf(page, 'Amount')).toHaveText('Amount may have at most 2 decimals');
  await page.getByLabel('Amount').fill('160.50');
  await page.getByRole('button', { name: 'Place test order' }).click();
  await expect(result.getByText('Order Created Successfully')).toBeVisible();
  await expect(result.getByTestId('order-test-code')).not.toHaveText(first!);

  // The same mistakes in Chinese name the field in Chinese.
  await pickLanguage(page, '简体中文');
  await page.getByLabel('金额').fill('-5');
  await page.getByLabel('回调地址').fill('');
  await page.getByRole('button', { name: '创建测试订单' }).click();
  await expect(errorOf(page, '金额')).toHaveText('金额不能为负数');
  await expect(errorOf(page, '回调地址')).toHaveText('回调地址不能为空');
  await expect(page.locator('.ant-form-item-has-error').first()).toBeInViewport();
  await expect(result).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/order-test-mistakes-zh-CN.png` });
  expect(errors).toEqual([]);
});

test('the new payout batch dialog refuses a count out of range with the reason, keeping what was typed', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/payoutBatch/list');
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payout batch' });
  // Open: the first field has the focus (typing before that is lost to the dialog's opening).
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toBeFocused();
  const maxOrders = dialog.getByLabel('Max orders');
  const error = errorOf(page, 'Max orders');
  for (const [typed, reason] of [
    ['0', 'Max orders must be at least 1'],
    ['-3', 'Max orders must be at least 1'],
    ['abc', 'Max orders is not a number'],
    ['501', 'Max orders must not exceed 500'],
    ['2.5', 'Max orders must be a whole number'],
  ]) {
    await maxOrders.fill(typed);
    await expect(error).toHaveText(reason);
    // Leaving the field does not round or clamp it.
    await dialog.getByLabel('Amount limit').click();
    await expect(maxOrders).toHaveValue(typed);
  }
  await dialog.getByLabel('Amount limit').fill('-1');
  await dialog.getByRole('button', { name: 'Create batch' }).click();
  await expect(dialog.getByText('Amount limit must not be negative')).toBeVisible();
  await expect(dialog.getByText('Template is required')).toBeVisible();
  // Nothing was sent: no second-level password was asked for.
  await expect(page.getByRole('dialog', { name: 'Second-level password' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/new-batch-mistakes-en-US.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await pickLanguage(page, '简体中文');
  await page.getByRole('button', { name: '新建批次' }).click();
  const zh = page.getByRole('dialog', { name: '新建代付批次' });
  await expect(zh.getByRole('combobox', { name: '模板' })).toBeFocused();
  await zh.getByLabel('最大订单数').fill('501');
  await expect(zh.getByText('最大订单数不能超过 500')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/new-batch-mistakes-zh-CN.png` });
});
