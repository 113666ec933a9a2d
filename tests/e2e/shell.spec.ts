import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

const SHOTS = 'test-results/shell-shots';

/** Signs in through the API and sets the token cookie: these tests are about the shell, not the login form. */
async function signIn(page: Page, account = 'admin'): Promise<void> {
  const response = await page.request.post('/v1.0/user/login', { data: { userName: account, password: DEMO_PASSWORD } });
  const { data } = await response.json();
  await page.context().addCookies([{ name: 'token', value: data.token, url: test.info().project.use.baseURL! }]);
}

const tag = (page: Page, key: string) => page.locator(`[data-testid="tag"][data-key="${key}"]`);
const tagKeys = (page: Page) => page.getByTestId('tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
const activeKey = (page: Page) => page.locator('[data-testid="tag"][data-active="true"]').getAttribute('data-key');

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(tag(page, path)).toHaveAttribute('data-active', 'true');
}

async function pickLanguage(page: Page, label: string): Promise<void> {
  await page.getByTestId('language-switch').hover();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.getByTestId('language-switch')).toHaveText(label);
}

test('tag bar: close others from a right-click, close the active tag, tags survive a reload, home stays', async ({ page }) => {
  await signIn(page);
  const five = ['/messages', '/error-logs', '/messages?tab=readed', '/messages?tab=trash', '/error-logs?view=all'];
  for (const path of five) await openPage(page, path);
  expect(await tagKeys(page)).toEqual(['/home', ...five]);

  // The right-click menu acts on the tag clicked (the third opened), not on the current page.
  await tag(page, five[2]).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect.poll(() => tagKeys(page)).toEqual(['/home', five[2]]);
  await expect(page).toHaveURL(/\/messages\?tab=readed$/);

  await openPage(page, '/error-logs');
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(tag(page, '/messages')).toHaveAttribute('data-active', 'true');
  expect(await tagKeys(page)).toEqual(['/home', five[2], '/error-logs', '/messages']);

  // Closing the active tag activates its right neighbour...
  await tag(page, five[2]).click();
  await expect(page).toHaveURL(/tab=readed$/);
  await tag(page, five[2]).getByTestId('tag-close').click();
  await expect(page).toHaveURL(/\/error-logs$/);
  expect(await activeKey(page)).toBe('/error-logs');
  // ...or its left one when it was last.
  await tag(page, '/messages').click();
  await tag(page, '/messages').getByTestId('tag-close').click();
  await expect(page).toHaveURL(/\/error-logs$/);
  expect(await tagKeys(page)).toEqual(['/home', '/error-logs']);

  await page.reload();
  await expect(tag(page, '/error-logs')).toHaveAttribute('data-active', 'true');
  expect(await tagKeys(page)).toEqual(['/home', '/error-logs']);

  // Home cannot be closed: no close button, "Close" disabled in its menu, and close all keeps it.
  await expect(tag(page, '/home').getByTestId('tag-close')).toHaveCount(0);
  await tag(page, '/home').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('content').click({ position: { x: 8, y: 8 } });
  await expect(page.getByRole('menuitem', { name: 'Close others' }).filter({ visible: true })).toHaveCount(0);
  await page.getByTestId('tag-actions').click();
  await page.getByRole('menuitem', { name: 'Close all' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await tagKeys(page)).toEqual(['/home']);
});

test('language switch re-labels menu, breadcrumbs and tags at once and is remembered', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/messages');
  const menu = page.getByTestId('side-menu');
  const crumbs = page.getByTestId('breadcrumbs');

  // System management holds account management; with a single visible screen it would show as that screen.
  const expectLabels = async (home: string, system: RegExp, messages: string) => {
    await expect(menu.getByRole('menuitem', { name: home })).toBeVisible();
    await expect(menu.getByText(system)).toBeVisible();
    await expect(crumbs).toContainText(home);
    await expect(crumbs).toContainText(messages);
    await expect(tag(page, '/messages')).toHaveText(messages);
    await expect(tag(page, '/home')).toHaveText(home);
  };

  await pickLanguage(page, '简体中文');
  await expectLabels('首页', /^(系统管理|账号管理)$/, '消息中心');
  await pickLanguage(page, 'English');
  await expectLabels('Home', /^(System management|Account management)$/, 'Messages');
  await page.screenshot({ path: `${SHOTS}/en-US-expanded.png` });
  await pickLanguage(page, '繁體中文');
  await expectLabels('首頁', /^(系統管理|帳號管理)$/, '訊息中心');
  await page.screenshot({ path: `${SHOTS}/zh-TW-expanded.png` });

  await page.reload();
  await expectLabels('首頁', /^(系統管理|帳號管理)$/, '訊息中心');
  await pickLanguage(page, '简体中文');
  await page.screenshot({ path: `${SHOTS}/zh-CN-expanded.png` });
  await page.getByTestId('menu-toggle').click();
  await expect.poll(async () => (await page.getByTestId('sider').boundingBox())?.width).toBe(64);
  await page.screenshot({ path: `${SHOTS}/zh-CN-collapsed.png` });
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
  await page.screenshot({ path: `${SHOTS}/en-US-collapsed.png` });
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
  await page.screenshot({ path: `${SHOTS}/en-US-drawer.png` });
  const system = drawer.getByText('System management');
  if (await system.count()) await system.click();
  await drawer.getByRole('link', { name: 'Account management' }).click();
  await expect(page).toHaveURL(/\/setting\/users/);
  await expect(drawer).toBeHidden();
});

