import { expect, test, type Page } from '@playwright/test';
import { addProduct, apiLogin, call, createMember, PASSWORD, tokenOf, unique, uniqueDigits } from './data';
import { answerSecondLogin, DEMO_PASSWORD, expectNoSecondLogin, login, logout, openAs, rowAction, useLanguage } from './helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/shots`;

/** Picks an option of the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * Waits for the page's calls to finish first: a navigation that cuts the user-info call short is
 * taken as a failed load and signs the user out (providers/auth.ts check()).
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

async function settledLanguage(page: Page, lang: 'en-US' | 'zh-CN') {
  await settle(page);
  await useLanguage(page, lang);
}

test('an admin creates a merchant and sets its rate (a bad rate refused in the form)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const account = unique('shop');
  const nickname = `E2E Shop ${account}`;
  await openAs(page, 'admin', '/merchants/list');
  await expect(page.getByRole('heading', { name: 'Merchants', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/merchants\/list\/create$/);
  await expect(page.getByRole('heading', { name: 'New · Merchants' })).toBeVisible();
  // Accept orders starts on, as the server's default.
  await expect(page.getByLabel('Accept orders', { exact: true })).toBeChecked();
  await page.getByLabel('Account', { exact: true }).fill('bad name');
  await page.getByLabel('Nickname', { exact: true }).fill(nickname);
  await page.getByLabel('Password', { exact: true }).fill('lettersonly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('may contain only digits and English letters')).toBeVisible();
  await expect(page.getByText('must contain digits and letters')).toBeVisible();
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/merchants\/list(\?.*)?$/);
  const row = page.locator('tr', { hasText: account });
  // The row shows the merchant number the server handed out, and a zero balance.
  const [created] = (await call<{ list: { mchId: string }[] }>(page.request, await tokenOf(page), 'GET', '/merchant/getList', { pageIndex: 1, pageSize: 10, account })).list;
  expect(created.mchId).toMatch(/^\d{5}$/);
  await expect(row).toContainText(created.mchId);
  await expect(row).toContainText('0.00');

  // The key is fetched only on demand, from the row's "More" menu, after the second-level login,
  // straight to the clipboard (tests/e2e/guarded-journeys.spec.ts reads it there).
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Copy key' }).click();
  await answerSecondLogin(page, 'send the merchant its key');
  await expect(page.getByText('Copied to clipboard')).toBeVisible();

  // Products and rates of this merchant.
  await rowAction(row, 'Products and rates');
  await expect(page).toHaveURL(/\/userProduct\?/);
  // The products screen shows before its Create is pressed (until then the merchant list is still on screen).
  await expect(page.getByRole('heading', { name: 'User product configuration', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/userProduct\/create/);
  await choose(page, 'User', `${nickname} (${account})`);
  await choose(page, 'Product', 'Card to card');
  await page.getByLabel('Rate', { exact: true }).fill('1.2');
  await page.getByLabel('Fixed fee per transaction').fill('1.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be a decimal from 0 to below 1')).toBeVisible();
  await page.getByLabel('Rate', { exact: true }).fill('0.0065');
  await page.getByRole('button', { name: 'Save' }).click();
  // A rate decides every fee: it is saved behind the second-level password, still open from the key above.
  const listed = /\/userProduct(\?.*)?$/;
  await expectNoSecondLogin(page, async () => listed.test(page.url()));
  await expect(page).toHaveURL(listed);
  const rate = page.locator('tr', { hasText: account });
  await expect(rate).toContainText('6.5‰');
  await expect(rate).toContainText('1.50');
  await expect(rate).toContainText('Merchant product');
});

test('a merchant sees its own products and rates and nobody else’s', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const admin = await apiLogin(page.request, 'admin');
  const mine = await createMember(page.request, admin, 'merchant');
  await addProduct(page.request, admin, mine.id, 1034, '0.005', 100);
  // Another merchant's products, at other rates: none of them may show on the first one's profile.
  const other = await createMember(page.request, admin, 'merchant');
  await addProduct(page.request, admin, other.id, 1034, '0.006');
  await addProduct(page.request, admin, other.id, 3001, '0.007');

  await login(page, mine.account, PASSWORD);
  await page.goto('/profile/list');
  await expect(page.getByTestId('profile-account')).toHaveText(mine.account);
  const masked = page.getByTestId('merchant-key-masked');
  await expect(masked).toHaveText(/^[0-9a-f]{4}•{6}[0-9a-f]{4}$/);
  const products = page.getByTestId('profile-products');
  await expect(products).toContainText('1034 Card to card');
  await expect(products).toContainText('5‰');
  await expect(products).toContainText('1.00');
  await expect(products).not.toContainText('6‰');
  await expect(products).not.toContainText('UPI');
  await expect(products.locator('tbody tr')).toHaveCount(1);
  // The full key is copied only behind the second-level password (tests/e2e/guarded-journeys.spec.ts).
  // The admin screens of other merchants and of product configuration are closed to a merchant.
  await page.goto('/userProduct');
  await expect(page).toHaveURL(/\/401$/);
  await page.goto('/merchants/list');
  await expect(page).toHaveURL(/\/401$/);
});

type Lang = 'en-US' | 'zh-CN';
/** What a screen must show (in each language) before its screenshot is taken. */
type Check = (page: Page, lang: Lang) => Promise<void>;
const heading = (page: Page, text: string | RegExp) => expect(page.getByRole('heading', { name: text, exact: true })).toBeVisible();
const row = (page: Page, text: string) => expect(page.locator('.ant-table-row', { hasText: text }).first()).toBeVisible();
const pick = <T extends string | RegExp>(lang: Lang, en: T, zh: T): T => (lang === 'en-US' ? en : zh);

