/**
 * The order pages in the browser: a merchant places a test order from the API-test screen and
 * follows it, the payer opens its pay link on a phone (no admin session), submits a UTR and sees
 * the success text; an admin places a test order for a merchant; superAdmin sees the order profile
 * chart, whose library the login page never loads.
 */
import { expect, test, type Page } from '@playwright/test';
import { openAs, selectOption } from './helpers';
import { uniqueDigits } from './data';

const SHOTS = 'test-results/e2e-order-pages-shots';
const PRODUCT = '1034 Card to card';

/** Fills and sends the test-order form (its product picked); the notify URL is a closed local port (its callback fails at once). */
async function placeTestOrder(page: Page, amount: string): Promise<string> {
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Notify URL').fill('http://127.0.0.1:9/notify');
  await page.getByRole('button', { name: 'Place test order' }).click();
  const result = page.getByTestId('order-test-result');
  await expect(result.getByText('Order Created Successfully')).toBeVisible();
  await expect(result.getByText(amount, { exact: true })).toBeVisible();
  return (await result.getByTestId('order-test-code').textContent())!.trim();
}

test('a merchant places a test order, the payer submits the UTR on its pay page, and the screen follows it', async ({ page, browser }) => {
  await openAs(page, 'merchant', '/order/test/merchant');
  // A refused amount is explained beside it as it is typed.
  await selectOption(page, 'Product', PRODUCT);
  await page.getByLabel('Amount').fill('10.123');
  await expect(page.getByText('Amount may have at most 2 decimals')).toBeVisible();

  const orderCode = await placeTestOrder(page, '150.25');
  const result = page.getByTestId('order-test-result');
  await expect(result.getByTestId('order-test-status')).toHaveText('Allocated');
  await expect(result.locator('.ant-steps-item-process .ant-steps-item-title')).toHaveText('Test ready');
  await expect(result.locator('canvas, svg').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-test-screen.png`, fullPage: true });
  const payUrl = await result.getByTestId('order-test-pay-link').getAttribute('href');
  expect(payUrl).toContain(`/pay/order/${orderCode}`);
  await expect(result.getByTestId('order-test-pay-link')).toHaveAttribute('target', '_blank');

  // The payer: a phone, no admin session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  const payer = await phone.newPage();
  const errors: string[] = [];
  payer.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await payer.goto(new URL(payUrl!).pathname);
  await expect(payer.getByRole('heading', { name: 'Pay your order' })).toBeVisible();
  await expect(payer.locator('[data-field="orderCode"]')).toHaveText(orderCode);
  await expect(payer.locator('[data-field="payAmount"]')).toHaveText(/^150\.\d{2}$/);
  await expect(payer.locator('[data-field="cardNumber"]')).toHaveText('50100012345678');
  await expect(payer.getByAltText('Scan to pay')).toBeVisible();
  // The countdown script runs under the page's CSP.
  await expect(payer.locator('[data-countdown]')).toHaveText(/^Time left \d+:\d{2}/);
  await payer.screenshot({ path: `${SHOTS}/pay-page-mobile.png`, fullPage: true });

  await payer.getByLabel('UTR').fill(`E2E${uniqueDigits(10)}`);
  await payer.getByRole('button', { name: 'Submit' }).click();
  await expect(payer.getByText('Submission successful, awaiting admin review')).toBeVisible();
  await expect(payer.locator('form')).toHaveCount(0);
  await payer.screenshot({ path: `${SHOTS}/pay-page-submitted.png`, fullPage: true });
  expect(errors).toEqual([]);
  await phone.close();

  // The API-test screen sees the submission on its next poll.
  await expect(result.getByTestId('order-test-status')).toHaveText('Pending confirmation');
});

test('an admin places a test order for a chosen merchant', async ({ page }) => {
  await openAs(page, 'admin', '/order/testAdminOrder');
  // The products are the chosen merchant's.
  await expect(page.getByLabel('Product')).toBeDisabled();
  await selectOption(page, 'Merchant', 'merchant (merchant)');
  await selectOption(page, 'Product', PRODUCT);
  const orderCode = await placeTestOrder(page, '200.00');
  expect(orderCode).toBeTruthy();
  await expect(page.getByTestId('order-test-status')).toHaveText('Allocated');
  await page.screenshot({ path: `${SHOTS}/admin-test-order.png`, fullPage: true });
});

test('superAdmin sees the order profile chart, which the login page never loads', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(scripts.filter((url) => /ProfileChart|recharts/.test(url))).toEqual([]);

  await openAs(page, 'superAdmin', '/order/profile');
  // The statistic's title (the chart's legend says "Orders created" too).
  await expect(page.getByTestId('profile-created').getByText('Orders created')).toBeVisible();
  const chart = page.getByTestId('order-profile-chart');
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.getByText('Success rate')).toBeVisible();
  expect(scripts.some((url) => url.includes('ProfileChart'))).toBe(true);
  // Hourly: the last day, its axis labelled by hour.
  await page.getByText('By hour').click();
  await expect(chart.getByText(/^\d{2}-\d{2} \d{2}:00$/).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/order-profile.png`, fullPage: true });
});
