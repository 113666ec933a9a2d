import { expect, test } from '@playwright/test';
import { createUser } from './data';
import { activeKey, openPage, SHOTS, signIn, tag, tagKeys } from './shell-helpers';

test('tag bar: five screens, menu entry of an open list, close others from a right-click, close the active tag, reload, home stays', async ({ page }) => {
  // Eight screens in one walk: on a loaded machine each first render alone can take seconds.
  test.setTimeout(240_000);
  await signIn(page, 'superAdmin');
  // A tag is the screen (its path): the query a list writes into its URL is only its view.
  const keys = ['/setting/users', '/setting/logged-user-list', '/merchants/list', '/supplier/list', '/profile/list'];
  for (const key of keys) await openPage(page, key);
  expect(await tagKeys(page)).toEqual(['/home', ...keys]);

  // The menu entry of a list already open with its query activates that tag: no dead bare-path tag.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Merchants', exact: true }).click();
  await expect.poll(() => activeKey(page)).toBe(keys[2]);
  expect(await tagKeys(page)).toEqual(['/home', ...keys]);
  await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toHaveText('Merchants');
  // The picture is of the list as the operator sees it: rows shown, not the screen still loading.
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-US-five-tags.png` });

  // The right-click menu acts on the tag clicked (the third opened), not on the current page.
  await tag(page, '/profile/list').click();
  await expect(page).toHaveURL(/\/profile\/list$/);
  await tag(page, keys[2]).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect.poll(() => tagKeys(page)).toEqual(['/home', keys[2]]);
  await expect(page).toHaveURL(/\/merchants\/list\?pageSize=20&currentPage=1$/);

  await openPage(page, '/error-logs');
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(tag(page, '/messages')).toHaveAttribute('data-active', 'true');
  expect(await tagKeys(page)).toEqual(['/home', keys[2], '/error-logs', '/messages']);

  // Closing the active tag activates its right neighbour...
  await tag(page, keys[2]).click();
  await expect(page).toHaveURL(/\/merchants\/list/);
  await tag(page, keys[2]).getByTestId('tag-close').click();
  await expect(page).toHaveURL(/\/error-logs$/);
  expect(await activeKey(page)).toBe('/error-logs');
  // ...or its left one when it was last.
  await tag(page, '/messages').click();
  // Closed once it shows, as a person would: a close racing the click's navigation acts on the old page.
  await expect(page).toHaveURL(/\/messages$/);
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

test('a screen the route guard refuses gets no tag, before or after a reload', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.goto('/merchants/list');
  await expect(page).toHaveURL(/\/401$/);
  await openPage(page, '/home');
  expect(await tagKeys(page)).toEqual(['/home']);
  await page.reload();
  await expect(tag(page, '/home')).toHaveAttribute('data-active', 'true');
  expect(await tagKeys(page)).toEqual(['/home']);
});

test('closing the tag of a form with unsaved input asks first; leaving it by the menu asks too', async ({ page }) => {
  const token = await signIn(page, 'superAdmin');
  const user = await createUser(page.request, token, 'customerService', 'cs');
  const key = `/setting/users/edit/${user.id}`;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openPage(page, key);
  const nickname = page.locator('#nickname');
  await expect(nickname).toHaveValue(user.nickname);
  await nickname.fill('Unsaved nickname');

  // Refine's notifier holds the page when the user goes elsewhere (dismissed here: the page stays).
  await tag(page, '/home').click();
  await expect.poll(() => dialogs.length).toBe(1);
  await expect(page).toHaveURL(new RegExp(`${key}$`));

  const confirm = page.locator('.ant-modal-confirm');
  await tag(page, key).getByTestId('tag-close').click();
  await expect(confirm).toContainText('Close this page?');
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/en-US-unsaved-confirm.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tag(page, key)).toHaveAttribute('data-active', 'true');
  await expect(nickname).toHaveValue('Unsaved nickname');

  await tag(page, key).getByTestId('tag-close').click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await tagKeys(page)).toEqual(['/home']);
  // Confirmed once in the tag bar: the notifier did not ask a second time.
  expect(dialogs).toHaveLength(1);
});

test('a long tag bar scrolls with the arrows and the wheel, and keeps the active tag in view', async ({ page }) => {
  const token = await signIn(page);
  const info = await (await page.request.post('/v1.0/user/getInfo', { headers: { token }, data: {} })).json();
  // 23 record tags (never opened here) and the message centre last.
  const keys = [...Array.from({ length: 23 }, (_, i) => `/messages/${i}`), '/messages'];
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
  await expect(tag(page, keys[23])).toHaveText('Messages');
  await expect(tag(page, keys[23])).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('messages-tab-unread')).toBeVisible();
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

test('tag bar by keyboard: one tab stop, arrows move, Enter opens, Delete closes, home stays', async ({ page }) => {
  await signIn(page, 'superAdmin');
  for (const key of ['/merchants/list', '/supplier/list']) await openPage(page, key);
  expect(await tagKeys(page)).toEqual(['/home', '/merchants/list', '/supplier/list']);

  // Only the active tag takes part in the Tab order; the others are reached with the arrows.
  await expect(tag(page, '/supplier/list')).toHaveAttribute('tabindex', '0');
  await expect(tag(page, '/home')).toHaveAttribute('tabindex', '-1');
  await tag(page, '/supplier/list').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tag(page, '/merchants/list')).toBeFocused();
  // Moving focus opens nothing; Enter does.
  await expect(page).toHaveURL(/\/supplier\/list/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/merchants\/list/);
  await expect(tag(page, '/merchants/list')).toHaveAttribute('data-active', 'true');

  // Arrows wrap around; Home and End reach the ends.
  await page.keyboard.press('ArrowRight');
  await expect(tag(page, '/supplier/list')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tag(page, '/home')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tag(page, '/supplier/list')).toBeFocused();

  // Delete closes the focused tag and leaves focus on its neighbour; home cannot be closed.
  await page.keyboard.press('Delete');
  await expect.poll(() => tagKeys(page)).toEqual(['/home', '/merchants/list']);
  await expect(tag(page, '/merchants/list')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Delete');
  expect(await tagKeys(page)).toEqual(['/home', '/merchants/list']);
});

test('a list behind another tag shows again as it was left: typed filter, rows, scroll; the menu opens it anew', async ({ page }) => {
  await signIn(page, 'superAdmin');
  await openPage(page, '/merchants/list');
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  // Typed, not searched: only the screen itself holds it.
  await page.getByLabel('Nickname').fill('Demo Shop');
  const content = page.getByTestId('content');
  await page.setViewportSize({ width: 1280, height: 420 });
  await content.evaluate((el) => el.scrollTo({ top: 120 }));
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const scrolled = await content.evaluate((el) => el.scrollTop);

  await page.getByTestId('side-menu').getByRole('link', { name: 'Suppliers', exact: true }).click();
  await expect(tag(page, '/supplier/list')).toHaveAttribute('data-active', 'true');
  await expect(rows.first()).toBeVisible();
  // A screen mounted anew starts at the top, whatever the one before was scrolled to.
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(0);
  // The hidden list reads nothing while another shows, and nothing when shown again.
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/merchant') && r.url().includes('List') && reads.push(r.url()));

  await tag(page, '/merchants/list').click();
  await expect(tag(page, '/merchants/list')).toHaveAttribute('data-active', 'true');
  await expect(page.getByLabel('Nickname')).toHaveValue('Demo Shop');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(scrolled);
  expect(reads).toEqual([]);

  // The menu opens the list at its own path: it mounts anew, its form empty.
  await tag(page, '/supplier/list').click();
  await expect(tag(page, '/supplier/list')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Merchants', exact: true }).click();
  await expect(tag(page, '/merchants/list')).toHaveAttribute('data-active', 'true');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByLabel('Nickname')).toHaveValue('');
});

test('the collection order list, a screen around the generic list, is kept behind its tag as the generic lists are', async ({ page }) => {
  await signIn(page, 'superAdmin');
  await openPage(page, '/order/list');
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  const orderCode = page.getByLabel('System order number');
  await orderCode.fill('P2026');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Merchants', exact: true }).click();
  await expect(tag(page, '/merchants/list')).toHaveAttribute('data-active', 'true');
  await expect(rows.first()).toBeVisible();
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/order/getList') && reads.push(r.url()));

  await tag(page, '/order/list').click();
  await expect(tag(page, '/order/list')).toHaveAttribute('data-active', 'true');
  // Typed and not searched: only the kept screen still holds it, and its rows were not read again.
  await expect(orderCode).toHaveValue('P2026');
  await expect(rows.first()).toBeVisible();
  expect(reads).toEqual([]);
});