test('screenshots of merchants, suppliers, agents, products, bank numbers and profile in en-US and zh-CN', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });

  // The data every screen shows, made for this test.
  const boss = await apiLogin(page.request, 'superAdmin');
  const merchant = await createMember(page.request, boss, 'merchant');
  const productRow = await addProduct(page.request, boss, merchant.id, 1034, '0.005', 100);
  const supplier = await createMember(page.request, boss, 'supplier');
  const bankName = `E2E Bank ${unique('')}`;
  await call(page.request, boss, 'POST', '/bankNumber/add', { bankName, bankNumber: uniqueDigits(12) });
  const agent = unique('agent');
  await call(page.request, await apiLogin(page.request, 'supplier'), 'POST', '/supplierProxy/add', { nickname: `E2E ${agent}`, account: agent, password: PASSWORD });

  const problems: string[] = [];
  let loggingOut = false;
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('response', async (r) => {
    if (!r.url().includes('/v1.0/')) return;
    const body = await r.json().catch(() => null);
    // Lists still open when the user logs out are refetched once and answered 1003: expected.
    if (body && body.code !== 200 && !(loggingOut && body.code === 1003)) problems.push(`${r.url()} ${body.code} ${body.msg}`);
  });
  const screens: [string, string, string, Check][] = [
    ['superAdmin', '/merchants/list', 'merchants', async (p, l) => {
      await heading(p, pick(l, 'Merchants', '商户列表'));
      await row(p, merchant.account);
      await expect(p.getByRole('columnheader', { name: pick(l, 'Merchant ID', '商户号') })).toBeVisible();
    }],
    ['superAdmin', '/merchants/list/create', 'merchant-create', async (p, l) => {
      await heading(p, pick(l, 'New · Merchants', '新建 · 商户列表'));
      await expect(p.getByLabel(pick(l, 'Account', '账号'), { exact: true })).toBeVisible();
      await expect(p.getByLabel(pick(l, 'Accept orders', '接单'), { exact: true })).toBeChecked();
    }],
    ['superAdmin', '/supplier/list', 'suppliers', async (p, l) => {
      await heading(p, pick(l, 'Suppliers', '码商列表'));
      await row(p, supplier.account);
    }],
    ['superAdmin', `/merchants/list/show/${merchant.id}`, 'merchant-show', async (p, l) => {
      await heading(p, pick(l, `${merchant.account} · Merchants`, `${merchant.account} · 商户列表`));
      const details = p.locator('.ant-descriptions');
      await expect(details).toContainText(merchant.account);
      await expect(details).toContainText(merchant.mchId);
      await expect(details.locator('.ant-tag', { hasText: pick(l, 'Card to card', '卡转卡') }).first()).toBeVisible();
      await expect(details).toContainText(`${pick(l, 'Card to card', '卡转卡')} · 5‰ · 1.00 / 0.00`);
    }],
    ['superAdmin', '/userProduct', 'user-products', async (p, l) => {
      await heading(p, pick(l, 'User product configuration', '用户产品配置'));
      await expect(p.locator('.ant-table-row', { hasText: merchant.account }).first()).toContainText(pick(l, 'Merchant product', '商户产品'));
    }],
    ['superAdmin', `/userProduct/edit/${productRow}`, 'user-product-edit', async (p, l) => {
      await heading(p, pick(l, /^Edit .+ · User product configuration$/, /^编辑 .+ · 用户产品配置$/));
      await expect(p.getByLabel(pick(l, 'Rate', '费率'), { exact: true })).toHaveValue('0.005');
    }],
    ['superAdmin', '/systemManager/bankNumber', 'bank-numbers', async (p, l) => {
      await heading(p, pick(l, 'Bank number management', '银行号码管理'));
      await row(p, bankName);
    }],
    ['customerService', '/merchants/list/customerService', 'merchants-cs', async (p, l) => {
      await heading(p, pick(l, 'Merchants (customer service)', '商户列表（客服）'));
      await row(p, merchant.account);
      // Read-only: no create button.
      await expect(p.getByRole('button', { name: pick(l, 'Create', '新建') })).toHaveCount(0);
    }],
    ['supplier', '/supplier-proxy', 'agents', async (p, l) => {
      await heading(p, pick(l, 'Agents', '代理列表'));
      await row(p, agent);
    }],
    [merchant.account, '/profile/list', 'profile-merchant', async (p, l) => {
      await expect(p.getByTestId('profile-account')).toHaveText(merchant.account);
      await expect(p.getByText(pick(l, 'My products and rates', '我的产品与费率'), { exact: true })).toBeVisible();
      await expect(p.getByTestId('profile-products').locator('.ant-table-row')).toHaveText([new RegExp(`^1034 ${pick(l, 'Card to card', '卡转卡')}`)]);
    }],
  ];
  // One sign-in per account; each of its screens in English, then each in Chinese.
  const accounts = [...new Set(screens.map(([account]) => account))];
  for (const [n, account] of accounts.entries()) {
    if (n > 0) {
      loggingOut = true;
      await logout(page);
    }
    await login(page, account, account === merchant.account ? PASSWORD : DEMO_PASSWORD);
    loggingOut = false;
    for (const lang of ['en-US', 'zh-CN'] as const) {
      if (lang !== 'en-US') await settledLanguage(page, lang);
      for (const [, path, name, check] of screens.filter(([a]) => a === account)) {
        await settle(page);
        await page.goto(path);
        await check(page, lang);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/${name}-${lang}.png`, fullPage: true });
      }
    }
    // Back to English, in which the log-out menu and the login form are found.
    await settledLanguage(page, 'en-US');
    await expect(page.getByTestId('language-switch')).toHaveText('English');
  }
  expect(problems).toEqual([]);
});
