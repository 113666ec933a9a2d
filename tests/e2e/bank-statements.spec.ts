/**
 * Transaction records in the browser: an SMS a device sends through the ingest endpoint shows in
 * the admin's SMS list with its UTR and match state; a supplier sees its own team's records and
 * another supplier does not. A screenshot of the admin list goes to /tmp/shots-records/.
 */
import { expect, test } from '@playwright/test';
import { openAs } from './helpers';
import { uniqueDigits } from './data';

test('an ingested SMS shows in the admin list, and only to its own supplier', async ({ page, request }) => {
  const utr = `E2E${uniqueDigits(9)}`;
  const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const sent = await request.post('/v1.0/ingest/sms', {
    headers: { 'X-Ingest-Token': 'demoDeviceToken0001' },
    data: { content: `A/c credited INR 1,234.56 UTR ${utr}`, direction: 'credit', amount: 123456, balanceAfter: 98765432, utr, time: now },
  });
  expect((await sent.json()).code).toBe(200);

  await openAs(page, 'admin', '/bankStatement/list');
  const row = page.getByRole('row', { name: new RegExp(utr) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1,234.56');
  await expect(row).toContainText('Unmatched');
  await page.screenshot({ path: '/tmp/shots-records/sms-list-en-US.png', fullPage: true });

  await page.context().clearCookies();
  await openAs(page, 'supplier', '/bankStatement/list');
  await expect(page.getByRole('row', { name: new RegExp(utr) })).toBeVisible();

  await page.context().clearCookies();
  await openAs(page, 'supplier2', '/bankStatement/list');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(utr) })).toHaveCount(0);
});
