/**
 * Versioned scripts in the browser: superAdmin creates a pay script, edits it in the code editor,
 * saves a second version and reads the diff; technicalMaintenance opens the read-only screen and
 * finds no edit control; technicalSupport finds its System management > Dynamic pay menu and sees
 * a call the pay runner reported (the API document's example) on its records screen; the entity
 * data view shows a table without its secret columns. Screenshots in en-US and zh-CN.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unique } from './data';
import { login, openAs } from './helpers';
import { pickLanguage } from './shell-helpers';

const SHOTS = '/tmp/shots-scripts-views';
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const openShow = async (page: Page, name: string) => {
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: 60_000 });
};

test('superAdmin creates a script, saves a second version in the code editor and reads the diff', async ({ page }) => {
  const name = unique('Bank script');
  await openAs(page, 'superAdmin', '/systemManager/payScript');
  await expect(page.getByRole('heading', { name: 'Dynamic pay scripts' })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'New · Dynamic pay scripts' })).toBeVisible();
  await expect(page.getByText('this server never runs scripts')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('For product / channel').fill('1034');
  await page.getByLabel('Script', { exact: true }).fill('const answer = 1;\nexport default answer;\n');
  await page.getByLabel('Change note').fill('first');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/systemManager\/payScript(\?|$)/);

  await openShow(page, name);
  await expect(page.getByText('Saving creates a new version')).toBeVisible();
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'true');
  await expect(page.locator('.cm-content')).toContainText('const answer = 1;');
  // Replace the first line in the editor.
  await page.locator('.cm-line').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('const answer = 2;');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByLabel('Change note').fill('answer is two');
  await page.getByTestId('save-version').click();
  await expect(page.getByText('Version 2 saved')).toBeVisible();
  await expect(page.getByText('Script (version 2)')).toBeVisible();

  await page.getByTestId('compare-versions').click();
  const diff = page.getByTestId('script-diff');
  await expect(diff.getByText('Changes from version 1 to 2')).toBeVisible();
  await expect(diff.getByText('1 lines added, 1 lines removed')).toBeVisible();
  await expect(diff.locator('ins')).toContainText('const answer = 2;');
  await expect(diff.locator('del')).toContainText('const answer = 1;');
  await shoot(page, 'script-en-US');
  await pickLanguage(page, '简体中文');
  await expect(page.getByText('版本 1 到 2 的变更')).toBeVisible();
  await shoot(page, 'script-zh-CN');
  await pickLanguage(page, 'English');
});

test('technicalMaintenance reads scripts and call records with no edit control', async ({ page }) => {
  await openAs(page, 'technicalMaintenance', '/systemManager/payScript/readonly');
  await expect(page.getByRole('heading', { name: 'Dynamic pay scripts (read-only)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Demo bank pay/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await openShow(page, 'Demo bank pay');
  await expect(page.getByText('Read-only. This server never executes scripts.')).toBeVisible();
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByTestId('save-version')).toHaveCount(0);
  await shoot(page, 'script-readonly-en-US');

  await page.goto('/systemManager/dynamicPayRecord/readonly');
  await expect(page.getByRole('heading', { name: 'Dynamic pay call records (read-only)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /DEMO1001/ })).toBeVisible();
  await shoot(page, 'calls-readonly-en-US');
});

test('technicalSupport finds System management > Dynamic pay', async ({ page }) => {
  await login(page, 'technicalSupport');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('System management', { exact: true }).click();
  await menu.getByText('Dynamic pay', { exact: true }).click();
  await menu.getByRole('link', { name: 'Pay script info' }).click();
  await expect(page).toHaveURL(/\/dynamicPay\/payScriptInfo/);
  await expect(page.getByRole('row', { name: /Demo bank pay/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Dynamic pay records' }).click();
  await expect(page).toHaveURL(/\/dynamicPay\/dynamicPayRecord/);
  await expect(page.getByRole('row', { name: /DEMO1001/ })).toBeVisible();
  await shoot(page, 'tech-support-menu-en-US');
  await pickLanguage(page, '简体中文');
  await expect(menu.getByText('动态支付', { exact: true })).toBeVisible();
  await shoot(page, 'tech-support-menu-zh-CN');
  await pickLanguage(page, 'English');
});

test('the entity data view pages a table without its secret columns', async ({ page }) => {
  await openAs(page, 'superAdmin', '/systemManager/entityView?table=users');
  const rows = page.getByTestId('entity-rows');
  await expect(rows.getByRole('columnheader', { name: 'account', exact: true })).toBeVisible();
  await expect(rows.getByRole('columnheader', { name: /password|secret/i })).toHaveCount(0);
  await expect(rows.getByRole('cell', { name: 'technicalMaintenance', exact: true }).first()).toBeVisible();
  await shoot(page, 'entity-view-en-US');
  await pickLanguage(page, '简体中文');
  await expect(page.getByText('只读查看已存数据')).toBeVisible();
  await shoot(page, 'entity-view-zh-CN');
  await pickLanguage(page, 'English');
});

test('a call the pay runner reports shows on the dynamic pay records screen', async ({ page }) => {
  // The API document's own example, with an order code of this run.
  const doc = await (await page.request.get('/v1.0/openapi.json?lang=en-US')).json();
  const example = doc.paths['/ingest/payScriptCall'].post.requestBody.content['application/json'].examples.reported;
  const orderCode = unique('P2026E2E');
  const answer = await page.request.post('/v1.0/ingest/payScriptCall', {
    headers: { 'X-Ingest-Token': example.description.replace('X-Ingest-Token: ', '') },
    data: { ...example.value, id: orderCode, orderCode },
  });
  expect(await answer.json()).toMatchObject({ code: 200, data: { duplicate: false } });

  await openAs(page, 'technicalSupport', '/dynamicPay/dynamicPayRecord');
  await expect(page.getByRole('row', { name: /DEMO1001/ })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(orderCode) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(orderCode) })).toContainText('Demo bank pay');
  await shoot(page, 'reported-call-en-US');
});
