/**
 * Risk control in the browser: superAdmin lists a wallet address through the blacklist form (a
 * malformed one refused in the form first), finds it by search, and, once a payout to it has been
 * placed, sees the detection in the detection records, in en-US and zh-CN.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signOf } from '../../server/orders/sign';
import { apiLogin, apiLogin2, call } from './data';
import { openAs, useLanguage } from './helpers';
import { uniqueTron } from '../wallets';

const SHOTS = process.env.RISK_SHOTS ?? '/tmp/shots-risk';
const BLACKLIST = '/payProxyOrder/risk-control/blacklist';
const DETECTIONS = '/payProxyOrder/risk-control/detection-records';


/** A USDT payout of the demo merchant to `address`, placed through the order API (product 3016 granted first). */
async function payTo(request: APIRequestContext, address: string): Promise<string> {
  const token = await apiLogin(request, 'superAdmin');
  const merchants = await call<{ value: number; label: string }[]>(request, token, 'GET', '/user/getUserOptions', { role: 'merchant' });
  const merchant = merchants.find((m) => m.label.includes('merchant'))!;
  // The demo data may already give the merchant the product: then the grant is refused, which is fine.
  await request.post('/v1.0/userProduct/add', { headers: await apiLogin2(request, token), data: { userId: merchant.value, productId: 3016, rate: '0.005', fixedFee: 0, singleFee: 0 } });
  const payload = { mchId: '20001', productId: 3016, mchOrderNo: `RISK${Date.now()}`, amount: 10_000, notifyUrl: 'https://shop.example.com/notify', subject: 'Payout', address };
  const body = await (await request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
  expect(body.code, body.msg).toBe(200);
  return body.data.orderCode as string;
}

test('superAdmin blacklists a wallet address through the form, finds it, and sees the payout it held', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const wallet = uniqueTron();
  await openAs(page, 'superAdmin', BLACKLIST);
  await expect(page.getByRole('heading', { name: 'Payout blacklist', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Blocked Payee Demo/ })).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New · Payout blacklist' })).toBeVisible();
  // The kind starts as "Payee name", whose label covers the select's input.
  await page.locator('.ant-form-item', { has: page.getByLabel('Kind', { exact: true }) }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Wallet address' }).click();
  await page.getByLabel('Listed value').fill('TnotAWallet');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be a TRON (T…, 34 characters) or 0x wallet address')).toBeVisible();
  await page.getByLabel('Listed value').fill(`  ${wallet} `);
  await page.getByLabel('Remark').fill('Reported by the bank');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${BLACKLIST}(\\?|$)`));

  // Found by part of the value, listed trimmed, with its kind's label.
  await page.getByTestId('filter-form').getByLabel('Listed value').fill(wallet.slice(3, 15));
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(wallet) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Wallet address');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/blacklist-en-US.png`, fullPage: true });

  const orderCode = await payTo(request, wallet);
  await page.goto(DETECTIONS);
  await expect(page.getByRole('heading', { name: 'Risk detection records', exact: true })).toBeVisible();
  const detection = page.getByRole('row', { name: new RegExp(orderCode) });
  await expect(detection).toContainText('Wallet address');
  await expect(detection).toContainText(wallet);
  await expect(detection).toContainText('Held');
  await expect(detection).toContainText('merchant');
  await page.screenshot({ path: `${SHOTS}/detections-en-US.png`, fullPage: true });

  await useLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '风控检测记录', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(orderCode) })).toContainText('钱包地址');
  await page.screenshot({ path: `${SHOTS}/detections-zh-CN.png`, fullPage: true });
  await page.goto(BLACKLIST);
  await expect(page.getByRole('heading', { name: '代付黑名单', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(wallet) })).toContainText('钱包地址');
  await page.screenshot({ path: `${SHOTS}/blacklist-zh-CN.png`, fullPage: true });
  await page.goto(`${BLACKLIST}/create`);
  await expect(page.getByRole('heading', { name: '新建 · 代付黑名单' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('不能为空')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/blacklist-create-zh-CN.png`, fullPage: true });
});
