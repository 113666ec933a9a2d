/**
 * IP whitelist in the browser: superAdmin adds a rule through the form (a malformed address refused
 * in the form first), finds it listed, and deletes it again; technical maintenance reads the list
 * on its read-only view, as it reads the name blacklist, without edit controls. Screenshots in
 * en-US and zh-CN go to /tmp/shots-ip-rules/. The rule names technicalSupport and admits loopback,
 * and is removed at the end, so the other specs sharing this server are never refused.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, call } from './data';
import { login, logout, openAs, rowAction, useLanguage } from './helpers';

const SHOTS = process.env.IP_RULES_SHOTS ?? '/tmp/shots-ip-rules';
const LIST = '/systemManager/ipRule';
const NOTE = `e2e-${Date.now()}`;


test.afterAll(async ({ request }) => {
  // Whatever happened above, no rule of this run stays behind.
  const token = await apiLogin(request, 'superAdmin');
  const rules = await call<{ list: { id: number; note: string }[] }>(request, token, 'GET', '/ipRule/getList', { pageIndex: 1, pageSize: 100 });
  for (const rule of rules.list.filter((r) => r.note === NOTE)) await call(request, token, 'GET', '/ipRule/delete', { id: rule.id });
});

test('superAdmin adds an IP rule through the form, sees it listed and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Leaving the half-filled form: the unsaved-changes prompt is answered "leave".
  page.on('dialog', (dialog) => void dialog.accept());
  await openAs(page, 'superAdmin', LIST);
  await expect(page.getByRole('heading', { name: 'IP whitelist', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New · IP whitelist' })).toBeVisible();
  await page.getByLabel('IP address or CIDR').fill('127.0.0.300');
  await page.locator('.ant-form-item', { has: page.getByLabel('Role', { exact: true }) }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Technical support' }).click();
  await page.getByLabel('Note').fill(NOTE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be an IPv4 or IPv6 address, or a CIDR block')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-en-US.png`, fullPage: true });

  await page.getByLabel('IP address or CIDR').fill(' 127.0.0.0/8 ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}(\\?|$)`));
  const row = page.getByRole('row', { name: new RegExp(NOTE) });
  await expect(row).toContainText('127.0.0.0/8');
  await expect(row).toContainText('Technical support');
  await expect(row).toContainText('superAdmin');
  await page.screenshot({ path: `${SHOTS}/list-en-US.png`, fullPage: true });

  await page.goto('/home');
  await useLanguage(page, 'zh-CN');
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'IP 白名单', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NOTE) })).toContainText('127.0.0.0/8');
  await page.screenshot({ path: `${SHOTS}/list-zh-CN.png`, fullPage: true });
  await page.getByRole('button', { name: '新建' }).click();
  // The list (whose filter has a field of the same label) stays on screen until the form's code has
  // loaded: type only once the form is there.
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await page.getByLabel('IP 地址或网段').fill('2001:db8::/129');
  await expect(page.getByLabel('IP 地址或网段')).toHaveValue('2001:db8::/129');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('必须是 IPv4 或 IPv6 地址，或 CIDR 网段')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-zh-CN.png`, fullPage: true });
  await page.goto('/home');
  await useLanguage(page, 'en-US');
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'IP whitelist', exact: true })).toBeVisible();

  // Deleting asks for the Google code (optional while its switch is off), then for confirmation.
  await rowAction(page.getByRole('row', { name: new RegExp(NOTE) }), 'Delete');
  await expect(page.getByRole('dialog').getByLabel('Google code')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/delete-en-US.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: 'OK' }).click();
  // The server's answer first: a refusal shows its msg here instead of a row that merely stays.
  await expect(page.locator('.ant-message').getByText('Operation Successful')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(NOTE) })).toHaveCount(0, { timeout: 20_000 });
  await logout(page);
});

test('technical maintenance reads the IP whitelist and the name blacklist without edit controls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'technicalMaintenance');
  for (const [path, title] of [
    [`${LIST}/readonly`, 'IP whitelist (read-only)'],
    ['/systemManager/nameBlackList/readonly', 'Name blacklist (read-only)'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/name-blacklist-readonly-en-US.png`, fullPage: true });
});
