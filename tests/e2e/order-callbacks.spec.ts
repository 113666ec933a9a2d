/**
 * The callback screens in the browser. The attempts are written straight into the database (an
 * order, its callback task and three tries), so this file serves the built admin from a server of
 * its own, in the test process, on a fresh embedded database it can write to; the order's notify
 * URL is a real HTTP receiver in the test process, so a re-send is delivered for real.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { openPglite, type Database } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import '../../server/seeders';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { setSecretsKey } from '../../server/security/secrets';
import { orderCallbackAttempts, orderCallbacks, orders, users } from '../../server/db/schema/index';
import { statusId } from '../../resources/orders/statuses';
import { verifySign } from '../../server/orders/sign';
import { startMerchantSystem } from './merchant-system';
import { openAs, rowAction } from './helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;

interface Site {
  baseURL: string;
  orderCode: string;
  merchantOrderNo: string;
  notifyUrl: string;
  /** Bodies the merchant's notify URL received. */
  received: Record<string, unknown>[];
}

/** An order paid a while ago whose notify URL failed twice, then took the callback. */
async function seedCallbacks(database: Database, url: string) {
  const { db } = database;
  const [merchant] = await db.select().from(users).where(eq(users.account, 'merchant'));
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const orderCode = `P2026E2E${tag}`;
  const merchantOrderNo = `SHOP-${tag}`;
  const [order] = await db
    .insert(orders)
    .values({ orderCode, merchantId: merchant.id, merchantOrderNo, productId: 1034, status: statusId('callbackSucceeded'), amount: 500_00, payAmount: 500_00, receivedAmount: 500_00, notifyUrl: url })
    .returning();
  const [task] = await db
    .insert(orderCallbacks)
    .values({ orderId: order.id, orderCode, merchantOrderNo, merchantId: merchant.id, url, state: 'succeeded', attempts: 3, deadlineAt: new Date(Date.now() + 30 * 60_000), lastAttemptAt: new Date() })
    .returning();
  const params = { mchId: '20001', productId: 1034, mchOrderNo: merchantOrderNo, orderCode, amount: 50000, status: 'success', sign: '0F1E2D3C4B5A69788796A5B4C3D2E1F0' };
  const tries = [
    { responseStatus: 500, responseBody: '{"error":"database down","retry":true}', durationMs: 87, success: false },
    { responseStatus: null, responseBody: 'timed out after 10000 ms', durationMs: 10003, success: false },
    { responseStatus: 200, responseBody: 'success', durationMs: 42, success: true },
  ];
  for (const attempt of tries) {
    await db.insert(orderCallbackAttempts).values({ callbackId: task.id, orderId: order.id, orderCode, merchantOrderNo, merchantId: merchant.id, url, params, systemFlag: 'PAY', ...attempt });
  }
  return { orderCode, merchantOrderNo };
}

const test = base.extend<object, { site: Site }>({
  site: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one says "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      setSecretsKey(randomBytes(32));
      const database = await openPglite();
      await seedDemo(database.db);
      const merchantSystem = await startMerchantSystem();
      const seeded = await seedCallbacks(database, merchantSystem.notifyUrl);
      // The merchant system listens on 127.0.0.1, which the operator allows as a receiver on the same machine.
      const app: FastifyInstance = await buildApp({ database, config: { ...readConfig({ CALLBACK_ALLOW_PRIVATE: '127.0.0.1/32' }), staticDir: process.env.STATIC_DIR ?? './dist' } });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await use({ baseURL: address, ...seeded, notifyUrl: merchantSystem.notifyUrl, received: merchantSystem.received });
      await app.close();
      await database.close();
      merchantSystem.server.close();
    },
    // A fresh database with the demo data: seconds on a quiet machine, a minute or more on a loaded one.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
});

