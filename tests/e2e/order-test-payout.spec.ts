/**
 * A test payout from the API-test screen, from a fresh login: the payout product shows the payee
 * details its product requires (labelled as the payee's, required), a submit with them missing or
 * wrong names each field, the right ones place the payout behind the second-level password, and the
 * result has no pay link and follows the payout's state. In en-US (a bank payout) and zh-CN (a USDT
 * payout, after switching the language on the screen: the default subject follows it); screenshots
 * in en-US, zh-CN and zh-TW. An admin places one for a chosen merchant the same way.
 */
import { expect, test, type Page } from '@playwright/test';
import { answerSecondLogin, DEMO_PASSWORD, login, secondLoginWindow, selectOption } from './helpers';
import { pickLanguage } from './shell-helpers';

const SHOTS = 'test-results/e2e-order-test-payout-shots';
const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

/** The error shown under the field labelled `label`. */
const errorOf = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain-error');

/** A picture of the whole screen: the app scrolls inside its own frame, so the window is made tall enough for the form. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Watches the page for errors of its own (a crash, a failed render). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('a bank test payout: payee required and named, no pay link, its state followed (en-US)', async ({ page }) => {
  const errors = pageErrors(page);
  await login(page, 'merchant');
  await page.goto('/order/test/merchant');
  const form = page.getByTestId('order-test-form');
  const result = page.getByTestId('order-test-result');
  await expect(page.getByLabel('Subject')).toHaveValue('Test order');

  await selectOption(page, 'Product', '3017 Bank payout (INR)');
  // The payee's details, required, in place of the optional payer's; no return page for a payout.
  await expect(page.getByTestId('order-test-payee')).toContainText('Payee details (required for this product)');
  await expect(page.getByTestId('order-test-payout-warning')).toContainText('A test payout is a real payout');
  await expect(form.getByText(/Payer/)).toHaveCount(0);
  await expect(page.getByLabel('Return URL')).toHaveCount(0);
  for (const label of ['Payee name', 'Payee account number', 'Payee IFSC', 'Payee bank']) {
    await expect(form.locator('.ant-form-item-required', { hasText: label })).toBeVisible();
  }

  // Missing and wrong: each named with its reason, nothing placed.
  await page.getByLabel('Amount').fill('250.00');
  await page.getByLabel('Notify URL').fill('http://127.0.0.1:9/notify');
  await page.getByLabel('Payee IFSC').fill('SBIN1234567');
  await page.getByRole('button', { name: 'Place test payout' }).click();
  await expect(errorOf(page, 'Payee name')).toHaveText('Payee name is required');
  await expect(errorOf(page, 'Payee account number')).toHaveText('Payee account number is required');
  await expect(errorOf(page, 'Payee IFSC')).toHaveText('Payee IFSC must be 11 characters: 4 uppercase letters, 0, then 6 uppercase letters or digits');
  await expect(errorOf(page, 'Payee bank')).toHaveText('Payee bank is required');
  await expect(result).toHaveCount(0);
  await expect(secondLoginWindow(page)).toHaveCount(0);

  // Right: the second-level password is asked, then the payout is placed.
  await page.getByLabel('Payee name').fill('Ravi Kumar');
  await page.getByLabel('Payee account number').fill('123456789012');
  await page.getByLabel('Payee IFSC').fill('HDFC0001234');
  await page.getByLabel('Payee bank').fill('HDFC Bank');
  await page.getByRole('button', { name: 'Place test payout' }).click();
  await answerSecondLogin(page, 'API test payout');
  await expect(result.getByText('Payout Created Successfully')).toBeVisible();
  await expect(result.getByText('250.00', { exact: true })).toBeVisible();
  await expect(result.getByTestId('order-test-pay-link')).toHaveCount(0);
  await expect(result.getByText('Open pay page')).toHaveCount(0);
  // The payout's state, read from the payout list (waiting in the pool, or preparing once assigned).
  await expect(result.getByText('Payout status')).toBeVisible();
  await expect(result.getByTestId('order-test-status')).toHaveText(/^(Waiting|Preparing)$/);
  await expect(result.locator('.ant-steps-item-process .ant-steps-item-title')).toHaveText(/^(Waiting|Preparing)$/);
  await expect(result.getByTestId('order-test-test-status')).toContainText('Completed');
  await shoot(page, 'order-test-payout-en-US');
  expect(errors).toEqual([]);
});

test('a USDT test payout in Chinese: the wallet address required and checked, the subject in the language shown (zh-CN, zh-TW)', async ({ page }) => {
  const errors = pageErrors(page);
  await login(page, 'merchant');
  await page.goto('/order/test/merchant');
  const result = page.getByTestId('order-test-result');
  await pickLanguage(page, '简体中文');
  // The untouched default subject follows the language.
  await expect(page.getByLabel('订单标题')).toHaveValue('测试订单');

  await selectOption(page, '产品', '3016 USDT代付');
  await expect(page.getByTestId('order-test-payee')).toContainText('收款人信息（此产品必填）');
  await page.getByLabel('金额').fill('20.00');
  await page.getByLabel('回调地址').fill('http://127.0.0.1:9/notify');
  await page.getByRole('button', { name: '创建测试代付' }).click();
  await expect(errorOf(page, '收款钱包地址（USDT）')).toHaveText('收款钱包地址（USDT）不能为空');
  await page.getByLabel('收款钱包地址（USDT）').fill('not-an-address');
  await page.getByRole('button', { name: '创建测试代付' }).click();
  await expect(errorOf(page, '收款钱包地址（USDT）')).toHaveText('收款钱包地址（USDT）须为 TRON（T 开头，34 位）或 0x 开头的钱包地址');
  await expect(result).toHaveCount(0);

  await page.getByLabel('收款钱包地址（USDT）').fill(TRON);
  await page.getByRole('button', { name: '创建测试代付' }).click();
  const second = page.getByRole('dialog', { name: '二级密码验证' });
  await expect(second.getByRole('alert')).toHaveText('此操作需要二级密码');
  await second.getByLabel('二级密码').fill(DEMO_PASSWORD);
  await second.getByLabel('登录原因').fill('API 测试代付');
  // antd spaces out a two-character Chinese button label (确 认).
  await second.getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(second).toBeHidden();
  await expect(result.getByText('代付创建成功')).toBeVisible();
  await expect(result.getByTestId('order-test-pay-link')).toHaveCount(0);
  await expect(result.getByText('代付状态')).toBeVisible();
  await expect(result.getByTestId('order-test-status')).toHaveText(/^(等待中|准备中)$/);
  await shoot(page, 'order-test-payout-zh-CN');

  await pickLanguage(page, '繁體中文');
  await expect(page.getByLabel('訂單標題')).toHaveValue('測試訂單');
  await expect(result.getByText('代付狀態')).toBeVisible();
  await shoot(page, 'order-test-payout-zh-TW');
  expect(errors).toEqual([]);
});

test("an admin places a test payout for a chosen merchant and follows it in the payout list's state", async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/order/testAdminOrder');
  await selectOption(page, 'Merchant', 'merchant (merchant)');
  await selectOption(page, 'Product', '3017 Bank payout (INR)');
  await page.getByLabel('Amount').fill('120.00');
  await page.getByLabel('Notify URL').fill('http://127.0.0.1:9/notify');
  await page.getByLabel('Payee name').fill('Priya Sharma');
  await page.getByLabel('Payee account number').fill('987654321098');
  await page.getByLabel('Payee IFSC').fill('ICIC0004321');
  await page.getByLabel('Payee bank').fill('ICICI Bank');
  await page.getByRole('button', { name: 'Place test payout' }).click();
  await answerSecondLogin(page, 'API test payout for a merchant');
  const result = page.getByTestId('order-test-result');
  await expect(result.getByText('Payout Created Successfully')).toBeVisible();
  await expect(result.getByTestId('order-test-pay-link')).toHaveCount(0);
  await expect(result.getByTestId('order-test-status')).toHaveText(/^(Waiting|Preparing)$/);
});
