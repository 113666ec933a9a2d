/**
 * What an operator reads on first meeting the order screens, from a fresh login, in en-US and
 * zh-CN: a collection order's detail names its merchant, supplier and receiving account and shows
 * no payout field; the order list's columns keep their headers whole beside the fixed Actions
 * column; the API-test screen's subject is in the interface language and says why payout products
 * are not offered; a supplier's fund records read in time order. Screenshots go to SHOTS.
 */
import { expect, test, type Page } from '@playwright/test';
import { openAs, useLanguage } from './helpers';
import { apiLogin, call } from './data';
import { E2E_ORDERS } from './order-data';

const SHOTS = 'test-results/e2e-order-detail-shots';
const LOAD = { timeout: 60_000 };


/** The value cell of a detail's item, by its label. */
const detailValue = (page: Page, label: string) => page.locator('th.ant-descriptions-item-label').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');
const detailLabels = async (page: Page) => (await page.locator('th.ant-descriptions-item-label').allInnerTexts()).map((s) => s.trim());

test('a collection order detail names its parties and account and shows only collection fields', async ({ page }) => {
  await openAs(page, 'admin', '/order/list');
  const form = page.getByTestId('filter-form');
  await form.getByLabel('System order number').fill(E2E_ORDERS.paid);
  await form.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText(E2E_ORDERS.paid, LOAD);
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/order\/list\/show\/\d+$/);

  await expect(detailValue(page, 'Merchant')).toHaveText('merchant', LOAD);
  await expect(detailValue(page, 'Supplier')).toHaveText('supplier');
  await expect(detailValue(page, 'Receiving account')).toHaveText('Demo Supplier · 50100012345678');
  const labels = await detailLabels(page);
  for (const payoutOnly of ['Batch', 'Payout status', 'Process state', 'USDT amount', 'Wallet address']) expect(labels).not.toContain(payoutOnly);
  await page.screenshot({ path: `${SHOTS}/order-detail-en-US.png`, fullPage: true });

  await useLanguage(page, 'zh-CN');
  await expect(detailValue(page, '商户')).toHaveText('merchant', LOAD);
  await expect(detailValue(page, '收款账户')).toHaveText('Demo Supplier · 50100012345678');
  await page.screenshot({ path: `${SHOTS}/order-detail-zh-CN.png`, fullPage: true });
});

