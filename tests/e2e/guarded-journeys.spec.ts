/**
 * Guarded actions from a cold session: each test logs in through the form, so the
 * browser holds no second-level token, and takes the action through its dialogs as an operator
 * would: the confirmation, then the second-level password window, whose button is clicked (it must
 * be on top: antd draws confirmations above other dialogs), each step saying whether it asks or not.
 * The result is checked on screen and through the API, and no step may leave an uncaught error, a
 * post to the error log or a lit error badge. Screenshots go to /tmp/shots-guarded/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiLogin2, call, createMember, PASSWORD } from './data';
import { answerSecondLogin, expectNoSecondLogin, login, secondLoginWindow, watchErrors } from './helpers';
import { placePayout } from './payout-data';
import { batchStateId } from '../../resources/payout-batches/states';
import { settingPath } from '../../resources/system-config/settings';
import { statusId } from '../../resources/orders/statuses';

const SHOTS = '/tmp/shots-guarded';

/** A batch of the pool (holding the payouts placed for it), made through the API; exported too when `exported`. */
async function batchOf(page: Page, exported: boolean): Promise<number> {
  await placePayout(page, 1, 'E2E-GUARD');
  await placePayout(page, 2, 'E2E-GUARD');
  const admin = await apiLogin2(page.request, await apiLogin(page.request, 'admin'));
  const batch = await call<{ id: number }>(page.request, admin, 'POST', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 500 });
  if (exported) {
    await call(page.request, admin, 'POST', '/payoutBatch/export', { id: batch.id });
    await expect.poll(async () => (await batchState(page, batch.id)), { timeout: 30_000 }).toBe(batchStateId('exported'));
  }
  return batch.id;
}

