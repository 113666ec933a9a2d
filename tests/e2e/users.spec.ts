import { expect, test } from '@playwright/test';
import { unique } from './data';
import { DEMO_PASSWORD, openAs, rowAction, rowActionNames, selectOption } from './helpers';

test('account management: create with validation, find by filter, edit, delete and restore', async ({ page }) => {
  // A name of this attempt only: the filter below must find exactly the account made here.
  const account = unique('dora');
  const renamed = unique('dora');
  await openAs(page, 'superAdmin', '/setting/users');
  await expect(page.getByRole('heading', { name: 'Account management' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Account' })).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/setting\/users\/create$/);
  // The list (with its own Account/Nickname filters) stays on screen until the form's chunk loads.
  await expect(page.getByRole('heading', { name: 'New · Account management' })).toBeVisible();
  await page.getByLabel('Account', { exact: true }).fill('bad name!');
  await page.getByLabel('Nickname').fill(`Dora ${account}`);
  await page.getByLabel('Password').fill('lettersonly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('may contain only digits and English letters')).toBeVisible();
  await expect(page.getByText('must contain digits and letters')).toBeVisible();

  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password').fill('Secret123');
  await selectOption(page, 'Role', 'Customer service');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/setting\/users(\?|$)/);

  // A duplicate account is refused with the server's message.
  await page.goto('/setting/users/create');
  await expect(page.getByRole('heading', { name: 'New · Account management' })).toBeVisible();
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Nickname').fill('Dora again');
  await page.getByLabel('Password').fill('Secret123');
  await selectOption(page, 'Role', 'Merchant');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Add failed, check whether the account already exists').first()).toBeVisible();

  await page.goto('/setting/users');
  // The filter trims and matches part of the account.
  await page.getByTestId('filter-form').getByLabel('Account').fill(`  ${account.slice(0, -2)} `);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(account) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await rowAction(row, 'Edit');
  await expect(page.getByRole('heading', { name: /^Edit \S+ · Account management$/ })).toBeVisible();
  await expect(page.getByLabel('Nickname')).toHaveValue(`Dora ${account}`);
  await page.getByLabel('Nickname').fill(`Dora Explorer ${account}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Dora Explorer ${account}`) })).toBeVisible();

  await rowAction(page.getByRole('row', { name: new RegExp(account) }), 'Delete');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('row', { name: new RegExp(account) })).toHaveCount(0);

  await selectOption(page, 'Show deleted', 'Yes');
  await page.getByRole('button', { name: 'Search' }).click();
  await rowAction(page.getByRole('row', { name: new RegExp(account) }), 'Restore');
  await page.getByLabel('New account name').fill(renamed);
  await page.getByRole('button', { name: 'OK' }).click();
  // Restoring an account is a balance operation: it asks for the second-level password first.
  const second = page.getByRole('dialog', { name: 'Second-level password' });
  await second.getByLabel('Second-level password').fill(DEMO_PASSWORD);
  await second.getByLabel('Reason').fill('restore a closed account');
  await second.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Restore Successful')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
});

test('an admin sees a superAdmin account but no button that would change it', async ({ page }) => {
  await openAs(page, 'admin', '/setting/users');
  await page.getByTestId('filter-form').getByLabel('Account').fill('superAdmin');
  await page.getByRole('button', { name: 'Search' }).click();
  const boss = page.getByRole('row', { name: /superAdmin/ }).first();
  await expect(boss).toBeVisible();
  expect(await rowActionNames(boss)).toEqual(['Show']);
  // Another account keeps its buttons.
  await page.getByTestId('filter-form').getByLabel('Account').fill('merchant');
  await page.getByRole('button', { name: 'Search' }).click();
  const merchant = page.getByRole('row', { name: /\bmerchant\b/ }).first();
  expect(await rowActionNames(merchant)).toEqual(expect.arrayContaining(['Edit', 'Delete', 'Reset payment password']));
});
