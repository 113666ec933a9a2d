/**
 * The audit log in the browser: superAdmin adds a name to the blacklist, opens the log list,
 * filters by type and finds the row with its user, IP and after-state; the filters live in the URL
 * and survive a reload. Screenshots in en-US and zh-CN go to SHOTS.
 */
import { expect, test } from '@playwright/test';
import { openAs, useLanguage } from './helpers';

const SHOTS = process.env.AUDIT_SHOTS ?? '/tmp/shots-audit-log';
const LOG = '/auditRecord/auditRecord';
/** A loaded machine renders a lazily loaded list in tens of seconds. */
const SLOW = { timeout: 90_000 };


test.setTimeout(600_000);

test('superAdmin finds its change in the log list, filtered by type, and the filters survive a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const name = `Audit Payee ${Date.now()}`;
  await openAs(page, 'superAdmin', '/systemManager/nameBlackList');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New · Name blacklist' })).toBeVisible(SLOW);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/systemManager\/nameBlackList(\?|$)/, SLOW);

  await page.goto(LOG);
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible(SLOW);
  const form = page.getByTestId('filter-form');
  await form.locator('.ant-form-item', { has: page.getByLabel('Type', { exact: true }) }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Create' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\[field\]=type&.*\[value\]=create/);

  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toBeVisible(SLOW);
  await expect(row).toContainText('superAdmin');
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText('Name blacklist: Create');
  await expect(row).toContainText('Success');
  await page.screenshot({ path: `${SHOTS}/audit-log-en-US.png` });
  // Every row shown is of the chosen type.
  const types = await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
  for (const text of types) expect(text).toContain('Create');

  // The after-state, pretty-printed when opened.
  await row.getByRole('button', { name: 'Show' }).last().click();
  await expect(page.getByTestId('json-value')).toContainText(`"name": "${name}"`);
  await page.screenshot({ path: `${SHOTS}/audit-log-after-en-US.png` });
  await page.keyboard.press('Escape');

  // The filter is in the URL: a reload keeps it, in the form and in the rows.
  await page.reload();
  await expect(page).toHaveURL(/\[field\]=type&.*\[value\]=create/);
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible(SLOW);
  await expect(form.locator('.ant-form-item', { has: page.getByLabel('Type', { exact: true }) })).toContainText('Create');
  await expect(page.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible(SLOW);

  await useLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { name: '日志列表', exact: true })).toBeVisible(SLOW);
  const zhRow = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(zhRow).toBeVisible(SLOW);
  await expect(zhRow).toContainText('姓名黑名单：新增');
  await expect(zhRow).toContainText('成功');
  await page.screenshot({ path: `${SHOTS}/audit-log-zh-CN.png` });
  await useLanguage(page, 'en-US');
});

test('no one gets a create, edit or delete control on the log', async ({ page }) => {
  await openAs(page, 'superAdmin', LOG);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(page.getByTestId('row-more')).toHaveCount(0);
});
