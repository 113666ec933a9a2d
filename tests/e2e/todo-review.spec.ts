import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, call, unique, uniqueDigits } from './data';
import { confirmRowAction, DEMO_PASSWORD, logout, openAs, rowAction, useLanguage } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The helpers' login with more room: the shell takes long to appear on a loaded machine. */
async function login(page: Page, account: string) {
  await page.goto('/login');
  await page.getByLabel('User name').fill(account);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
}


const setReview = async (request: APIRequestContext, enable: boolean) =>
  call(request, await apiLogin(request, 'superAdmin'), 'POST', '/system-config/setReviewSupplierAccounts', { enable });

// The e2e server is shared by other specs of its lane: the switch goes off again whatever happened in the test.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await setReview(request, false);
  await request.dispose();
});

const badgeCount = async (page: Page) => Number((await page.getByTestId('todo-count').locator('.header-badge-count').getAttribute('title')) ?? '0');

test('with account review on, a supplier’s new account waits for an admin, who approves it from the header badge', async ({ page }) => {
  // A long journey (two roles, two languages) on a shared, loaded machine.
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const holder = `E2E Review ${unique('')}`;
  const rejected = `E2E Rejected ${unique('')}`;
  await setReview(page.request, true);
    // The supplier fills its usual form; nothing is created, the form says it waits for review.
    await login(page, 'supplier');
    await expect(page.getByTestId('todo-button')).toHaveCount(0);
    await page.goto('/internationalCardToCard/list/create');
    await choose(page, 'Product', 'Card to card');
    await choose(page, 'Channel type', 'Bank card');
    await choose(page, 'Page type', 'Standard page');
    await page.getByLabel('Bank name', { exact: true }).fill('Punjab National Bank');
    await page.getByLabel('Account name', { exact: true }).fill(holder);
    await page.getByLabel('Bank card number', { exact: true }).fill(uniqueDigits(12));
    await page.getByLabel('IFSC code', { exact: true }).fill('PUNB0123456');
    await page.getByLabel('Supported amount (min)', { exact: true }).fill('100');
    await page.getByLabel('Daily transaction count limit', { exact: true }).fill('200');
    await page.getByLabel('Daily amount limit', { exact: true }).fill('1000000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Submission successful, awaiting admin review')).toBeVisible();
    await expect(page).toHaveURL(/\/internationalCardToCard\/list(\?.*)?$/);
    await page.screenshot({ path: `${SHOTS}/supplier-submitted-en.png`, fullPage: true });
    await expect(page.locator('tr', { hasText: holder })).toHaveCount(0);

    // A second one, through the API, for the rejection.
    const supplierToken = await apiLogin(page.request, 'supplier');
    const held = await call(page.request, supplierToken, 'POST', '/receivingAccount/internationalCardToCard/add', {
      productId: 1034,
      channelType: 'bankCard',
      pageType: 'standard',
      bankName: 'Punjab National Bank',
      accountName: rejected,
      cardNumber: uniqueDigits(12),
      ifscCode: 'PUNB0123456',
      minAmount: 10_000,
      dailyCountLimit: 100,
      dailyAmountLimit: 10_000_000,
    });
    expect(held.pendingReview).toBe(true);

    // Its own items, waiting.
    await page.goto('/todoItems/initiated');
    await expect(page.getByRole('heading', { name: 'To-do items (initiated by me)' })).toBeVisible();
    await expect(page.locator('tr', { hasText: holder })).toContainText('Awaiting review');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/supplier-initiated-en.png`, fullPage: true });
    await logout(page);

    // The admin sees the count in the header and opens the pending list from it.
    await login(page, 'admin');
    await expect(page.getByTestId('todo-count')).toBeVisible();
    await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(2);
    const before = await badgeCount(page);
    await page.getByTestId('todo-button').click();
    await expect(page).toHaveURL(/\/todoItems\/mine\?/);
    await expect(page.getByRole('heading', { name: 'To-do items (mine)' })).toBeVisible();
    const row = page.locator('tr', { hasText: holder });
    await expect(row).toContainText('International card to card');
    await expect(row).toContainText('supplier');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/admin-mine-en.png`, fullPage: true });
    await rowAction(row, 'Approve');
    await confirmRowAction(page);
    await expect(page.getByText('Operation Successful').first()).toBeVisible();
    // Decided: gone from the pending list, and the badge counts one less at once.
    await expect(page.locator('tr', { hasText: holder })).toHaveCount(0);
    await expect.poll(() => badgeCount(page)).toBe(before - 1);

    // Rejecting asks for the reason (zh-CN).
    await useLanguage(page, 'zh-CN');
    await expect(page.getByRole('heading', { name: '待办事项（我的）' })).toBeVisible();
    const other = page.locator('tr', { hasText: rejected });
    await expect(other).toContainText('待审核');
    await expect(other).toContainText('国际卡转卡');
    await page.screenshot({ path: `${SHOTS}/admin-mine-zh.png`, fullPage: true });
    await rowAction(other, '驳回');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await dialog.getByLabel('驳回原因').fill('银行卡号与户名不符');
    await page.screenshot({ path: `${SHOTS}/admin-reject-zh.png`, fullPage: true });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('操作成功').first()).toBeVisible();
    await expect(page.locator('tr', { hasText: rejected })).toHaveCount(0);
    await useLanguage(page, 'en-US');
    await logout(page);

    // The supplier's account list shows the approved account; its to-do items say what happened.
    await openAs(page, 'supplier', '/internationalCardToCard/list');
    await expect(page.locator('tr', { hasText: holder })).toContainText('Disabled');
    await page.screenshot({ path: `${SHOTS}/supplier-accounts-en.png`, fullPage: true });
    await page.goto('/todoItems/initiated');
    await expect(page.locator('tr', { hasText: holder })).toContainText('Approved');
    await expect(page.locator('tr', { hasText: rejected })).toContainText('银行卡号与户名不符');
    await useLanguage(page, 'zh-CN');
    await expect(page.locator('tr', { hasText: holder })).toContainText('已通过');
    await expect(page.locator('tr', { hasText: rejected })).toContainText('已驳回');
    await page.screenshot({ path: `${SHOTS}/supplier-initiated-zh.png`, fullPage: true });
});
