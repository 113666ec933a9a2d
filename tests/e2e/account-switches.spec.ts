/**
 * The account switches behind the second-level password, from a fresh login that holds no token2:
 * an admin turns a user's Google verification on and off and its allowModify from account
 * management (the confirmation puts itself away, the second-level window opens on top and is
 * answered by clicks), and a user removes its own authenticator from the profile. Each result is
 * read on screen and through the API.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { codeAt } from '../../server/security/totp';
import { apiLogin, apiLogin2, call, createUser, PASSWORD, tokenOf } from './data';
import { answerSecondLogin, confirmRowAction, expectNoSecondLogin, login, rowAction, rowActionNames, useLanguage } from './helpers';

const SHOTS = '/tmp/shots-acct';
mkdirSync(SHOTS, { recursive: true });

/** The cell of `row` under the column headed `header`. */
async function cell(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

/** The question of the confirmation on screen: a popover beside a row's button, or a modal. */
const question = (page: Page): Locator => page.locator('.ant-modal-confirm-title, .ant-popover:visible .ant-popconfirm-title');

test('an admin switches Google verification and allowModify behind the second-level password', async ({ page }) => {
  const apiToken = await apiLogin(page.request, 'admin');
  const user = await createUser(page.request, apiToken, 'customerService', 'sw');
  const stored = async () => (await call(page.request, apiToken, 'GET', '/admin/getUserList', { pageIndex: 1, pageNum: 10, account: user.account })).list[0];

  await login(page, 'admin');
  await page.goto('/setting/users');
  await page.getByTestId('filter-form').getByLabel('Account').fill(user.account);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(user.account) });
  await expect(row).toBeVisible();
  await expect(await cell(page, row, 'Google verification')).toHaveText('No');
  expect(await rowActionNames(row)).toEqual(expect.arrayContaining(['Turn on Google verification', 'Disallow modification']));

  // No token2 yet: the confirmation closes and the second-level window asks.
  await rowAction(row, 'Turn on Google verification');
  await expect(question(page)).toHaveText(`Turn on Google verification for ${user.account}?`);
  await expect(page.locator('.ant-modal-confirm-content, .ant-popover:visible .ant-popconfirm-description')).toHaveText('Without a bound authenticator it must bind one at its next login.');
  await page.screenshot({ path: `${SHOTS}/switch-confirm-en-US.png`, fullPage: true });
  await confirmRowAction(page);
  await answerSecondLogin(page, 'customer asked for two-step login');
  await expect(page.getByText('Operation Successful').first()).toBeVisible();
  await expect(await cell(page, row, 'Google verification')).toHaveText('Yes');
  expect((await stored()).enableGoogleVerify).toBe(true);

  // With token2 held, the next switches go on without asking again.
  await rowAction(row, 'Turn off Google verification');
  await confirmRowAction(page);
  await expectNoSecondLogin(page, async () => (await stored()).enableGoogleVerify === false);
  await expect(await cell(page, row, 'Google verification')).toHaveText('No');

  await rowAction(row, 'Disallow modification');
  await confirmRowAction(page);
  await expectNoSecondLogin(page, async () => (await stored()).allowModify === false);
  await expect(await cell(page, row, 'Allow modify')).toHaveText('No');
  expect(await rowActionNames(row)).toEqual(expect.arrayContaining(['Turn on Google verification', 'Allow modification']));
  await page.screenshot({ path: `${SHOTS}/users-switched-en-US.png`, fullPage: true });

  await useLanguage(page, 'zh-CN');
  await page.getByTestId('filter-form').getByLabel('账号').fill(user.account);
  // antd spaces a two-character Chinese button label ("查 询").
  await page.getByRole('button', { name: /查\s?询$/ }).click();
  const zhRow = page.getByRole('row', { name: new RegExp(user.account) });
  await expect(await cell(page, zhRow, '允许修改')).toHaveText('否');
  await rowAction(zhRow, '允许修改');
  await expect(question(page)).toHaveText(`允许修改账号 ${user.account}？`);
  await page.screenshot({ path: `${SHOTS}/switch-confirm-zh-CN.png`, fullPage: true });
  await page.locator('.ant-popover:visible, .ant-modal-confirm').getByRole('button', { name: /^确\s?定$/ }).click();
  await expect.poll(async () => (await stored()).allowModify).toBe(true);
  await expect(await cell(page, zhRow, '允许修改')).toHaveText('是');
});

test('a user removes its own authenticator from the profile behind the second-level password', async ({ page }) => {
  // A user bound to an authenticator; verification is off, so the login form asks no code.
  const admin = await apiLogin2(page.request, await apiLogin(page.request, 'admin'));
  const user = await createUser(page.request, admin.token, 'supplier', 'unb');
  const own = await apiLogin(page.request, user.account, PASSWORD);
  const { secret } = await call<{ secret: string }>(page.request, own, 'POST', '/user/bindUserForProfile', {});
  // The previous step's code, still accepted: the current one stays unspent for the removal.
  await call(page.request, own, 'POST', '/user/confirmBindForProfile', { googleCode: codeAt(secret, Date.now() - 30_000) });
  await call(page.request, admin, 'POST', '/user/enableGoogleVerify', { userId: user.id, enableGoogleVerify: false });

  await login(page, user.account, PASSWORD);
  await page.goto('/profile/list');
  await useLanguage(page, 'zh-CN');
  await page.getByTestId('remove-authenticator').click();
  await expect(page.getByRole('dialog', { name: '移除我的验证器' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-remove-zh-CN.png`, fullPage: true });
  await useLanguage(page, 'en-US');

  await expect(page.getByTestId('profile-page').getByText('Bound', { exact: true })).toBeVisible();
  await page.getByTestId('remove-authenticator').click();
  const dialog = page.getByRole('dialog', { name: 'Remove my authenticator' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Google code is required')).toBeVisible();
  await dialog.getByLabel('Google code').fill(codeAt(secret));
  await page.screenshot({ path: `${SHOTS}/profile-remove-en-US.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(question(page)).toHaveText('Remove your Google Authenticator?');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'lost my phone', { password: PASSWORD });
  await expect(page.getByText('Google Authenticator removed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('profile-page').getByText('Not bound', { exact: true })).toBeVisible();
  // The other sessions of the owner ended with the removal; this one reads the account.
  expect((await call(page.request, await tokenOf(page), 'POST', '/user/getInfo')).confirmBind).toBe(false);

  await useLanguage(page, 'zh-CN');
  await expect(page.getByTestId('profile-page').getByText('未绑定', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-removed-zh-CN.png`, fullPage: true });
});