test('an admin finds an order on the callback screen and re-sends it; superAdmin reads each try with its parameters and answer', async ({ page, site }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openAs(page, 'admin', '/orderCallback');
  await expect(page.getByRole('heading', { name: 'Order callbacks', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('System order number').fill(site.orderCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(site.orderCode));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  const columns = await page.locator('.ant-table-thead th').allInnerTexts();
  const cell = (column: string) => row.locator('td').nth(columns.indexOf(column));
  await expect(row).toContainText(site.merchantOrderNo);
  await expect(cell('Callback URL')).toHaveText(site.notifyUrl);
  await expect(cell('Callback state')).toHaveText('Succeeded');
  await expect(cell('Order status')).toHaveText('Callback succeeded');
  await expect(cell('Attempts')).toHaveText('3');
  await page.screenshot({ path: `${SHOTS}/order-callbacks-list.png`, fullPage: true });

  // Re-sent: a new round, delivered for real to the merchant's system, signed with its key.
  await rowAction(cell('Actions'), 'Resend callback');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Operation Successful')).toBeVisible();
  await expect.poll(() => site.received.length, { timeout: 20_000 }).toBe(1);
  expect(site.received[0]).toMatchObject({ orderCode: site.orderCode, mchOrderNo: site.merchantOrderNo, status: 'success' });
  expect(verifySign(site.received[0], 'demoMerchantKey20001')).toBe(true);
  // The list shows the outcome once the worker has recorded it (a reload keeps the filter of the URL).
  await expect(async () => {
    await page.reload();
    await expect(cell('Attempts')).toHaveText('1', { timeout: 15_000 });
    await expect(cell('Callback state')).toHaveText('Succeeded');
  }).toPass({ timeout: 60_000 });
  await expect(cell('Last response content')).toContainText('success');

  // The tries themselves are superAdmin's (and technical maintenance's) to read.
  await page.goto('/orderCallbackDetail');
  await expect(page).toHaveURL(/\/401$/);

  await page.context().clearCookies();
  await openAs(page, 'superAdmin', '/orderCallbackDetail');
  await expect(page.getByRole('heading', { name: 'Order callback details', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('Merchant order ID').fill(site.merchantOrderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const tries = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(tries).toHaveCount(4);
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  for (const header of ['Request URL', 'Callback method', 'Callback format', 'Callback parameters', 'Response content', 'Response time (ms)']) expect(headers).toContain(header);
  const tryCell = (index: number, column: string) => tries.nth(index).locator('td').nth(headers.indexOf(column));
  // Newest first: the re-send just made, then the seeded success, the timeout and the 500.
  await expect(tryCell(0, 'Success')).toHaveText('Yes');
  await expect(tryCell(0, 'Response status')).toHaveText('200');
  await expect(tryCell(1, 'Success')).toHaveText('Yes');
  await expect(tryCell(2, 'Response content')).toContainText('timed out after 10000 ms');
  await expect(tryCell(2, 'Response time (ms)')).toHaveText('10003');
  await expect(tryCell(3, 'Response status')).toHaveText('500');
  await expect(tryCell(3, 'Success')).toHaveText('No');
  await page.screenshot({ path: `${SHOTS}/order-callback-details.png`, fullPage: true });

  // The parameters and the JSON answer open pretty-printed.
  await tryCell(0, 'Callback parameters').getByRole('button', { name: 'Show' }).click();
  const params = page.getByRole('dialog', { name: 'Callback parameters' });
  await expect(params.getByTestId('json-value')).toContainText(`"orderCode": "${site.orderCode}"`);
  await expect(params.getByTestId('json-value')).toContainText(`"sign": "${String(site.received[0].sign)}"`);
  await page.screenshot({ path: `${SHOTS}/order-callback-params.png` });
  await params.getByRole('button', { name: 'Close' }).click();
  await tryCell(3, 'Response content').getByRole('button', { name: 'Show' }).click();
  const answer = page.getByRole('dialog', { name: 'Response content' });
  await expect(answer.getByTestId('json-value')).toHaveText('{\n  "error": "database down",\n  "retry": true\n}');
});

test('customer service reads the callback list without actions; technical maintenance reads the tries', async ({ page, site }) => {
  await openAs(page, 'customerService', '/orderCallback/customerService');
  const row = page.locator('tr', { hasText: site.orderCode });
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: 'Resend callback' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.context().clearCookies();
  await openAs(page, 'technicalMaintenance', '/orderCallbackDetail/readonly');
  await page.getByTestId('filter-form').getByLabel('System order number').fill(site.orderCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('tr', { hasText: 'timed out after 10000 ms' })).toHaveCount(1);
  await expect(page.locator('tr', { hasText: '"error":"database down"' })).toHaveCount(1);
});
