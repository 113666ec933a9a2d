/**
 * Sessions and permissions in the browser: the route guard, each role's menu, the second-login
 * window, force logout from the online-users screen, and the Google binding page.
 */
import { expect, test } from '@playwright/test';
import { ROLES, type Role } from '../../providers/roles';
import { codeAt } from '../../server/security/totp';
import { apiLogin, apiLogin2, call, createUser, PASSWORD } from './data';
import { DEMO_PASSWORD, login, menuLinks, rowAction } from './helpers';

const SHOTS = 'test-results/e2e-sessions-shots';

/**
 * The menu each demo role must see, written out by hand (not derived from abilities.ts, so the code
 * is checked against the intended menus, not against itself), for the screens that exist so far.
 * The system-management screens (bank numbers, accounts, user products, name blacklist) are for
 * superAdmin and admin (admin test orders too); online users and the order profile for superAdmin only. A new screen adds its path here, for the roles it is for.
 */
const CHANNELS = ['/internationalCardToCard', '/indiaAutoPayout', '/razorpayPayProxy', '/uSDTFloating', '/uSDTPayProxy'];
/** The order analysis screens; each has a customer-service variant at `<path>/customerService`. */
const ORDER_ANALYSIS = ['/orderAnalysis/order-analysis-list', '/orderAnalysis/order-analysis-list/source', '/orderAnalysis/ip-analysis-list', '/orderAnalysis/fronzen-ip-list'];
const STAFF = [
  '/home',
  '/merchants/list',
  '/supplier/list',
  ...CHANNELS.map((c) => `${c}/list-admin`),
  '/kenya/list-admin',
  '/order/list',
  '/orderCallback',
  '/payProxyOrder/pool',
  '/payProxyOrder/list',
  '/payoutBatch/list',
  '/monitorLog/monitorLog',
  '/fundRecord/fundRecordAdmin',
  '/profile/list',
  '/setting/users',
  '/systemManager/bankNumber',
  '/userProduct',
  '/order/testAdminOrder',
  '/systemManager/nameBlackList',
  ...ORDER_ANALYSIS,
  '/order/statistics',
  '/order/statisticsByMerhcantV2',
  '/payProxyOrder/statistics',
  '/payProxyOrder/statisticsByMerchant',
  '/bankStatement/webMessageRecord-admin',
  '/bankStatement/usdtTransactionRecord-admin',
  '/systemManager/ingestClients',
  // Bot settings.
  '/systemManager/bot/chatWhitelist',
  '/systemManager/bot/botGroup',
  '/systemManager/bot/transferBot',
  '/systemManager/bot/fundRecord',
];
/** Bot settings read by customer service and technical maintenance. */
const BOTS_READONLY = ['/systemManager/bot/chatWhitelist/readonly', '/systemManager/bot/botGroup/readonly', '/systemManager/bot/transferBot/readonly', '/systemManager/bot/fundRecord'];
const CUSTOMER_SERVICE = [
  '/home',
  '/merchants/list/customerService',
  '/supplier/list/customerService',
  ...CHANNELS.map((c) => `${c}/list-admin/customerService`),
  '/kenya/list-admin/customerService',
  '/order/list/customerService',
  '/orderCallback/customerService',
  '/payProxyOrder/pool/customerService',
  '/payProxyOrder/list/customerService',
  '/payoutBatch/list/customerService',
  '/monitorLog/monitorLog/customerService',
  '/fundRecord/fundRecordAdmin/customerService',
  '/profile/list/customerService',
  ...ORDER_ANALYSIS.map((path) => `${path}/customerService`),
  '/order/statistics/customerService',
  '/order/statisticsByMerhcantV2/customerService',
  '/payProxyOrder/statistics/customerService',
  '/payProxyOrder/statisticsByMerchant/customerService',
  '/bankStatement/webMessageRecord-admin/customerService',
  '/bankStatement/usdtTransactionRecord-admin/customerService',
];
/** System management that superAdmin and admin share: maintenance, the audit log, IP rules, the review to-dos. */
const SYSTEM_ADMIN = ['/systemConfig-admin', '/auditRecord/auditRecord', '/systemManager/ipRule', '/todoItems/mine'];
/** The versioned scripts and the pay scripts' call records. */
const SCRIPTS = ['payScript', 'dynamicPayRecord', 'monitorScript'];
const EXPECTED_MENU: Record<Role, string[]> = {
  // Risk control is superAdmin's alone.
  superAdmin: [...STAFF, '/order/profile', '/orderCallbackDetail', '/setting/logged-user-list', '/payProxyOrder/risk-control/detection-records', '/payProxyOrder/risk-control/blacklist', '/bankStatement/list-sa', '/securityNodes/list', '/securityNodes/security-patch-list', '/payGatewayConfig', '/messageTemplate', ...SYSTEM_ADMIN, '/orderClearHistory', '/systemConfig', ...SCRIPTS.map((p) => `/systemManager/${p}`), '/systemManager/entityView'],
  admin: [...STAFF, '/bankStatement/list', ...SYSTEM_ADMIN],
  supplier: ['/home', '/supplier-proxy', ...CHANNELS.map((c) => `${c}/list`), '/order/list/supplier', '/order/list/supplierProxy', '/payProxyOrder/pool', '/payProxyOrder/list/supplier', '/payProxyOrder/list/supplierProxy', '/payoutBatch/list', '/fundRecord/fundRecord', '/profile/list', '/order/statistics/supplierV2', '/payProxyOrder/statistics/supplier', '/bankStatement/list', '/supplier-proxy/ipWhitelist', '/todoItems/initiated'],
  merchant: ['/home', '/order/list/merchant', '/order/test/merchant', '/payProxyOrder/list/merchant', '/fundRecord/fundRecord', '/profile/list', '/order/statistics/merchant', '/payProxyOrder/statistics/merchant'],
  // Customer service adds names to the blacklist; technical maintenance reads it on its own screen.
  customerService: [...CUSTOMER_SERVICE, '/systemManager/nameBlackList', ...BOTS_READONLY],
  technicalMaintenance: [...CUSTOMER_SERVICE, '/orderCallbackDetail/readonly', '/systemManager/nameBlackList/readonly', ...BOTS_READONLY, '/payGatewayConfig/readonly', '/messageTemplate/readonly', '/orderClearHistory/readonly', '/systemConfig/readonly', ...SCRIPTS.map((p) => `/systemManager/${p}/readonly`), '/systemManager/entityView', '/systemManager/ipRule/readonly'],
  // technicalSupport's own system management holds the dynamic pay branch.
  technicalSupport: ['/home', '/supplier/list', '/dynamicPay/payScriptInfo', '/dynamicPay/dynamicPayRecord'],
};

