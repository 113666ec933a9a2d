/**
 * Bot settings, gateway config and message templates in the browser: superAdmin adds a bot group
 * and a gateway through the forms (an http address refused in the form first), technical
 * maintenance opens the read-only gateway and template screens and finds no create, edit or delete
 * control. Screenshots in en-US and zh-CN.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, call } from './data';
import { selectOption, useLanguage } from './helpers';
import { signIn } from './shell-helpers';

const SHOTS = process.env.SYSTEM_SHOTS ?? '/tmp/shots-bots-gateway';
const stamp = Date.now().toString(36).toUpperCase();
const GROUP_ID = `${stamp}@chatroom`;
const GATEWAY = `GW_${stamp}`;
const TEMPLATE = `tpl.${stamp}`;
/** Rows the read-only screens show, added through the API so that test stands alone. */
const READONLY_GATEWAY = `GWR_${stamp}`;
const READONLY_GROUP = `${stamp}-ro@chatroom`;

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, 'superAdmin');
  await call(request, token, 'POST', '/messageTemplate/add', { code: TEMPLATE, kind: 'orderTimeout', language: 'en-US', channel: 'bot', subject: 'Order {orderCode}', body: 'Order {orderCode} for {amount} timed out.' });
  await call(request, token, 'POST', '/payGatewayConfig/add', { code: READONLY_GATEWAY, name: 'Read-only gateway', productIds: [1034], baseUrl: 'https://ro.example.com', merchantNo: 'M2', secretKey: 'sk-ro-0001', callbackIps: '', timeoutMs: 5000 });
  await call(request, token, 'POST', '/botGroup/add', { groupId: READONLY_GROUP, name: 'Reminders', purpose: 'reminder', status: 'active' });
});


// A loaded machine takes its time over a screen's first chunk: wait on what the user sees.
const SLOW = { timeout: 90_000 };
const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, exact: true })).toBeVisible(SLOW);
test.setTimeout(900_000);

async function shoot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('superAdmin adds a bot group and a gateway through the forms', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await apiLogin(request, 'superAdmin');

  await signIn(page, 'superAdmin');
  await page.goto('/systemManager/bot/botGroup');
  await heading(page, 'Bot groups');
  await page.getByRole('button', { name: 'Create' }).click();
  await heading(page, 'New · Bot groups');
  await page.getByLabel('Group ID').fill('bad id');
  await page.getByLabel('Name', { exact: true }).fill('Demo merchant funds');
  await selectOption(page, 'Merchant', (await merchantLabel(request, token))!);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be 3 to 64 letters, digits or _ - @ . :')).toBeVisible();
  await page.getByLabel('Group ID').fill(GROUP_ID);
  await shoot(page, 'bot-group-create-en-US');
  await page.getByRole('button', { name: 'Save' }).click();
  // Saved, the form goes back to the list.
  await heading(page, 'Bot groups');
  const groupRow = page.locator('.ant-table-row', { hasText: GROUP_ID });
  await expect(groupRow).toContainText('Demo merchant funds', SLOW);
  await expect(groupRow).toContainText('Fund records');
  await shoot(page, 'bot-groups-en-US');

  await page.goto('/payGatewayConfig');
  await heading(page, 'Gateway config');
  await page.getByRole('button', { name: 'Create' }).click();
  await heading(page, 'New · Gateway config');
  await page.getByLabel('Gateway code').fill(GATEWAY);
  await page.getByLabel('Gateway name').fill('Demo gateway');
  await selectOption(page, 'Products', 'Card to card');
  await page.getByLabel('Base URL').fill('http://gw.example.com/api');
  await page.getByLabel('Merchant number').fill('M10001');
  await page.getByLabel('Secret key').fill('sk-e2e-secret-0001');
  await page.getByLabel('Callback IP allow-list').fill('203.0.113.7\n2001:db8::1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be an https address')).toBeVisible();
  await shoot(page, 'gateway-create-error-en-US');
  await page.getByLabel('Base URL').fill('https://gw.example.com/api');
  await page.getByRole('button', { name: 'Save' }).click();
  await heading(page, 'Gateway config');
  const gatewayRow = page.locator('.ant-table-row', { hasText: GATEWAY });
  await expect(gatewayRow).toContainText('https://gw.example.com/api', SLOW);
  await expect(page.getByText('sk-e2e-secret-0001')).toHaveCount(0);
  await shoot(page, 'gateways-en-US');

  await useLanguage(page, 'zh-CN');
  for (const [path, title, name] of [
    ['/systemManager/bot/botGroup', '机器人群组', 'bot-groups'],
    ['/systemManager/bot/transferBot/create', '新建 · 中转机器人设置', 'transfer-bot-create'],
    ['/payGatewayConfig', '网关配置', 'gateways'],
    ['/payGatewayConfig/create', '新建 · 网关配置', 'gateway-create'],
    ['/messageTemplate', '消息模板', 'templates'],
  ] as const) {
    await page.goto(path);
    await heading(page, title);
    await shoot(page, `${name}-zh-CN`);
  }
});

/** The demo merchant's option label, as the picker shows it. */
async function merchantLabel(request: Parameters<typeof apiLogin>[0], token: string) {
  const merchants = await call<{ value: number; label: string }[]>(request, token, 'GET', '/user/getUserOptions', { role: 'merchant' });
  return merchants.find((m) => m.label.includes('(merchant)'))?.label;
}

test('technical maintenance reads gateways and templates with no create, edit or delete control', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'technicalMaintenance');
  await page.goto('/home');
  for (const lang of ['en-US', 'zh-CN'] as const) {
    if (lang === 'zh-CN') await useLanguage(page, lang);
    for (const [path, key, title] of [
      ['/payGatewayConfig/readonly', READONLY_GATEWAY, lang === 'en-US' ? 'Gateway config (read-only)' : '网关配置（只读）'],
      ['/messageTemplate/readonly', TEMPLATE, lang === 'en-US' ? 'Message templates (read-only)' : '消息模板（只读）'],
      ['/systemManager/bot/botGroup/readonly', READONLY_GROUP, lang === 'en-US' ? 'Bot groups (read-only)' : '机器人群组（只读）'],
    ] as const) {
      await page.goto(path);
      await heading(page, title);
      await expect(page.locator('.ant-table-row', { hasText: key })).toBeVisible(SLOW);
      for (const name of lang === 'en-US' ? ['Create', 'Edit', 'Delete'] : ['新建', '编辑', '删除']) {
        await expect(page.getByRole('button', { name })).toHaveCount(0);
      }
      await shoot(page, `${path.split('/').filter(Boolean).join('-')}-${lang}`);
    }
    // The template's detail: the body filled with sample values, and still nothing to change.
    await page.goto('/messageTemplate/readonly');
    // The row's Show button (its code's copy icon is a button too).
    await page.locator('.ant-table-row', { hasText: TEMPLATE }).getByRole('button', { name: lang === 'en-US' ? 'Show' : '查看' }).click();
    await expect(page.getByText('Order P202611240001 for 1,000.00 timed out.')).toBeVisible(SLOW);
    await expect(page.getByRole('button', { name: lang === 'en-US' ? 'Edit' : '编辑' })).toHaveCount(0);
    await shoot(page, `template-show-${lang}`);
  }
  // Typed by hand, the editing screens are refused.
  await page.goto('/payGatewayConfig/create');
  await expect(page).toHaveURL(/\/401$/, SLOW);
});
