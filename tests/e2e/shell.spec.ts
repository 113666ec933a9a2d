import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { goInPlace, openPage, pickLanguage, SHOTS, signIn, tag } from './shell-helpers';

/** What the shell shows an admin on /merchants/list with messages and accounts also open, per language. */
const LABELS = {
  'en-US': {
    switch: 'English',
    menu: ['Home', 'Merchants', 'Suppliers', 'Receiving accounts', 'USDT channel', 'Kenya accounts', 'Collection orders', 'Transaction records', 'Order analysis', 'Payout orders', 'Order statistics', 'Fund records (admin)', 'Monitor log', 'Profile', 'System management'],
    crumbs: ['Home', 'Merchants'],
    tags: ['Home', 'Messages', 'Account management', 'Merchants'],
  },
  'zh-CN': {
    switch: '简体中文',
    menu: ['首页', '商户列表', '码商列表', '收款账户', 'USDT 通道', '肯尼亚账户', '代收订单', '交易记录', '订单分析', '代付订单', '订单统计', '资金记录（管理员）', '监控日志', '个人资料', '系统管理'],
    crumbs: ['首页', '商户列表'],
    tags: ['首页', '消息中心', '账号管理', '商户列表'],
  },
  'zh-TW': {
    switch: '繁體中文',
    menu: ['首頁', '商戶列表', '碼商列表', '收款帳戶', 'USDT 通道', '肯亞帳戶', '代收訂單', '交易記錄', '訂單分析', '代付訂單', '訂單統計', '資金記錄（管理員）', '監控日誌', '個人資料', '系統管理'],
    crumbs: ['首頁', '商戶列表'],
    tags: ['首頁', '訊息中心', '帳號管理', '商戶列表'],
  },
};
type Lang = keyof typeof LABELS;

async function expectLabels(page: Page, lang: Lang): Promise<void> {
  const { menu, crumbs, tags } = LABELS[lang];
  await expect(page.locator('[data-testid="side-menu"] > li')).toHaveText(menu);
  await expect(page.getByTestId('breadcrumbs').locator('.shell-breadcrumbs-link')).toHaveText(crumbs);
  await expect(page.getByTestId('tag')).toHaveText(tags);
}

/** Screenshots of the shell expanded and collapsed (the collapsed menu shows icons only). */
async function shoot(page: Page, lang: Lang): Promise<void> {
  const sider = page.getByTestId('sider');
  await page.screenshot({ path: `${SHOTS}/${lang}-expanded.png` });
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
  // Collapsed, the brand shows only its initial; breadcrumbs and tags keep their labels.
  await expect(page.getByTestId('brand')).toHaveText(/^.$/);
  await expect(page.getByTestId('breadcrumbs').locator('.shell-breadcrumbs-link')).toHaveText(LABELS[lang].crumbs);
  await expect(page.getByTestId('tag')).toHaveText(LABELS[lang].tags);
  await page.screenshot({ path: `${SHOTS}/${lang}-collapsed.png` });
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);
}

test('language switch re-labels menu, breadcrumbs and tags at once and is remembered', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/messages');
  await openPage(page, '/setting/users');
  await openPage(page, '/merchants/list');

  await expectLabels(page, 'en-US');
  await shoot(page, 'en-US');
  await pickLanguage(page, LABELS['zh-TW'].switch);
  await expectLabels(page, 'zh-TW');
  await shoot(page, 'zh-TW');

  await page.reload();
  await expectLabels(page, 'zh-TW');
  await pickLanguage(page, LABELS['zh-CN'].switch);
  await expectLabels(page, 'zh-CN');
  await shoot(page, 'zh-CN');
});

