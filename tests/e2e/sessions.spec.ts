/**
 * Sessions and permissions in the browser: the route guard, each role's menu, the second-login
 * window, force logout from the online-users screen, and the Google binding page.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLES, type Role } from '../../providers/roles';
import { codeAt } from '../../server/security/totp';
import { DEMO_PASSWORD, login } from './helpers';

const SHOTS = 'test-results/e2e-sessions-shots';

/**
 * The menu each demo role must see, written out from spec section 2 (not derived from abilities.ts,
 * so the code is checked against the spec, not against itself), for the screens that exist so far.
 * Where section 2 names a system-management screen without its roles (bank numbers, accounts, user
 * products) the entry follows the choice recorded in providers/abilities.ts: superAdmin and admin.
 * A new screen adds its path here, for the roles section 2 gives it.
 */
const CHANNELS = ['/internationalCardToCard', '/indiaAutoPayout', '/razorpayPayProxy', '/uSDTFloating', '/uSDTPayProxy'];
const STAFF = [
  '/home',
  '/merchants/list',
  '/supplier/list',
  ...CHANNELS.map((c) => `${c}/list-admin`),
  '/kenya/list-admin',
  '/profile/list',
  '/setting/users',
  '/systemManager/bankNumber',
  '/userProduct',
];
const CUSTOMER_SERVICE = [
  '/home',
  '/merchants/list/customerService',
  '/supplier/list/customerService',
  ...CHANNELS.map((c) => `${c}/list-admin/customerService`),
  '/kenya/list-admin/customerService',
  '/profile/list/customerService',
];
const EXPECTED_MENU: Record<Role, string[]> = {
  superAdmin: [...STAFF, '/setting/logged-user-list'],
  admin: STAFF,
  supplier: ['/home', '/supplier-proxy', ...CHANNELS.map((c) => `${c}/list`), '/profile/list'],
  merchant: ['/home', '/profile/list'],
  customerService: CUSTOMER_SERVICE,
  technicalMaintenance: CUSTOMER_SERVICE,
  technicalSupport: ['/home', '/supplier/list'],
};

/** Opens every group of the side menu and returns the links it shows. */
async function menuLinks(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  for (let round = 0; round < 30; round++) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

test('each role sees exactly its menu of spec section 2', async ({ page }) => {
  for (const role of ROLES) {
    await login(page, role);
    expect(await menuLinks(page), role).toEqual([...EXPECTED_MENU[role]].sort());
    await page.context().clearCookies();
  }
});

test('a forbidden URL typed by hand lands on /401, an unknown one on the 404 page', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/setting/logged-user-list');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page).toHaveTitle(/Payment Admin/);
  await page.goto('/no/such/screen');
  await expect(page.getByText('Page does not exist')).toBeVisible();
  await page.context().clearCookies();

  await login(page, 'merchant');
  await page.goto('/setting/users');
  await expect(page).toHaveURL(/\/401$/);
  // The error pages are public.
  await page.context().clearCookies();
  for (const status of ['401', '404', '500']) {
    await page.goto(`/${status}`);
    await expect(page).toHaveURL(new RegExp(`/${status}$`));
  }
});

test('a second-level action opens the second-login window and completes after it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/setting/users');
  const row = page.getByRole('row', { name: /\bmerchant\b/ }).first();
  await row.getByRole('button', { name: 'Reset payment password' }).click();
  await page.getByRole('button', { name: 'OK' }).click();

  const dialog = page.getByRole('dialog', { name: 'Second-level password' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('A second-level password is required for this action');
  // A wrong password keeps the window open with the server's message.
  await dialog.getByLabel('Second-level password').fill('wrong-password1');
  await dialog.getByLabel('Reason').fill('merchant forgot the pay password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('Login failed: Wrong user name or password');
  await dialog.getByLabel('Second-level password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Operation Successful')).toBeVisible();
});

test('a user forced out from the online-users screen is sent to login', async ({ browser }) => {
  const victimContext = await browser.newContext();
  const victim = await victimContext.newPage();
  await login(victim, 'technicalMaintenance');

  const bossContext = await browser.newContext();
  const boss = await bossContext.newPage();
  await login(boss, 'superAdmin');
  await boss.goto('/setting/logged-user-list');
  const table = boss.getByTestId('online-users');
  await expect(table.getByRole('row', { name: /technicalMaintenance/ }).first()).toBeVisible();
  await expect(table.getByText('This session')).toBeVisible();
  await boss.screenshot({ path: `${SHOTS}/online-users-en-US.png`, fullPage: true });

  await boss.getByTestId('force-logout-technicalMaintenance').first().click();
  await expect(boss.getByText('Force this user offline?')).toBeVisible();
  await boss.getByRole('button', { name: 'Force logout' }).last().click();
  await expect(boss.getByText('technicalMaintenance was signed out')).toBeVisible();

  // The victim's next call answers 1003: the admin clears the token and shows the login page.
  await victim.goto('/messages');
  await expect(victim).toHaveURL(/\/login(\?.*)?$/);
  await victimContext.close();

  await boss.getByTestId('language-switch').click();
  await boss.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(boss.getByText('在线用户').first()).toBeVisible();
  await boss.screenshot({ path: `${SHOTS}/online-users-zh-CN.png`, fullPage: true });
  await bossContext.close();
});

test('an account with verification switched on binds Google Authenticator at its next login', async ({ page, request }) => {
  // superAdmin switches verification on for technicalSupport through the API.
  const signIn = await request.post('/v1.0/user/login', { data: { userName: 'superAdmin', password: DEMO_PASSWORD } });
  const token = (await signIn.json()).data.token as string;
  const list = await request.get('/v1.0/admin/getUserList', { headers: { token }, params: { pageIndex: 1, pageNum: 50, account: 'technicalSupport' } });
  const user = (await list.json()).data.list.find((u: { account: string }) => u.account === 'technicalSupport');
  const enabled = await request.post('/v1.0/user/enableGoogleVerify', { headers: { token }, data: { userId: user.id, enableGoogleVerify: true } });
  expect((await enabled.json()).code).toBe(200);
  try {
    await page.goto('/login');
    await page.getByLabel('User name').fill('technicalSupport');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/googleVerify$/);
    await expect(page.getByTestId('google-qr')).toBeVisible();
    await expect(page.getByTestId('google-secret')).toContainText(/^[A-Z2-7]{16,}$/);
    await page.screenshot({ path: `${SHOTS}/google-verify-en-US.png`, fullPage: true });

    await page.getByLabel('3. Enter the code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm binding' }).click();
    await expect(page.getByTestId('google-verify-error')).toContainText('Google code verification failed');

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByText('绑定谷歌验证器').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/google-verify-zh-CN.png`, fullPage: true });

    // The code the authenticator app would show confirms the binding and opens the shell.
    const secret = (await page.getByTestId('google-secret').innerText()).trim();
    await page.locator('input#googleCode').fill(codeAt(secret));
    await page.getByRole('button', { name: '确认绑定' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
  } finally {
    // Switch it off and drop the binding, even after a failure, so other tests log in without a code.
    await request.post('/v1.0/user/enableGoogleVerify', { headers: { token }, data: { userId: user.id, enableGoogleVerify: false } });
    await request.post('/v1.0/user/unbind', { headers: { token }, data: { userAccount: 'technicalSupport' } });
  }
});
