/**
 * Actions behind a Google code (the GoogleVerify<X> switches), from a cold session: a new admin
 * with a bound authenticator signs in through the form with a code, holding no second-level token,
 * and takes each action through its dialogs as a person would: the code left empty and a wrong one
 * first, each refused with its reason, then the code the app shows. The result is checked on screen
 * and through the API. Screenshots go to /tmp/shots-google/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeAt } from '../../server/security/totp';
import { apiLogin, apiLogin2, call, createMember, createUser, PASSWORD } from './data';
import { answerSecondLogin, merchantAction, rowAction, secondLoginWindow, watchErrors } from './helpers';
import { placePayout } from './payout-data';
import { batchStateId } from '../../resources/payout-batches/states';
import { settingPath } from '../../resources/system-config/settings';
import { signOf } from '../../server/orders/sign';

const SHOTS = '/tmp/shots-google';
/** The authenticator's time step (server/security/totp.ts). */
const STEP_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * The operator's authenticator app. The server takes each time step's code once (and the step's
 * before it), so a code is read only once a step no earlier answer used has begun: a person waits
 * for the app's next code the same way.
 */
class Authenticator {
  constructor(
    readonly secret: string,
    private used: number,
  ) {}

  async code(): Promise<string> {
    while (stepAt(Date.now()) <= this.used) await new Promise((r) => setTimeout(r, 500));
    const now = Date.now();
    this.used = stepAt(now);
    return codeAt(this.secret, now);
  }
}

/**
 * A new admin who has bound an authenticator (its profile's binding, through the API), which turns
 * Google verification on for its logins. The binding takes the previous step's code, so the login
 * form's code of the current step is fresh.
 */
async function googleAdmin(request: APIRequestContext): Promise<{ account: string; app: Authenticator }> {
  const user = await createUser(request, await apiLogin(request, 'superAdmin'), 'admin', 'gadmin');
  const token = await apiLogin(request, user.account, PASSWORD);
  const { secret } = await call<{ secret: string }>(request, token, 'POST', '/user/bindUserForProfile', {});
  // Not in a step's last seconds: the previous step's code must still be good when the server reads it.
  while (Date.now() % STEP_MS > STEP_MS - 3_000) await new Promise((r) => setTimeout(r, 500));
  const previous = Date.now() - STEP_MS;
  await call(request, token, 'POST', '/user/confirmBindForProfile', { googleCode: codeAt(secret, previous) });
  return { account: user.account, app: new Authenticator(secret, stepAt(previous)) };
}

/** Signs in through the form, the Google code left empty first (refused with its reason), then the app's code. */
async function loginWithCode(page: Page, account: string, app: Authenticator): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User name').fill(account);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Google code cannot be empty' })).toBeVisible();
  await page.getByLabel('Google code').fill(` ${await app.code()} `);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Turns a GoogleVerify<X> switch on or off, as superAdmin. */
async function googleSwitch(request: APIRequestContext, name: string, enable: boolean): Promise<void> {
  await call(request, await apiLogin2(request, await apiLogin(request, 'superAdmin')), 'POST', settingPath('set', name), { enable });
}

/** The refusals these journeys provoke: the error log keeps them (a refused call is a failed request), nothing else. */
const PROVOKED = /Google code (cannot be empty|verification failed)/;

