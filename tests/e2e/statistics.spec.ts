/**
 * Statistics and the dashboard in the browser: an admin opens the dashboard (figures, balances,
 * trend chart) and the collection statistics, widens the period and sees the figures and the chart
 * follow; a merchant sees its own figures only; screenshots in the three languages. The demo data's
 * orders of the last seven days are what the screens show.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, openAs } from './helpers';
import { apiLogin, call } from './data';
import { pickLanguage } from './shell-helpers';
import { markId, statusId, SUCCESS_STATUSES } from '../../resources/orders/statuses';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/e2e-statistics-shots';
const LANGUAGES = [
  ['en-US', 'English'],
  ['zh-CN', '简体中文'],
  ['zh-TW', '繁體中文'],
] as const;

/** The grouped text of minor units, as the screens write money. */
/** An amount as the screens show it: grouped, two decimals, the currency after it. */
const money = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')} INR`;

/**
 * The successful collection orders of a period as the order list gives them to `token` (another
 * call than the statistics', its rows summed here, test orders left out as statistics leave them):
 * what the statistics screen must show, rather than the statistics call's own answer.
 */
async function listedSuccess(page: Page, token: string, period: { startTime: string; endTime: string } | null): Promise<{ count: number; amount: number }> {
  const PAGE = 500;
  let count = 0;
  let amount = 0;
  for (const status of SUCCESS_STATUSES)
    for (let currentPage = 1; ; currentPage += 1) {
      const { list, total } = await call<{ list: { amount: number; isTest: boolean; mark: number }[]; total: number }>(page.request, token, 'GET', '/order/getList', { orderStatusId: statusId(status), ...period, currentPage, pageSize: PAGE });
      for (const order of list.filter((o) => !o.isTest && o.mark !== markId('test'))) {
        count += 1;
        amount += order.amount;
      }
      if (currentPage * PAGE >= total) break;
    }
  return { count, amount };
}

/** The period the statistics screen shows, from its URL. */
const periodOf = (url: URL) => ({ startTime: url.searchParams.get('startTime')!, endTime: url.searchParams.get('endTime')! });

