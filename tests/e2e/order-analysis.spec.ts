/**
 * Order analysis in the browser: an admin finds a client IP in the IP access frequency list (its
 * order counted, frozen), unfreezes it from the abnormal IP list with a reason after confirming,
 * and reads the lost-order and order-source analyses; screenshots in en-US and zh-CN.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signOf } from '../../server/orders/sign';
import { apiLogin, call } from './data';
import { confirmRowAction, openAs, rowAction, useLanguage } from './helpers';

const SHOTS = process.env.ORDER_ANALYSIS_SHOTS ?? '/tmp/shots-order-analysis';

/** An address of the documentation range no earlier run used. */
const uniqueIp = () => `198.51.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;


/** An order of the demo merchant placed for the payer at `clientIp`, through the order API. */
async function orderFrom(request: APIRequestContext, clientIp: string) {
  const payload = { mchId: '20001', productId: 1034, mchOrderNo: `OA${Date.now()}`, amount: 12_345, notifyUrl: 'https://shop.example.com/notify', returnUrl: 'https://shop.example.com/back', subject: 'Order analysis', clientIp };
  const body = await (await request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
  expect(body.code, body.msg).toBe(200);
}

test('an admin sees an IP in the access frequency list and unfreezes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const ip = uniqueIp();
  await orderFrom(request, ip);
  const token = await apiLogin(request, 'admin');
  await call(request, token, 'POST', '/orderAnalysis/frozenIp/add', { ip, reason: 'Too many unpaid orders' });

  await openAs(page, 'admin', '/orderAnalysis/ip-analysis-list');
  await expect(page.getByRole('heading', { name: 'IP access frequency analysis', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('IP address').fill(ip);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(ip.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  // Order requests 1, pay page visits 0, orders placed 1, paid 0, success rate, 1 merchant, frozen.
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row).toContainText('0.00%');
  await expect(row).toContainText('Yes');
  await page.screenshot({ path: `${SHOTS}/ip-analysis-en-US.png`, fullPage: true });

  await page.goto('/orderAnalysis/fronzen-ip-list');
  await expect(page.getByRole('heading', { name: 'Abnormal IP list', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('IP address').fill(ip);
  await page.getByRole('button', { name: 'Search' }).click();
  const frozen = page.getByRole('row', { name: new RegExp(ip.replace(/\./g, '\\.')) });
  await expect(frozen).toContainText('Too many unpaid orders');
  await expect(frozen).toContainText('By hand');
  await page.screenshot({ path: `${SHOTS}/frozen-ips-en-US.png`, fullPage: true });
  await rowAction(frozen, 'Unfreeze');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Payer verified by phone');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Confirmed once more before it runs.
  await confirmRowAction(page);
  await expect(frozen).toContainText('Payer verified by phone');
  await expect(frozen).toContainText('admin', { ignoreCase: false });
  await expect(frozen.getByRole('button', { name: 'Unfreeze' })).toHaveCount(0);

  // The IP places orders again.
  await orderFrom(request, ip);
});

test('an admin reads the lost-order and order-source analyses and opens a group\'s orders', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const ip = uniqueIp();
  await orderFrom(request, ip);
  await orderFrom(request, ip);
  await openAs(page, 'admin', '/orderAnalysis/order-analysis-list');
  await expect(page.getByRole('heading', { name: 'Lost order analysis', exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lost-orders-en-US.png`, fullPage: true });
  // A merchant's group opens the collection orders filtered on that merchant.
  await rowAction(page.getByRole('row', { name: /^merchant / }), 'Orders');
  await expect(page).toHaveURL(/\/order\/list\?.*merchantId/);
  await page.goto('/orderAnalysis/order-analysis-list/source');
  await expect(page.getByRole('heading', { name: 'Order source analysis', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(ip.replace(/\./g, '\\.')) })).toContainText('2');
  await page.screenshot({ path: `${SHOTS}/order-sources-en-US.png`, fullPage: true });

});

test('the order analysis screens read in Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'admin', '/orderAnalysis/order-analysis-list/source');
  await useLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '订单来源分析', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '成功率' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/order-sources-zh-CN.png`, fullPage: true });
  await page.goto('/orderAnalysis/order-analysis-list');
  await expect(page.getByRole('heading', { name: '掉单分析', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lost-orders-zh-CN.png`, fullPage: true });
  await page.goto('/orderAnalysis/ip-analysis-list');
  await expect(page.getByRole('heading', { name: 'IP访问频率分析', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ip-analysis-zh-CN.png`, fullPage: true });
  await page.goto('/orderAnalysis/fronzen-ip-list');
  await expect(page.getByRole('heading', { name: '异常IP列表', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/frozen-ips-zh-CN.png`, fullPage: true });
});