test('a column under the fixed Actions column fades out beside it, and every header reads whole once scrolled to, in zh-CN', async ({ page }) => {
  // The width an operator met it at: "UTR提交时间" half under "操作".
  await page.setViewportSize({ width: 1680, height: 900 });
  await openAs(page, 'admin', '/order/list');
  await useLanguage(page, 'zh-CN');
  await expect(page.getByRole('columnheader', { name: 'UTR提交时间' })).toBeVisible(LOAD);
  const actions = page.locator('.ant-table-thead th.ant-table-cell-fix-right-first');
  const edge = (await actions.boundingBox())!.x;
  const under = await page.locator('.ant-table-thead th:not(.ant-table-cell-fix-right)').evaluateAll(
    (cells, x) => cells.filter((th) => th.getBoundingClientRect().left < x && th.getBoundingClientRect().right > x).map((th) => th.textContent!.trim()),
    edge,
  );
  expect(under).toHaveLength(1);
  // The column's sliver beside the Actions column fades into the header's background instead of stopping mid-word.
  const fade = await actions.evaluate((th) => {
    const after = getComputedStyle(th, '::after');
    return { width: parseFloat(after.width), image: after.backgroundImage, background: getComputedStyle(th).backgroundColor };
  });
  expect(fade.width).toBeGreaterThanOrEqual(40);
  expect(fade.image).toMatch(/^linear-gradient\(to right, /);
  expect(fade.image).toContain(fade.background);
  await page.screenshot({ path: `${SHOTS}/order-list-zh-CN.png` });
  // Scrolled to its end, the last columns sit beside the Actions column, none under it, none cut.
  await page.locator('.ant-table-body, .ant-table-content').first().evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect
    .poll(() => page.locator('.ant-table-thead th:not(.ant-table-cell-fix-right)').evaluateAll((cells, x) => cells.filter((th) => th.getBoundingClientRect().right > x + 1 || th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent!.trim()), edge))
    .toEqual([]);
  await page.screenshot({ path: `${SHOTS}/order-list-zh-CN-scrolled.png` });
});

test("the merchant's API-test screen speaks the interface language and offers its payout products too", async ({ page }) => {
  await openAs(page, 'merchant', '/order/test/merchant');
  await expect(page.getByLabel('Subject')).toHaveValue('Test order', LOAD);
  // The demo merchant has the bank and USDT payout products enabled: offered beside the collection ones
  // (order-test-payout.spec.ts places them).
  await page.getByLabel('Product').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  expect((await options.allInnerTexts()).filter((o) => /^301[67] /.test(o)).length).toBe(2);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/api-test-en-US.png`, fullPage: true });

  await useLanguage(page, 'zh-CN');
  await expect(page.getByLabel('订单标题')).toHaveValue('测试订单', LOAD);
  await page.screenshot({ path: `${SHOTS}/api-test-zh-CN.png`, fullPage: true });
});

test("a rejected order's reason is named in the interface language", async ({ page }) => {
  const token = await apiLogin(page.request, 'admin');
  // The demo's rejected orders were refused with "not received".
  const { list } = await call<{ list: { id: number; rejectReason: string | null }[] }>(page.request, token, 'GET', '/order/getList', { pageIndex: 1, pageSize: 50, orderStatusId: 7 });
  const rejected = list.find((o) => o.rejectReason === 'notReceived');
  expect(rejected).toBeTruthy();
  await openAs(page, 'admin', `/order/list/show/${rejected!.id}`);
  for (const [lang, label, reason] of [
    ['en-US', 'Reject reason', 'Payment not received'],
    ['zh-CN', '驳回原因', '未收到付款'],
    ['zh-TW', '駁回原因', '未收到付款'],
  ] as const) {
    if (lang !== 'en-US') await useLanguage(page, lang);
    await expect(detailValue(page, label)).toHaveText(reason, LOAD);
    await page.screenshot({ path: `/tmp/spec-texts-order-reject-reason-${lang}.png`, fullPage: true });
  }
});

test('the API-test screen says when its channel list failed, and why an order was not created', async ({ page }) => {
  const products = /\/v1\.0\/profile\/getProducts/;
  const place = /\/v1\.0\/order\/testOrder/;
  const refuse = (msg: string) => ({ contentType: 'application/json', body: JSON.stringify({ code: 4107, msg, data: null }) });
  await page.route(products, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 5000, msg: 'Server error', data: null }) }));
  await openAs(page, 'merchant', '/order/test/merchant');
  await expect(page.getByText('Failed to get the channel list: Server error')).toBeVisible(LOAD);
  await page.screenshot({ path: '/tmp/spec-texts-order-test-channels-failed-en-US.png', fullPage: true });
  await useLanguage(page, 'zh-CN');
  await expect(page.getByText('获取通道列表失败：Server error')).toBeVisible(LOAD);
  await page.screenshot({ path: '/tmp/spec-texts-order-test-channels-failed-zh-CN.png', fullPage: true });
  await page.unroute(products);

  // A test order the server refuses: the form says "Create order error" and why.
  const placeOrder = async (labels: { product: string; amount: string; notify: string; place: string }) => {
    await page.getByLabel(labels.product, { exact: true }).click();
    // A collection product (a payout product places a test payout, on a call of its own).
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^1034 / }).click();
    await page.getByLabel(labels.amount, { exact: true }).fill('100');
    await page.getByLabel(labels.notify).fill('https://merchant.example.com/notify');
    await page.getByRole('button', { name: labels.place }).click();
  };
  await page.route(place, (route) => route.fulfill(refuse('订单分配失败')));
  await page.reload();
  await placeOrder({ product: '产品', amount: '金额', notify: '回调地址', place: '创建测试订单' });
  await expect(page.getByText('创建订单出错：订单分配失败')).toBeVisible(LOAD);
  await page.screenshot({ path: '/tmp/spec-texts-order-test-refused-zh-CN.png', fullPage: true });
  await page.unroute(place);
  await page.route(place, (route) => route.fulfill(refuse('Order allocation failed')));
  await useLanguage(page, 'zh-TW');
  await placeOrder({ product: '產品', amount: '金額', notify: '回調地址', place: '建立測試訂單' });
  await expect(page.getByText('建立訂單出錯：Order allocation failed')).toBeVisible(LOAD);
  await page.screenshot({ path: '/tmp/spec-texts-order-test-refused-zh-TW.png', fullPage: true });
  await useLanguage(page, 'en-US');
  await placeOrder({ product: 'Product', amount: 'Amount', notify: 'Notify URL', place: 'Place test order' });
  await expect(page.getByText('Create order error: Order allocation failed')).toBeVisible(LOAD);
  await page.screenshot({ path: '/tmp/spec-texts-order-test-refused-en-US.png', fullPage: true });
});

test("a supplier's fund records read newest first", async ({ page }) => {
  await openAs(page, 'supplier', '/fundRecord/fundRecord');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible(LOAD);
  const times = await rows.locator('td:nth-child(1)').allInnerTexts();
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort().reverse());
  await page.screenshot({ path: `${SHOTS}/fund-records-en-US.png`, fullPage: true });
  await useLanguage(page, 'zh-CN');
  await expect(rows.first()).toBeVisible(LOAD);
  await page.screenshot({ path: `${SHOTS}/fund-records-zh-CN.png`, fullPage: true });
});