test('an uncaught error and an unhandled rejection reach the error log and the server', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/v1.0/save_error_logger'));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Shell e2e boom');
    }, 0);
  });
  expect((await (await saved).json()).code).toBe(200);
  await page.evaluate(() => void Promise.reject(new Error('Shell e2e rejection')));
  await expect(page.getByTestId('error-log-count')).toContainText('2');

  await page.getByTestId('error-log-button').click();
  await expect(page).toHaveURL(/\/error-logs$/);
  const table = page.getByTestId('error-log-table');
  await expect(table).toContainText('Shell e2e boom');
  await expect(table).toContainText('Shell e2e rejection');
  await expect(table).toContainText('Script error');
  await page.screenshot({ path: `${SHOTS}/en-US-error-log.png` });
  await expect(page.getByTestId('error-log-count').locator('.ant-badge-count')).toHaveCount(0);
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
  await expect(page.getByTestId('message-dot').locator('.ant-badge-dot')).toBeVisible();
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

test('a screen whose chunk fails to load shows the chunk-load error with a retry that works', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('header')).toBeVisible();
  await page.route(/MessagesPage-[^/]*\.js$/, (route) => route.abort());
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await expect(page.getByTestId('error-log-count')).toContainText('1');
  await page.screenshot({ path: `${SHOTS}/en-US-chunk-error.png` });
  await page.unroute(/MessagesPage-[^/]*\.js$/);
  await page.getByTestId('chunk-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('messages-tab-unread')).toBeVisible();
});

test('a long tag bar scrolls with the arrows and the wheel, and keeps the active tag in view', async ({ page }) => {
  await signIn(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const info = await (await page.request.post('/v1.0/user/getInfo', { headers: { token }, data: {} })).json();
  const keys = Array.from({ length: 24 }, (_, i) => `/messages?tab=unread&n=${i}`);
  const saved = { tags: [{ key: '/home', name: 'home' }, ...keys.map((key) => ({ key, name: 'messages' }))], active: keys[23] };
  await page.addInitScript(([storageKey, value]) => localStorage.setItem(storageKey, value), [`shell.tags.${info.data.user_id}`, JSON.stringify(saved)]);
  await page.goto(keys[23]);

  const scroller = page.locator('.shell-tags-scroller');
  const inView = async (key: string) => {
    const bar = (await scroller.boundingBox())!;
    const box = (await tag(page, key).boundingBox())!;
    return box.x >= bar.x - 1 && box.x + box.width <= bar.x + bar.width + 1;
  };
  await expect.poll(() => inView(keys[23])).toBe(true);
  expect(await inView('/home')).toBe(false);
  await page.screenshot({ path: `${SHOTS}/en-US-long-tags.png` });

  const scrollLeft = () => scroller.evaluate((el) => el.scrollLeft);
  const before = await scrollLeft();
  await page.getByRole('button', { name: 'Scroll left' }).click();
  await expect.poll(scrollLeft).toBeLessThan(before);
  const afterArrow = await scrollLeft();
  await scroller.hover();
  await page.mouse.wheel(0, -400);
  await expect.poll(scrollLeft).toBeLessThan(afterArrow);

  // Activating a tag far away brings it into view.
  await tag(page, keys[23]).scrollIntoViewIfNeeded();
  await tag(page, keys[23]).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close all' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => inView('/home')).toBe(true);
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
