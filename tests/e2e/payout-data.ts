/** Payouts the e2e tests place for the demo merchant through the public creation API, as its system would. */
import { expect, type Page } from '@playwright/test';
import { signOf } from '../../server/orders/sign';

const DEMO_KEY = 'demoMerchantKey20001';

/** A bank payout (product 3017) of 250.00 + n cents; answers its order code. */
export async function placePayout(page: Page, n: number, prefix = 'E2E-PAYOUT'): Promise<string> {
  const payload = { mchId: '20001', productId: 3017, mchOrderNo: `${prefix}-${Date.now()}-${n}`, amount: 250_00 + n, notifyUrl: 'https://shop.example/notify', userName: `E2E Payee ${n}`, cardNumber: `7000${Date.now() % 1e8}${n}`, ifscCode: 'ICIC0000004', bankName: 'ICICI Bank' };
  const body = await (await page.request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, DEMO_KEY) } })).json();
  expect(body.code, body.msg).toBe(200);
  return body.data.orderCode as string;
}
