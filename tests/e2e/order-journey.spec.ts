/**
 * A collection order from end to end, as the people involved see it: the merchant places a test
 * order from the API-test screen; the payer opens its pay link and submits the UTR; an admin finds
 * the order by its code (the filter survives a reload), confirms it and labels it; the status, the
 * label, the merchant's balance and the callback records change, and the merchant's system (a real
 * HTTP receiver here) gets the signed notification.
 */
import { expect, test, type Page } from '@playwright/test';
import { startMerchantSystem } from './merchant-system';
import { answerSecondLogin, openAs, rowAction, selectOption } from './helpers';
import { apiLogin, call, uniqueDigits } from './data';

const LOAD = { timeout: 60_000 };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function merchantBalance(token: string, request: Parameters<typeof call>[0]): Promise<number> {
  const page = await call<{ list: { account: string; balance: number }[] }>(request, token, 'GET', '/merchant/getList', { pageIndex: 1, pageSize: 50, account: 'merchant' });
  return page.list.find((m) => m.account === 'merchant')!.balance;
}

test('an order placed by the merchant is paid, confirmed by an admin, and notified to the merchant', async ({ page, browser, request }) => {
  // Three sign-ins, a payment page and five screens: minutes on a loaded machine.
  test.setTimeout(360_000);
  const merchantSite = await startMerchantSystem();
  const admin = await apiLogin(request, 'admin');
  const balanceBefore = await merchantBalance(admin, request);

  // The merchant places a test order of 321.00 from the API-test screen.
  await openAs(page, 'merchant', '/order/test/merchant');
  await selectOption(page, 'Product', '1034 Card to card');
  await page.getByLabel('Amount').fill('321.00');
  await page.getByLabel('Notify URL').fill(merchantSite.notifyUrl);
  await page.getByRole('button', { name: 'Place test order' }).click();
  const result = page.getByTestId('order-test-result');
  await expect(result.getByText('Order Created Successfully')).toBeVisible(LOAD);
  const orderCode = (await result.getByTestId('order-test-code').textContent())!.trim();
  const payUrl = (await result.getByTestId('order-test-pay-link').getAttribute('href'))!;

  // The payer, without any admin session, submits the UTR on the pay page.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const payer = await phone.newPage();
  await payer.goto(new URL(payUrl).pathname);
  await payer.getByLabel('UTR').fill(`UTR${uniqueDigits(10)}`);
  await payer.getByRole('button', { name: 'Submit' }).click();
  await expect(payer.getByText('Submission successful, awaiting admin review')).toBeVisible();
  await phone.close();
  await expect(result.getByTestId('order-test-status')).toHaveText('Pending confirmation', LOAD);

  // The admin finds it by its code; the filter is in the URL and survives a reload.
  await page.context().clearCookies();
  await openAs(page, 'admin', '/order/list');
  const filters = page.getByTestId('filter-form');
  await filters.getByLabel('System order number').fill(orderCode);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(orderCode));
  await page.reload();
  await expect(filters.getByLabel('System order number')).toHaveValue(orderCode, LOAD);
  await expect(rows(page)).toHaveCount(1, LOAD);
  const row = rows(page).first();
  await expect(row.getByText('Pending confirmation')).toBeVisible();

  // Confirm: the order is paid (after the second-level password: money moves only behind it), then
  // the merchant's system is notified.
  await rowAction(row, 'Confirm');
  await page.getByRole('button', { name: 'OK' }).click();
  const confirmed = page.getByText('Operation Successful').first();
  // The admin's first money step of the session.
  await answerSecondLogin(page, 'payment seen on the statement');
  await expect(confirmed).toBeVisible();
  await expect.poll(() => merchantSite.received.length, { timeout: 30_000 }).toBe(1);
  expect(merchantSite.received[0]).toMatchObject({ orderCode, status: expect.any(String) });
  await page.reload();
  await expect(rows(page).first().getByText('Callback succeeded')).toBeVisible(LOAD);

  // Label it suspicious from the row's menu.
  await rows(page).first().getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Update mark' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Order label')).toBeVisible();
  await dialog.locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Suspicious"]').click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(rows(page).first().getByText('Suspicious')).toBeVisible(LOAD);

  // The merchant was credited the amount less its fee (0.5% + 1.00 on product 1034).
  expect(await merchantBalance(admin, request)).toBe(balanceBefore + 321_00 - (161 + 100));

  // The callback screen shows the delivered notification.
  await page.goto('/orderCallback');
  await page.getByTestId('filter-form').getByLabel('System order number').fill(orderCode);
  await page.getByTestId('filter-form').getByRole('button', { name: 'Search' }).click();
  await expect(rows(page)).toHaveCount(1, LOAD);
  await expect(rows(page).first().getByText('Succeeded', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e-order-journey-callbacks.png', fullPage: true });
  merchantSite.server.close();
});
