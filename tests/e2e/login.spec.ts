import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, logout } from './helpers';

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

const SHOTS = 'test-results/e2e-login-shots';

test('the login form is drawn, labelled and in the browser language, before any script runs', async ({ browser }) => {
  const LABELS = {
    'en-US': { user: 'User name', password: 'Password', code: 'Google code', button: 'Log in', title: 'Payment Admin', noScript: /needs JavaScript/ },
    'zh-CN': { user: '用户名', password: '密码', code: '谷歌验证码', button: '登录', title: '支付管理后台', noScript: /需要 JavaScript/ },
  } as const;
  for (const [locale, text] of Object.entries(LABELS)) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale });
    const page = await context.newPage();
    // A screen asked for without a session gets the same form.
    for (const path of ['/login', '/order/list']) {
      await page.goto(path);
      await expect(page).toHaveTitle(text.title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      for (const label of [text.user, text.password, text.code]) await expect(page.getByLabel(label, { exact: true })).toBeEditable();
      await expect(page.getByLabel(text.password, { exact: true })).toHaveAttribute('type', 'password');
      // It cannot be sent without its script (which never puts a password in an address), and says why.
      await expect(page.getByRole('button', { name: text.button })).toBeDisabled();
      await expect(page.getByText(text.noScript)).toBeVisible();
    }
    await page.getByLabel(text.user, { exact: true }).fill('admin');
    await page.screenshot({ path: `${SHOTS}/login-no-script-${locale}.png` });
    await context.close();
  }
});

test('what is typed before the script runs stays, with the focus, and the login then works', async ({ page }) => {
  // The page's scripts are held back until the user has typed.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const user = page.getByLabel('User name');
  const password = page.getByLabel('Password');
  const button = page.getByRole('button', { name: 'Log in' });
  await user.fill('admin');
  await password.click();
  await password.pressSequentially(DEMO_PASSWORD);
  // Enter before the script does nothing: the page stays, what was typed too.
  await password.press('Enter');
  await expect(button).toBeDisabled();
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: `${SHOTS}/login-typed-before-script.png` });

  release();
  await expect(button).toBeEnabled();
  await expect(user).toHaveValue('admin');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await expect(password).toBeFocused();
  await password.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('an empty field says so, announced, and the page can switch language before signing in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your user name' })).toBeVisible();
  await expect(page.getByLabel('User name')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/login-required-en-US.png` });
  await page.getByLabel('Language').selectOption('zh-TW');
  await expect(page.getByRole('alert').filter({ hasText: '請輸入用戶名' })).toBeVisible();
  await page.getByLabel('用戶名').fill('admin');
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The app opens in the language picked on the login page.
  await expect(page.getByTestId('language-switch')).toHaveText('繁體中文');
});