/** A refusal the page shows for a code: the message of the server's answer. */
const refusal = (page: Page, text: string) => page.locator('.ant-message, .ant-form-item-explain-error, [role="alert"]').filter({ hasText: text }).first();

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a balance adjustment behind its Google code: empty and wrong codes refused with their reason, the app code moves the balance', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const merchant = await createMember(request, await apiLogin(request, 'admin'), 'merchant');
  const { account, app } = await googleAdmin(request);
  await googleSwitch(request, 'GoogleVerifyBalanceOperation', true);
  const errors = watchErrors(page, PROVOKED);
  try {
    await loginWithCode(page, account, app);
    await page.goto('/merchants/list');
    const { row, dialog } = await merchantAction(page, merchant.account, 'Adjust balance');
    await dialog.getByLabel('Amount (negative debits)').fill('321.09');
    await dialog.getByLabel('Reason').fill('google code journey');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // Cold: the second-level password comes first, then the server's word on the code.
    await answerSecondLogin(page, 'balance correction', { password: PASSWORD });
    await expect(refusal(page, 'Google code cannot be empty')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/adjust-empty-code-en-US.png` });

    await dialog.getByLabel('Google code').fill('123456');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(refusal(page, 'Google code verification failed')).toBeVisible();
    await expect(secondLoginWindow(page)).toBeHidden();

    await dialog.getByLabel('Google code').fill(await app.code());
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Balance updated')).toBeVisible();
    await expect(row).toContainText('321.09 INR');
    const stored = await call<{ balance: number }>(request, await apiLogin(request, 'admin'), 'GET', '/merchant/getOne', { id: merchant.id });
    expect(stored.balance).toBe(32_109);
    await errors();
  } finally {
    await googleSwitch(request, 'GoogleVerifyBalanceOperation', false);
  }
});

test("a batch's export behind its Google code: the page asks for the code, refuses a wrong one, and exports with the app's code", async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await placePayout(page, 1, 'E2E-GCODE');
  const admin = await apiLogin2(request, await apiLogin(request, 'admin'));
  const batch = await call<{ id: number }>(request, admin, 'POST', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 500 });
  const { account, app } = await googleAdmin(request);
  await googleSwitch(request, 'GoogleVerifyBatchOperations', true);
  const errors = watchErrors(page, PROVOKED);
  try {
    await loginWithCode(page, account, app);
    await page.goto(`/payoutBatch/list/show/${batch.id}`);
    await expect(page.getByTestId('batch-state')).toHaveText('Created');
    const code = page.getByLabel('Google code');
    await expect(code).toBeVisible();
    const exportBatch = async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    };

    await exportBatch();
    await answerSecondLogin(page, 'bank run', { password: PASSWORD });
    await expect(refusal(page, 'Google code cannot be empty')).toBeVisible();
    await expect(page.getByTestId('batch-state')).toHaveText('Created');

    await code.fill('000000');
    await exportBatch();
    await expect(refusal(page, 'Google code verification failed')).toBeVisible();
    await expect(page.getByTestId('batch-state')).toHaveText('Created');

    await code.fill(await app.code());
    await exportBatch();
    await expect(page.getByTestId('batch-state')).toHaveText('Exported', { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/batch-exported-en-US.png` });
    const detail = await call<{ state: number }>(request, await apiLogin(request, 'admin'), 'GET', '/payoutBatch/getDetail', { id: batch.id });
    expect(detail.state).toBe(batchStateId('exported'));
    await errors();
  } finally {
    await googleSwitch(request, 'GoogleVerifyBatchOperations', false);
  }
});

test('a manual supplement behind its Google code: the UTR and the code refused with their reasons, then the order is paid', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const payload = { mchId: '20001', productId: 1034, mchOrderNo: `GCODE${Date.now()}`, amount: 45_678, notifyUrl: 'https://shop.example.com/notify', subject: 'Supplement' };
  const placed = await (await request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
  expect(placed.code, placed.msg).toBe(200);
  const orderCode = placed.data.orderCode as string;
  const { account, app } = await googleAdmin(request);
  await googleSwitch(request, 'GoogleVerifyManualSupplement', true);
  const errors = watchErrors(page, PROVOKED);
  try {
    await loginWithCode(page, account, app);
    await page.goto('/order/list');
    await page.getByTestId('filter-form').getByLabel('System order number').fill(orderCode);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(orderCode) });
    await expect(row).toBeVisible();
    await rowAction(row, 'Supplement');
    const dialog = page.getByRole('dialog', { name: 'Supplement', exact: true });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('UTR is required')).toBeVisible();
    const utr = `GC${Date.now()}`.slice(0, 12);
    await dialog.getByLabel('UTR').fill(utr);
    const send = async () => {
      await dialog.getByRole('button', { name: 'OK' }).click();
      const question = page.locator('.ant-modal-confirm');
      await expect(question).toContainText(`Mark order ${orderCode} as paid with this UTR?`);
      await question.getByRole('button', { name: 'OK' }).click();
    };
    await send();
    await answerSecondLogin(page, 'payer proved payment', { password: PASSWORD });
    await expect(refusal(page, 'Google code cannot be empty')).toBeVisible();

    await dialog.getByLabel('Google code').fill('111111');
    await send();
    await expect(refusal(page, 'Google code verification failed')).toBeVisible();

    await dialog.getByLabel('Google code').fill(await app.code());
    await send();
    await expect(dialog).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/supplemented-en-US.png` });
    const order = await call<{ list: { orderCode: string; utr: string; supplemented: boolean }[] }>(request, await apiLogin(request, 'admin'), 'GET', '/order/getList', { orderCode, currentPage: 1, pageSize: 1 });
    expect(order.list[0]).toMatchObject({ orderCode, utr, supplemented: true });
    await errors();
  } finally {
    await googleSwitch(request, 'GoogleVerifyManualSupplement', false);
  }
});