async function shootInEveryLanguage(page: Page, name: string, ready: () => Promise<void>) {
  // Tall enough for the whole screen: the shell scrolls its content area, not the page.
  await page.setViewportSize({ width: 1440, height: 1500 });
  for (const [lang, label] of LANGUAGES) {
    await pickLanguage(page, label);
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}.png`, fullPage: true });
  }
  await pickLanguage(page, 'English');
}

test('an admin opens the dashboard: figures of yesterday, today and total, balances and the trend', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(scripts.filter((url) => /StatisticsChart|recharts/.test(url))).toEqual([]);

  await login(page, 'admin');
  const token = await apiLogin(page.request, 'admin');
  const total = await listedSuccess(page, token, null);
  const balance = await call(page.request, token, 'GET', '/user/getTotalBalance');
  await expect(page.getByTestId('home-total-successAmount')).toContainText(money(total.amount));
  await expect(page.getByTestId('home-total-successCount')).toContainText(total.count.toLocaleString('en-US'));
  await expect(page.getByTestId('home-merchantBalance')).toContainText(money(balance.merchantBalance));
  await expect(page.getByTestId('home-supplierBalance')).toBeVisible();
  await expect(page.getByTestId('home-today').getByText('Success rate')).toBeVisible();
  await expect(page.getByTestId('home-service').getByText('On')).toBeVisible();
  const trend = page.getByTestId('home-trend');
  await expect(trend.locator('svg.recharts-surface').first()).toBeVisible();
  // 30 days: the axis covers every day of the period (days without orders have no bar, so count the axis).
  const days = () => trend.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count();
  await expect.poll(days).toBeGreaterThan(0);
  const weekTicks = await days();
  await trend.getByText('30 days').click();
  await expect.poll(days).toBeGreaterThan(weekTicks);

  // The refresh interval is remembered in this browser.
  await page.getByTestId('home-refresh').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="10 s"]').click();
  await page.reload();
  await expect(page.getByTestId('home-refresh')).toContainText('10 s');
  await shootInEveryLanguage(page, 'dashboard', () => expect(trend.locator('svg.recharts-surface').first()).toBeVisible());
});

test('an admin opens the collection statistics, widens the period and sees figures and chart change', async ({ page }) => {
  await openAs(page, 'admin', '/order/statistics');
  // The first visit loads the screen's chunks: on a loaded machine that takes a while.
  await expect(page.getByTestId('statistics-page')).toBeVisible({ timeout: 60_000 });
  const amount = page.getByTestId('statistics-card-successAmount');
  await expect(amount).toContainText(/\d/);
  const chart = page.getByTestId('statistics-chart');
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  const todayCreated = await page.getByTestId('statistics-card-created').textContent();

  // Today by the hour or day of the setting; the last 7 days hold every demo order.
  await page.getByTestId('statistics-period').first().click();
  await page.getByText('Last 7 days').click();
  await expect(page).toHaveURL(/startTime=/);
  await expect(page.getByTestId('statistics-card-created')).not.toHaveText(todayCreated!);
  const token = await apiLogin(page.request, 'admin');
  const url = new URL(page.url());
  const week = await listedSuccess(page, token, periodOf(url));
  expect(week.count).toBeGreaterThan(0);
  await expect(amount).toContainText(money(week.amount));
  await expect(page.getByTestId('statistics-total-successAmount')).toContainText(money(week.amount));
  await expect(page.getByTestId('statistics-card-succeeded')).toContainText(week.count.toLocaleString('en-US'));
  await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(6);

  // Split by product: the table and the chart name the demo product.
  await page.getByTestId('statistics-grouping').getByText('Product').click();
  await expect(page.getByTestId('statistics-table').getByText('1034 Card to card')).toBeVisible();
  await expect(chart.getByText('1034 Card to card')).toBeVisible();
  // The state is in the URL: a reload keeps the split and the period.
  await page.reload();
  await expect(page.getByTestId('statistics-table').getByText('1034 Card to card')).toBeVisible();
  await page.getByTestId('statistics-grouping').getByText('Time').click();
  await shootInEveryLanguage(page, 'order-statistics', () => expect(chart.locator('svg.recharts-surface').first()).toBeVisible());
});

test('a merchant sees its own figures only, without the supplier fee or the platform income', async ({ page }) => {
  await login(page, 'merchant');
  const token = await apiLogin(page.request, 'merchant');
  const own = await listedSuccess(page, token, null);
  await expect(page.getByTestId('home-total-successAmount')).toContainText(money(own.amount));
  await expect(page.getByTestId('home-merchantBalance')).toBeVisible();
  await expect(page.getByTestId('home-supplierBalance')).toHaveCount(0);

  await page.goto('/order/statistics/merchant');
  await page.getByTestId('statistics-period').first().click();
  await page.getByText('Last 7 days').click();
  await expect(page).toHaveURL(/startTime=/);
  const url = new URL(page.url());
  const week = await listedSuccess(page, token, periodOf(url));
  await expect(page.getByTestId('statistics-card-successAmount')).toContainText(money(week.amount));
  await expect(page.getByTestId('statistics-card-merchantFee')).toBeVisible();
  await expect(page.getByTestId('statistics-card-platformIncome')).toHaveCount(0);
  await expect(page.getByTestId('statistics-card-supplierFee')).toHaveCount(0);
  await expect(page.getByTestId('statistics-filter-merchantUserId')).toHaveCount(0);
  // The merchant's figures are a part of the platform's.
  const staff = await listedSuccess(page, await apiLogin(page.request, 'admin'), periodOf(url));
  expect(week.count).toBeGreaterThan(0);
  expect(week.count).toBeLessThan(staff.count);
  await page.screenshot({ path: `${SHOTS}/merchant-statistics-en-US.png`, fullPage: true });
});
