import { expect, test } from '@playwright/test';
import { login, logout } from './helpers';

const ROLES = ['superAdmin', 'admin', 'supplier', 'merchant', 'customerService', 'technicalMaintenance', 'technicalSupport'];

test('every demo account logs in, lands on /home inside the shell, and logs out', async ({ page }) => {
  // Seven logins and logouts: minutes on a loaded machine.
  test.setTimeout(360_000);
  for (const role of ROLES) {
    await login(page, ` ${role} `);
    await expect(page.getByTestId('home-welcome')).toHaveText(`Welcome, ${role}`);
    await expect(page.getByTestId('sider')).toBeVisible();
    await logout(page);
    // The session is gone: the shell is not reachable any more.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
  }
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong user name or password');
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
});

test('without a token every screen goes to /login, and the root goes home after login', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  await login(page, 'admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle(/Payment Admin/);
});

test('an unknown path shows the page-does-not-exist screen', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByText('Page does not exist')).toBeVisible();
});