async function batchState(page: Page, id: number): Promise<number> {
  return (await call<{ state: number }>(page.request, await apiLogin(page.request, 'admin'), 'GET', '/payoutBatch/getDetail', { id })).state;
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('export of a created batch asks for the second-level password over the page, not under its confirmation; Download and Confirm then do not ask', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const id = await batchOf(page, false);
  await login(page, 'admin');
  const errors = watchErrors(page);
  await page.goto(`/payoutBatch/list/show/${id}`);
  await expect(page.getByTestId('batch-state')).toHaveText('Created');

  await page.getByRole('button', { name: 'Export' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(secondLoginWindow(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-export-asks-en-US.png` });
  await answerSecondLogin(page, 'bank run of the morning');
  await expect(page.getByTestId('export-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByTestId('batch-state')).toHaveText('Exported');
  expect(await batchState(page, id)).toBe(batchStateId('exported'));

  // The second-level login holds: the next steps do not ask again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expectNoSecondLogin(page, async () => page.getByText('File downloaded').first().isVisible());
  await page.getByRole('button', { name: /^check Confirm$/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expectNoSecondLogin(page, async () => (await page.getByTestId('batch-state').textContent()) === 'Confirmed');
  expect(await batchState(page, id)).toBe(batchStateId('confirmed'));
  await errors();
});

test('confirm of an exported batch asks for the second-level password first thing in the session, and confirms', async ({ page }) => {
  test.setTimeout(240_000);
  const id = await batchOf(page, true);
  await login(page, 'admin');
  const errors = watchErrors(page);
  await page.goto(`/payoutBatch/list/show/${id}`);
  await expect(page.getByTestId('batch-state')).toHaveText('Exported');
  await page.getByRole('button', { name: /^check Confirm$/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'bank confirmed the run');
  await expect(page.getByText('Batch Confirmation Successful')).toBeVisible();
  await expect(page.getByTestId('batch-state')).toHaveText('Confirmed');
  expect(await batchState(page, id)).toBe(batchStateId('confirmed'));
  await errors();
});

test('a second-level login that expired (1025) is asked for again, saying so, and the step goes on', async ({ page }) => {
  test.setTimeout(240_000);
  const id = await batchOf(page, false);
  await login(page, 'admin');
  const errors = watchErrors(page);
  // The server's own 1025 (an expired token2) is tested in tests/api/sessions.test.ts; here the
  // export's first answer is that 1025, as the server gives it once TOKEN2_MINUTES have passed.
  let answered = false;
  await page.route('**/v1.0/payoutBatch/export', async (route) => {
    if (answered) return route.continue();
    answered = true;
    await route.fulfill({ json: { code: 1025, data: null, msg: 'The second-level login has expired, please enter it again' } });
  });
  await page.goto(`/payoutBatch/list/show/${id}`);
  await page.getByRole('button', { name: 'Export' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'login ran out', { expired: true });
  await expect(page.getByTestId('batch-state')).toHaveText('Exported', { timeout: 30_000 });
  expect(await batchState(page, id)).toBe(batchStateId('exported'));
  await errors();
});

test('regenerate key from the row menu asks for the second-level password over the list, and the new key is the one in force', async ({ page }) => {
  const admin = await apiLogin(page.request, 'admin');
  const merchant = await createMember(page.request, admin, 'merchant');
  await login(page, 'admin');
  const errors = watchErrors(page);
  await page.goto(`/merchants/list?filters[0][field]=account&filters[0][operator]=contains&filters[0][value]=${merchant.account}`);
  const row = page.locator('tr', { hasText: merchant.account });
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Regenerate key' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'merchant lost its key');
  const shown = (await page.getByTestId('action-result').innerText()).trim();
  expect(shown).toMatch(/^[0-9a-f]{32}$/);
  const inForce = await call<string>(page.request, await apiLogin2(page.request, admin), 'GET', '/merchant/getMerchantKey', { id: merchant.id });
  expect(inForce).toBe(shown);
  await errors();
});

test("copy key asks for the second-level password and puts the key on the clipboard, for an admin and for the merchant itself", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await apiLogin(page.request, 'admin');
  const merchant = await createMember(page.request, admin, 'merchant');
  const key = await call<string>(page.request, await apiLogin2(page.request, admin), 'GET', '/merchant/getMerchantKey', { id: merchant.id });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await login(page, 'admin');
  const errors = watchErrors(page);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.goto(`/merchants/list?filters[0][field]=account&filters[0][operator]=contains&filters[0][value]=${merchant.account}`);
  await page.locator('tr', { hasText: merchant.account }).getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Copy key' }).click();
  await answerSecondLogin(page, 'send the merchant its key');
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await clipboard()).toBe(key);
  await expect(page.getByText(key)).toHaveCount(0);
  await errors();

  // The merchant copies its own key from its profile: asked for the second-level password too.
  await page.context().clearCookies();
  await login(page, merchant.account, PASSWORD);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.goto('/profile/list');
  await page.getByRole('button', { name: 'Copy key' }).click();
  await answerSecondLogin(page, 'set up the shop', { password: PASSWORD });
  await expect(page.getByText('Key copied to clipboard')).toBeVisible();
  expect(await clipboard()).toBe(key);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByTestId('merchant-key-masked')).toHaveText(`${key.slice(0, 4)}••••••${key.slice(-4)}`);
});

/** The supplier's confirmations held for staff (IsSupplierRemoveBalanceOnOrderFinished off, the default): the order codes of its to-do items. */
async function heldConfirmations(page: Page): Promise<string[]> {
  const items = await call<{ list: { kind: string; subject: string }[] }>(page.request, await apiLogin(page.request, 'admin'), 'GET', '/todoItems/getList', { pageIndex: 1, pageSize: 100 });
  return items.list.filter((i) => i.kind === 'orderConfirm').map((i) => i.subject);
}

/** A collection order of the demo supplier waiting for its confirmation, none asked for yet. */
async function pendingOrderOfSupplier(page: Page): Promise<string> {
  const supplier = await apiLogin(page.request, 'supplier');
  const list = await call<{ list: { orderCode: string; locked: boolean }[] }>(page.request, supplier, 'GET', '/order/getList', { pageIndex: 1, pageSize: 50, orderStatusId: statusId('pendingConfirmation') });
  const held = await heldConfirmations(page);
  const order = list.list.find((o) => !o.locked && !held.includes(o.orderCode));
  expect(order, 'a pending order of the demo supplier').toBeTruthy();
  return order!.orderCode;
}

async function orderStatus(page: Page, orderCode: string): Promise<number> {
  const list = await call<{ list: { status: number }[] }>(page.request, await apiLogin(page.request, 'admin'), 'GET', '/order/getList', { pageIndex: 1, pageSize: 5, orderCode });
  return list.list[0].status;
}

/** The supplier's confirmation went through: held for staff (its confirmation would cost it nothing), the order still waiting for them. */
async function expectHeldForStaff(page: Page, orderCode: string) {
  await expect(page.getByText('Submission successful, awaiting admin review')).toBeVisible();
  expect(await heldConfirmations(page)).toContain(orderCode);
  expect(await orderStatus(page, orderCode)).toBe(statusId('pendingConfirmation'));
}

async function confirmFromRow(page: Page, orderCode: string) {
  await page.goto(`/order/list/supplier?filters[0][field]=orderCode&filters[0][operator]=eq&filters[0][value]=${orderCode}`);
  const row = page.locator('tr', { hasText: orderCode });
  await expect(row.getByText('Pending confirmation')).toBeVisible();
  await row.getByRole('button', { name: 'Confirm', exact: true }).click();
}

test("a supplier's confirm asks no payment password while EnablePayPassword is off, words its question, and asks the second-level password", async ({ page }) => {
  const orderCode = await pendingOrderOfSupplier(page);
  await login(page, 'supplier');
  const errors = watchErrors(page);
  await confirmFromRow(page, orderCode);
  const question = page.locator('.ant-modal-confirm, .ant-popover:visible').filter({ hasText: `Confirm that order ${orderCode} has been paid?` });
  await expect(question).toBeVisible();
  await expect(page.getByLabel('Payment password')).toHaveCount(0);
  await question.getByRole('button', { name: 'OK' }).click();
  await answerSecondLogin(page, 'payment on the statement');
  await expectHeldForStaff(page, orderCode);
  await errors();
});

test("a supplier's confirm asks and checks its payment password while EnablePayPassword is on", async ({ page }) => {
  const root = await apiLogin2(page.request, await apiLogin(page.request, 'superAdmin'));
  const supplier = await apiLogin(page.request, 'supplier');
  const me = await call<{ id: number }>(page.request, supplier, 'GET', '/profile/get');
  await call(page.request, supplier, 'POST', '/profile/setPayPassword', { loginPassword: 'Demo12345678', payPassword: 'PayPass123', confirmPayPassword: 'PayPass123' });
  await call(page.request, root, 'POST', settingPath('set', 'EnablePayPassword'), { enable: true });
  try {
    const orderCode = await pendingOrderOfSupplier(page);
    await login(page, 'supplier');
    const errors = watchErrors(page, /\[4212\] The payment password is wrong/);
    await confirmFromRow(page, orderCode);
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByLabel('Payment password').fill('x');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await answerSecondLogin(page, 'payment on the statement');
    // The server checks it: a wrong one is refused and the order stays as it was.
    await expect(page.getByText('The payment password is wrong')).toBeVisible();
    expect(await orderStatus(page, orderCode)).toBe(statusId('pendingConfirmation'));
    expect(await heldConfirmations(page)).not.toContain(orderCode);
    await dialog.getByLabel('Payment password').fill('PayPass123');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await expectNoSecondLogin(page, () => page.getByText('Submission successful, awaiting admin review').isVisible());
    await expectHeldForStaff(page, orderCode);
    await errors();
  } finally {
    await call(page.request, root, 'POST', settingPath('set', 'EnablePayPassword'), { enable: false });
    await call(page.request, root, 'GET', '/admin/resetPayPassword', { id: me.id });
  }
});
