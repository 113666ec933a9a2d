/**
 * The monitor log in the browser. Two monitors (the demo MON-0001 and a second one this file adds
 * to a database of its own) send their status and log lines through the ingest endpoint over HTTP,
 * as a real monitor would; an admin reads the lines, filters them by monitor, looks at the monitors
 * tab, and clears the log after confirming; customer service reads it without the Clear button.
 * Screenshots in en-US, zh-CN and zh-TW.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { openPglite } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import '../../server/seeders';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { setSecretsKey } from '../../server/security/secrets';
import { hashToken } from '../../server/security/passwords';
import { ingestClients, users } from '../../server/db/schema/index';
import { DEMO_MONITOR_TOKEN } from '../../server/ingest/seed';
import { apiLogin, call } from './data';
import { openAs, useLanguage } from './helpers';

const SHOTS = process.env.MONITOR_SHOTS ?? '/tmp/shots-monitors';
const LOG = '/monitorLog/monitorLog';
const SECOND_TOKEN = 'e2eMonitorToken0002';

const test = base.extend<object, { site: { baseURL: string } }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      setSecretsKey(randomBytes(32));
      const database = await openPglite();
      await seedDemo(database.db);
      const [supplier] = await database.db.select().from(users).where(eq(users.account, 'supplier'));
      await database.db.insert(ingestClients).values({ kind: 'monitor', code: 'MON-0002', name: 'Second bank monitor', supplierId: supplier.id, tokenHash: hashToken(SECOND_TOKEN) });
      const app: FastifyInstance = await buildApp({ database, config: { ...readConfig({}), staticDir: process.env.STATIC_DIR ?? './dist' } });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await use({ baseURL: address });
      await app.close();
      await database.close();
    },
    // A fresh database with the demo data: seconds on a quiet machine, a minute or more on a loaded one.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
});

async function send(request: APIRequestContext, token: string, path: 'monitorStatus' | 'monitorLog', data: unknown) {
  const body = await (await request.post(`/v1.0/ingest/${path}`, { headers: { 'x-ingest-token': token }, data })).json();
  expect(body.code, body.msg).toBe(200);
}


/** A screen's first paint loads its chunk and two calls: a shared, loaded machine needs room for that. */
const FIRST_PAINT = { timeout: 60_000 };

/** The log's rows (the monitors panel above the filters is a table too). */
const rows = (page: Page) => page.getByTestId('resource-table').locator('.ant-table-tbody tr.ant-table-row');

test('an admin reads what the monitors sent, filters by monitor, sees their status and clears the log', async ({ page, request }) => {
  // Three languages and a clear: on a shared, loaded machine this takes minutes, not the default two.
  test.setTimeout(300_000);
  // Nor may the monitors go silent (MonitorLiveTime) meanwhile.
  await call(request, await apiLogin(request, 'superAdmin'), 'POST', '/system-config/setMonitorLiveTime', { value: 3600 });
  await send(request, DEMO_MONITOR_TOKEN, 'monitorStatus', { status: 'running', exception: 'Captcha refused, retrying' });
  await send(request, SECOND_TOKEN, 'monitorStatus', { status: 'stopped' });
  await send(request, DEMO_MONITOR_TOKEN, 'monitorLog', {
    lines: [
      { logPhase: 'login', content: 'Signed in to online banking', cardNumber: '6222000011112222' },
      { logPhase: 'fetch', content: 'Statement fetched: 3 credits', cardNumber: '6222000011112222' },
      { logPhase: 'match', content: 'Credit 1,250.00 matched', orderCode: 'P2026E2E0001', cardNumber: '6222000011112222' },
    ],
  });
  await send(request, SECOND_TOKEN, 'monitorLog', { lines: [{ logPhase: 'stop', content: 'Stopped by operator', cardNumber: '6222000033334444' }] });

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'admin', LOG);
  await expect(page.getByRole('heading', { name: 'Monitor log', exact: true })).toBeVisible(FIRST_PAINT);
  await expect(rows(page)).toHaveCount(4);
  // Newest first.
  await expect(rows(page).first()).toContainText('Stopped by operator');
  await expect(rows(page).last()).toContainText('Signed in to online banking');

  await page.getByTestId('filter-form').getByLabel('Monitor ID').fill('MON-0001');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/MON-0001/);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText('Stopped by operator')).toHaveCount(0);
  await expect(rows(page).first()).toContainText('P2026E2E0001');

  const monitors = page.getByTestId('monitors');
  const first = monitors.getByRole('row', { name: /MON-0001/ });
  await expect(first).toContainText('Running');
  await expect(first).toContainText('Captcha refused, retrying');
  await expect(monitors.getByRole('row', { name: /MON-0002/ })).toContainText('Stopped');
  await page.screenshot({ path: `${SHOTS}/monitor-log-en-US.png`, fullPage: true });

  for (const lang of ['zh-CN', 'zh-TW'] as const) {
    await useLanguage(page, lang);
    await expect(page.getByRole('heading', { name: lang === 'zh-CN' ? '监控日志' : '監控日誌', exact: true })).toBeVisible(FIRST_PAINT);
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByTestId('monitors').getByRole('row', { name: /MON-0001/ })).toContainText(lang === 'zh-CN' ? '运行中' : '執行中');
    await page.screenshot({ path: `${SHOTS}/monitor-log-${lang}.png`, fullPage: true });
  }
  await useLanguage(page, 'en-US');

  // Clearing asks first; cancelled, nothing goes.
  await page.getByRole('button', { name: 'Clear log' }).click();
  await expect(page.getByText('Every log line of every monitor is removed.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Clear log' }).click();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('4 log lines removed')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await page.goto(LOG);
  await expect(page.getByTestId('resource-table').locator('.ant-empty-description')).toHaveText('No data', FIRST_PAINT);
});

test('customer service reads the monitor log, without the Clear button', async ({ page, request }) => {
  await send(request, DEMO_MONITOR_TOKEN, 'monitorLog', { lines: [{ logPhase: 'fetch', content: 'Statement fetched: no credits' }] });
  await openAs(page, 'customerService', `${LOG}/customerService`);
  await expect(page.getByRole('heading', { name: 'Monitor log (customer service)', exact: true })).toBeVisible(FIRST_PAINT);
  await expect(rows(page).first()).toContainText('Statement fetched: no credits');
  await expect(page.getByRole('button', { name: 'Clear log' })).toHaveCount(0);
  await page.context().clearCookies();
  await openAs(page, 'supplier', LOG);
  await expect(page).toHaveURL(/\/401$/, FIRST_PAINT);
});
