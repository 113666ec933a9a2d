/**
 * The global config screen in the browser: superAdmin turns the system name off and on (the side
 * menu follows at once), sets the order timeout to one minute and an order placed afterwards times
 * out on that schedule (the server's test clock moved forward, tests/e2e/clock.ts); technicalMaintenance reads the same screen with no edit control; the
 * screen in three languages is saved as screenshots.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signOf } from '../../server/orders/sign';
import { statusId } from '../../resources/orders/statuses';
import { apiLogin, call } from './data';
import { setServerClockAhead } from './clock';
import { DEMO_PASSWORD, useLanguage } from './helpers';

const SHOTS = process.env.CONFIG_SHOTS ?? '/tmp/shots-config-screen';
const LOAD = { timeout: 120_000 };
// Every wait here is for what the user sees; a machine shared by many runs renders slowly.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The helpers' login, with the longer waits of this file. */
async function login(page: Page, account: string) {
  await page.goto('/login');
  await page.getByLabel('User name').fill(account);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}
// Each test opens the screen once or more and waits for every row: a loaded machine needs the room.
test.describe.configure({ timeout: 300_000 });


async function openConfig(page: Page, url = '/systemConfig') {
  await page.goto(url);
  await expect(page.getByTestId('system-config')).toBeVisible(LOAD);
  // Every row has its value (no skeleton left).
  await expect(page.locator('[data-testid^="row-"] .ant-skeleton')).toHaveCount(0, LOAD);
}

test('superAdmin turns the system name off and on, and the side menu follows without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'superAdmin');
  await openConfig(page);
  await expect(page.getByTestId('brand')).toContainText('Payment Admin');
  const showLogo = page.getByTestId('setting-ShowLogo');
  await expect(showLogo).toBeChecked();
  await showLogo.click();
  await expect(page.getByText('Setting Successful').first()).toBeVisible();
  await expect(page.getByTestId('brand')).toHaveCount(0);
  await expect(showLogo).not.toBeChecked();
  await showLogo.click();
  await expect(page.getByTestId('brand')).toContainText('Payment Admin');
  await expect(showLogo).toBeChecked();
});

test('an order placed after the timeout is set to one minute times out on that schedule (test clock)', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'superAdmin');
  await openConfig(page);
  const row = page.getByTestId('row-OrderTimeoutMinutes');
  const input = row.getByRole('spinbutton');
  await expect(input).toHaveValue('15');
  await input.fill('1');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting Successful').first()).toBeVisible();
  const token = await apiLogin(request, 'superAdmin');
  try {
    expect(await call(request, token, 'GET', '/system-config/getOrderTimeoutMinutes')).toEqual({ value: 1 });

    const payload = { mchId: '20001', productId: 1034, mchOrderNo: `CFG${Date.now()}`, amount: 23_456, notifyUrl: 'https://shop.example.com/notify', returnUrl: 'https://shop.example.com/back', subject: 'Timeout' };
    const placedAt = Date.now();
    const body = await (await request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
    expect(body.code, body.msg).toBe(200);
    const code = body.data.orderCode as string;
    /** Sets the server's clock to `ms` after the order was placed, then lets its sweep (every 5 s) run twice. */
    const serverAt = async (ms: number) => {
      const ahead = placedAt + ms - Date.now();
      expect(ahead, 'the machine took longer than the step it checks').toBeGreaterThan(0);
      setServerClockAhead(baseURL!, ahead);
      await page.waitForTimeout(12_000);
    };
    const status = async () => (await call<{ list: { orderCode: string; status: number }[] }>(request, token, 'GET', '/order/getList', { pageIndex: 1, pageSize: 10, orderCode: code })).list[0]?.status;

    // Half a minute after placement: still waiting for its payer (the one-minute schedule, not yet due).
    await serverAt(30_000);
    expect(await status()).toBe(statusId('allocated'));

    // Past the minute (the old 15 would leave it allocated for 14 more): the list shows it timed out.
    await serverAt(65_000);
    await page.goto('/order/list');
    const filters = page.getByTestId('filter-form');
    await expect(filters).toBeVisible(LOAD);
    await filters.getByLabel('System order number').fill(code);
    await filters.getByLabel('Show all statuses').click();
    await filters.getByRole('button', { name: 'Search' }).click();
    const orderRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await expect(orderRow).toBeVisible(LOAD);
    await expect(orderRow).toContainText('Timed out');
    expect(await status()).toBe(statusId('timedOut'));
  } finally {
    setServerClockAhead(baseURL!, 0);
    await call(request, token, 'POST', '/system-config/setOrderTimeoutMinutes', { value: 15 });
  }
});

test('technicalMaintenance reads the config with no edit control', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'technicalMaintenance');
  await openConfig(page, '/systemConfig/readonly');
  await expect(page.getByRole('heading', { name: 'Global config (read-only)' })).toBeVisible();
  const screen = page.getByTestId('system-config');
  await expect(screen.getByTestId('row-OrderTimeoutMinutes')).toContainText('15 minutes');
  await expect(screen.getByTestId('row-ShowLogo')).toContainText('On');
  await expect(screen.getByTestId('freq-form')).toBeVisible();
  for (const control of ['switch', 'textbox', 'spinbutton', 'combobox', 'button'] as const) await expect(screen.getByRole(control), control).toHaveCount(0);
  await expect(screen.locator('input:not([disabled]), textarea, .ant-switch, .ant-select:not(.ant-select-disabled)')).toHaveCount(0);
  // The editor's screen is not this role's.
  await page.goto('/systemConfig');
  await expect(page.getByTestId('system-config')).toHaveCount(0);
});

test('the config screen in three languages', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'superAdmin');
  await openConfig(page);
  for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
    await useLanguage(page, lang);
    await expect(page.getByTestId('system-config')).toBeVisible(LOAD);
    await expect(page.locator('[data-testid^="row-"] .ant-skeleton')).toHaveCount(0, LOAD);
    await expect(page.getByTestId('freq-form')).toBeVisible(LOAD);
    await page.screenshot({ path: `${SHOTS}/config-${lang}-top.png` });
    // The content region scrolls inside the shell: a window as tall as the screen shows it whole.
    const height = await page.getByTestId('content').evaluate((el) => el.scrollHeight + el.getBoundingClientRect().top);
    await page.setViewportSize({ width: 1440, height: Math.ceil(height) + 40 });
    await page.screenshot({ path: `${SHOTS}/config-${lang}.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await useLanguage(page, 'en-US');
  await page.goto('/systemConfig-admin');
  await expect(page.getByTestId('maintenance-reset')).toBeVisible(LOAD);
  await page.getByTestId('maintenance-reset-run').click();
  // Each job's confirmation has its own OK: the previous one may still be fading out.
  await page.getByTestId('maintenance-reset-confirm').click();
  await expect(page.getByText('Reset Complete')).toBeVisible();
  await expect(page.getByTestId('maintenance-reset-report')).toContainText('Expired orders still holding an account');
  await page.getByTestId('maintenance-fix-run').click();
  await page.getByTestId('maintenance-fix-confirm').click();
  await expect(page.getByText('Repair Complete')).toBeVisible();
  await expect(page.getByTestId('maintenance-fix-report')).toContainText('Ledger rows with a drifted running balance');
  await page.screenshot({ path: `${SHOTS}/maintenance-en-US.png`, fullPage: true });
});
