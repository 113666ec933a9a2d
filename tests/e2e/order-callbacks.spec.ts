/**
 * The callback screens in the browser. The attempts are written straight into the database (an
 * order, its callback task and three tries), so this file serves the built admin from a server of
 * its own, in the test process, on a fresh embedded database it can write to.
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
import { login } from './helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;

interface Site {
  baseURL: string;
  orderCode: string;
  merchantOrderNo: string;
}

/** An order paid an hour ago whose notify URL failed twice, then took the callback. */
async function seedCallbacks(database: Database): Promise<Omit<Site, 'baseURL'>> {
  const { db } = database;
  const [merchant] = await db.select().from(users).where(eq(users.account, 'merchant'));
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const orderCode = `P2026E2E${tag}`;
  const merchantOrderNo = `SHOP-${tag}`;
  const url = 'https://shop.example/notify';
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
      const seeded = await seedCallbacks(database);
      const app: FastifyInstance = await buildApp({ database, config: { ...readConfig({}), staticDir: process.env.STATIC_DIR ?? './dist' } });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await use({ baseURL: address, ...seeded });
      await app.close();
      await database.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
});

test('an admin finds an order on the callback screen; superAdmin reads each try with its parameters and answer', async ({ page, site }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await login(page, 'admin');
  await page.goto('/orderCallback');
  await expect(page.getByRole('heading', { name: 'Order callbacks', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('System order number').fill(site.orderCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(site.orderCode));
  const row = page.locator('tr', { hasText: site.orderCode });
  await expect(row).toContainText(site.merchantOrderNo);
  await expect(row).toContainText('https://shop.example/notify');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText('Callback succeeded');
  await expect(row.getByRole('button', { name: 'Resend callback' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/order-callbacks-list.png`, fullPage: true });
  // The tries themselves are superAdmin's (and technical maintenance's) to read.
  await page.goto('/orderCallbackDetail');
  await expect(page).toHaveURL(/\/401$/);

  await page.context().clearCookies();
  await login(page, 'superAdmin');
  await page.goto('/orderCallbackDetail');
  await expect(page.getByRole('heading', { name: 'Order callback details', exact: true })).toBeVisible();
  await page.getByTestId('filter-form').getByLabel('Merchant order ID').fill(site.merchantOrderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const tries = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(tries).toHaveCount(3);
  // Newest first: the success, the timeout, the 500.
  await expect(tries.nth(0)).toContainText('success');
  await expect(tries.nth(1)).toContainText('timed out after 10000 ms');
  await expect(tries.nth(1)).toContainText('10003');
  await expect(tries.nth(2)).toContainText('500');
  for (const header of ['Request URL', 'Callback method', 'Callback format', 'Callback parameters', 'Response content', 'Response time (ms)']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/order-callback-details.png`, fullPage: true });

  // The parameters and the JSON answer open pretty-printed.
  const cell = (column: string) => tries.nth(2).locator('td').nth(columns.indexOf(column));
  const columns = await page.locator('.ant-table-thead th').allInnerTexts();
  await cell('Callback parameters').getByRole('button', { name: 'Show' }).click();
  const params = page.getByRole('dialog', { name: 'Callback parameters' });
  await expect(params.getByTestId('json-value')).toContainText(`"orderCode": "${site.orderCode}"`);
  await expect(params.getByTestId('json-value')).toContainText('"sign": "0F1E2D3C4B5A69788796A5B4C3D2E1F0"');
  await page.screenshot({ path: `${SHOTS}/order-callback-params.png` });
  await params.getByRole('button', { name: 'Close' }).click();
  await cell('Response content').getByRole('button', { name: 'Show' }).click();
  const answer = page.getByRole('dialog', { name: 'Response content' });
  await expect(answer.getByTestId('json-value')).toHaveText('{\n  "error": "database down",\n  "retry": true\n}');
});

test('customer service reads the callback list without actions; technical maintenance reads the tries', async ({ page, site }) => {
  await login(page, 'customerService');
  await page.goto('/orderCallback/customerService');
  const row = page.locator('tr', { hasText: site.orderCode });
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: 'Resend callback' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'technicalMaintenance');
  await page.goto('/orderCallbackDetail/readonly');
  await page.getByTestId('filter-form').getByLabel('System order number').fill(site.orderCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
});