test('each role sees exactly its menu', async ({ page }) => {
  // Seven sign-ins, each opening every menu group (system management nests several): minutes on a loaded machine.
  test.setTimeout(300_000);
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
  const merchant = await createUser(page.request, await apiLogin(page.request, 'admin'), 'merchant');
  await login(page, 'admin');
  await page.goto('/setting/users');
  await page.getByTestId('filter-form').getByLabel('Account').fill(merchant.account);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(merchant.account) });
  await rowAction(row, 'Reset payment password');
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
  await expect(page.getByText('Reset Successful')).toBeVisible();
});

test('a user forced out from the online-users screen is sent to login', async ({ browser }) => {
  const bossContext = await browser.newContext();
  const boss = await bossContext.newPage();
  const victimUser = await createUser(boss.request, await apiLogin(boss.request, 'superAdmin'), 'technicalMaintenance', 'tm');

  const victimContext = await browser.newContext();
  const victim = await victimContext.newPage();
  await login(victim, victimUser.account, PASSWORD);

  await login(boss, 'superAdmin');
  await boss.goto('/setting/logged-user-list');
  await expect(boss.getByText('Online users', { exact: true }).first()).toBeVisible();
  const table = boss.getByTestId('online-users');
  const victimRow = table.getByRole('row', { name: new RegExp(victimUser.account) });
  await expect(victimRow).toBeVisible();
  await expect(victimRow).toContainText(victimUser.nickname);
  await expect(victimRow).toContainText('Technical maintenance');
  await expect(table.getByText('This session')).toBeVisible();
  await boss.screenshot({ path: `${SHOTS}/online-users-en-US.png`, fullPage: true });

  await boss.getByTestId(`force-logout-${victimUser.account}`).click();
  await expect(boss.getByText('Force this user offline?')).toBeVisible();
  await boss.getByRole('button', { name: 'Force logout' }).last().click();
  await expect(boss.getByText(`${victimUser.account} was signed out`)).toBeVisible();
  await expect(victimRow).toHaveCount(0);

  // The victim's next call answers 1003: the admin clears the token and shows the login page.
  await victim.goto('/messages');
  await expect(victim).toHaveURL(/\/login(\?.*)?$/);
  await expect(victim.getByTestId('login-expired')).toHaveText('Your login has expired. Please log in again.');
  await victimContext.close();

  await boss.getByTestId('language-switch').click();
  await boss.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(boss.getByText('在线用户').first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '账号' })).toBeVisible();
  await expect(table.getByText('当前会话')).toBeVisible();
  await boss.screenshot({ path: `${SHOTS}/online-users-zh-CN.png`, fullPage: true });
  await bossContext.close();
});

test('an account with verification switched on binds Google Authenticator at its next login', async ({ page }) => {
  // superAdmin makes an account and switches verification on for it through the API.
  const token = await apiLogin(page.request, 'superAdmin');
  const user = await createUser(page.request, token, 'technicalSupport', 'ts');
  await call(page.request, await apiLogin2(page.request, token), 'POST', '/user/enableGoogleVerify', { userId: user.id, enableGoogleVerify: true });

  await page.goto('/login');
  await page.getByLabel('User name').fill(user.account);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/googleVerify$/);
  await expect(page.getByText('Bind Google Authenticator').first()).toBeVisible();
  await expect(page.getByTestId('google-qr')).toBeVisible();
  await expect(page.getByTestId('google-secret')).toContainText(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: `${SHOTS}/google-verify-en-US.png`, fullPage: true });

  await page.getByLabel('3. Enter the code from the app').fill('000000');
  await page.getByRole('button', { name: 'Confirm binding' }).click();
  await expect(page.getByTestId('google-verify-error')).toContainText('Google code verification failed');

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByText('绑定谷歌验证器').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '确认绑定' })).toBeVisible();
  await expect(page.getByTestId('google-qr')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/google-verify-zh-CN.png`, fullPage: true });

  // The code the authenticator app would show confirms the binding and opens the shell.
  const secret = (await page.getByTestId('google-secret').innerText()).trim();
  await page.locator('input#googleCode').fill(codeAt(secret));
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-welcome')).toBeVisible();
});