test('the menu collapses to 64 px and stays collapsed; below 992 px it is a drawer', async ({ page }) => {
  await signIn(page, 'superAdmin');
  await page.goto('/home');
  const sider = page.getByTestId('sider');
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
  await page.reload();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  // Collapsed, an item shows its title as a tooltip and a group opens as a pop-out.
  await page.getByTestId('side-menu').getByRole('menuitem').first().hover();
  await expect(page.getByRole('tooltip')).toHaveText('Home');
  await page.getByTestId('side-menu').locator('.ant-menu-submenu').last().hover();
  await expect(page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);

  await page.setViewportSize({ width: 800, height: 700 });
  await expect(sider).toHaveCount(0);
  await page.getByTestId('menu-toggle').click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(drawer.getByText('System management')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-US-drawer.png` });
  const system = drawer.getByText('System management');
  if (await system.count()) await system.click();
  await drawer.getByRole('link', { name: 'Account management' }).click();
  await expect(page).toHaveURL(/\/setting\/users/);
  await expect(drawer).toBeHidden();
});

test('an error thrown in a screen and an unhandled rejection reach the error log and the server records', async ({ page }) => {
  const token = await signIn(page);
  // A broken server answer (a list missing) makes the messages screen throw while it renders.
  await page.route('**/v1.0/message/init', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, readed: null } } });
  });
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  const saved = () => page.waitForResponse((r) => r.url().includes('/v1.0/save_error_logger'));
  const renderSaved = saved();
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(page.getByTestId('render-error')).toBeVisible();
  // Only the screen failed: the shell around it still works.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect((await (await renderSaved).json()).code).toBe(200);
  const rejectionSaved = saved();
  await page.evaluate(() => void Promise.reject(new Error('Shell e2e rejection')));
  expect((await (await rejectionSaved).json()).code).toBe(200);

  // The server stored both (read back through its list of the user's own records).
  const records = await (await page.request.get('/v1.0/errorLog/getList?pageIndex=1&pageSize=20', { headers: { token } })).json();
  expect(records.data.list).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'render', message: expect.stringMatching(/^TypeError: .*length/), url: expect.stringMatching(/\/messages$/) }),
      expect.objectContaining({ type: 'rejection', message: 'Error: Shell e2e rejection' }),
    ]),
  );

  await expect(page.getByTestId('error-log-count')).toContainText('2');
  await page.getByTestId('error-log-button').click();
  await expect(page).toHaveURL(/\/error-logs$/);
  const table = page.getByTestId('error-log-table');
  await expect(table).toContainText('TypeError');
  await expect(table).toContainText('Shell e2e rejection');
  await expect(page.getByTestId('error-log-count').locator('.header-badge-count')).toHaveCount(0);
  await page.getByTestId('error-log-tab-server').click();
  await expect(page.getByTestId('server-error-log-table')).toContainText('Shell e2e rejection');
  await expect(page.getByTestId('server-error-log-table')).toContainText('Render error');
  await page.screenshot({ path: `${SHOTS}/en-US-error-log.png` });
  // Switching the view keeps one error-log tag, which follows it.
  await expect(tag(page, '/error-logs')).toHaveAttribute('data-active', 'true');
  await expect(page.locator('[data-testid="tag"][data-key^="/error-logs"]')).toHaveCount(1);
});

test('messages: reading one drops the unread count in the page and the header; remove and restore', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/messages');
  const items = (list: string) => page.getByTestId(`messages-${list}`).getByTestId('message-item');
  // Counts are read from the page, so the test holds on a database other tests have used.
  await expect(items('unread').first()).toBeVisible();
  const unread = await items('unread').count();
  const unreadTab = page.getByTestId('messages-tab-unread');
  await expect(unreadTab).toContainText(String(unread));
  await expect(page.getByTestId('message-dot').locator('.header-badge-dot')).toBeVisible();
  const title = (await items('unread').first().locator('.ant-list-item-meta-title').innerText()).trim();
  await items('unread').first().click();
  await expect(page.getByTestId('message-content')).toContainText(title);
  await expect(items('unread')).toHaveCount(unread - 1);
  await expect(unreadTab).toContainText(String(unread - 1));
  await page.getByTestId('user-menu').hover();
  await expect(page.getByTestId('message-count')).toContainText(unread > 1 ? String(unread - 1) : '');

  await page.getByTestId('messages-tab-readed').click();
  await expect(page).toHaveURL(/tab=readed/);
  const trashTab = page.getByTestId('messages-tab-trash');
  const trash = Number((await trashTab.innerText()).replace(/\D/g, ''));
  await items('readed').first().getByTestId('message-remove_readed').click();
  await expect(trashTab).toContainText(String(trash + 1));
  await trashTab.click();
  await items('trash').first().getByTestId('message-restore').click();
  await expect(trashTab).toContainText(String(trash));
});

test('content full screen hides menu and header until Escape; back-to-top on a long page', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  await page.getByTestId('content-fullscreen').click();
  await expect(page.getByTestId('header')).toHaveCount(0);
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('header')).toBeVisible();

  const content = page.getByTestId('content');
  await content.evaluate((el) => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    el.appendChild(filler);
    el.scrollTop = 2000;
  });
  await page.locator('.ant-float-btn').click();
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(0);
});

test('a part of the shell whose chunk fails to load is left out, and the admin works on', async ({ page }) => {
  await page.route(/(MenuDrawer|BackToTop)-[^/]*\.js$/, (route) => route.abort());
  await page.setViewportSize({ width: 800, height: 700 }); // the menu is a drawer below 992 px
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.locator('[data-testid="chunk-error"], [data-testid="render-error"]')).toHaveCount(0);
  await page.goto('/merchants/list');
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
});

test('a screen whose chunk fails to load shows the chunk-load error with a retry that works', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  await page.route(/MessagesPage-[^/]*\.js$/, (route) => route.abort());
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await expect(page.getByTestId('chunk-error')).toContainText('The page could not be loaded');
  await expect(page.getByTestId('chunk-error').getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByTestId('error-log-count')).toContainText('1');
  await page.mouse.move(640, 700);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/en-US-chunk-error.png` });
  await page.unroute(/MessagesPage-[^/]*\.js$/);
  await page.getByTestId('chunk-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('messages-tab-unread')).toBeVisible();
});

test('a screen opened in the app whose declaration fails to download shows the chunk-load error, and its retry loads it', async ({ page }) => {
  // The merchants' declaration is a chunk of its own: its file, from the build's manifest.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const declaration = `**/${manifest['resources/merchants/index.ts']!.file}`;
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  await page.route(declaration, (route) => route.abort());
  await goInPlace(page, '/merchants/list');
  // Not a spinner for ever: each try of the screen's render had asked for the declaration anew.
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await page.unroute(declaration);
  await page.getByTestId('chunk-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('chunk-error')).toHaveCount(0);
});

test('the system name shows in the menu only when the user info showLogo flag is on', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('brand')).toContainText('Payment Admin');
  await page.route('**/v1.0/user/getInfo', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, showLogo: false } } });
  });
  await page.reload();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('brand')).toHaveCount(0);
});
