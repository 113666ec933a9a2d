/**
 * Stored text is shown as text: a script payload is saved through the API into every free-text
 * field of a set of representative entities (members, receiving accounts, orders, blacklists,
 * bots, templates, gateways, scripts, users), and each entity's show and list screens display it
 * literally without running it. The page's Content-Security-Policy forbids inline script: one
 * injected into the DOM does not run and the browser reports the violation.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { declarations } from '../../resources/index';
import type { ResourceDeclaration } from '../../resources/types';
import { signOf } from '../../server/orders/sign';
import { apiLogin, call, PASSWORD, unique, uniqueDigits } from './data';
import { uniqueTron } from '../wallets';
import { login, openAs } from './helpers';

const XSS = '<img src=x onerror=window.__xss=1><script>window.__xss=1</script>';
/** The same two vectors within 64 characters, for the short fields (names, nicknames). */
const SHORT_XSS = '<img src=x onerror=__xss=1><script>__xss=1</script>';
/** A script that would set the same flag without `&` or `=`, which a signed order value may not hold. */
const ORDER_XSS = '<script>Object.assign(window,{__xss:1})</script><b>bold</b>';
const stamp = unique('');
const short = stamp.slice(-6);
const TEXT_TYPES = ['text', 'textarea', 'longText'];

interface Target {
  name: string;
  account: string;
  /** Values the API needs besides the free text (formats, choices); these fields get no payload. */
  base: Record<string, unknown>;
  /** Where the entity's own rows are listed, when not its declared list (a supplier's own screen). */
  listPath?: string;
}

const TARGETS: Target[] = [
  { name: 'nameBlacklist', account: 'superAdmin', base: { enabled: true } },
  { name: 'bankNumbers', account: 'superAdmin', base: { enabled: true } },
  { name: 'riskBlacklist', account: 'superAdmin', base: { kind: 'name', enabled: true } },
  { name: 'botGroups', account: 'superAdmin', base: { groupId: `${stamp}@chatroom`, purpose: 'reminder', status: 'active' } },
  { name: 'messageTemplates', account: 'superAdmin', base: { code: `tpl.${stamp}`, kind: 'orderTimeout', language: 'en-US', channel: 'bot' } },
  { name: 'payGateways', account: 'superAdmin', base: { code: `GW_${stamp}`, productIds: [1034], baseUrl: 'https://xss.example.com', merchantNo: 'M1', secretKey: 'sk-xss-1', callbackIps: '', timeoutMs: 5000 } },
  { name: 'payScripts', account: 'superAdmin', base: { language: 'javascript', enabled: true } },
  { name: 'merchants', account: 'superAdmin', base: { account: unique('xss'), password: PASSWORD } },
  { name: 'users', account: 'superAdmin', base: { account: unique('xssu'), password: PASSWORD, access: 'customerService' } },
  {
    name: 'usdtFloating',
    account: 'supplier',
    base: { productId: 3015, walletAddress: uniqueTron(), minAmount: 10_000, maxAmount: 10_000_000, dailyCountLimit: 100, dailyAmountLimit: 10_000_000 },
  },
];

interface Stored {
  declaration: ResourceDeclaration;
  account: string;
  id: number;
  /** Field name → the payload stored in it. */
  values: Record<string, string>;
  listPath?: string;
}

const declarationOf = (name: string) => declarations.find((d) => d.name === name)!;
const stored: Stored[] = [];
/** Fields the API refused a payload in (a format: codes, addresses), with the refusal. */
const refused: string[] = [];

/**
 * Creates the entity with the payload in every free-text field; a field that refuses it gets the
 * short payload, and a field whose format refuses that too (codes, addresses) plain digits.
 */
async function store(request: APIRequestContext, target: Target): Promise<void> {
  const declaration = declarationOf(target.name);
  const token = await apiLogin(request, target.account);
  const textFields = (declaration.fields ?? []).filter((f) => f.create && TEXT_TYPES.includes(f.type) && !(f.name in target.base)).map((f) => f.name);
  const values = Object.fromEntries(textFields.map((field, i) => [field, `${XSS}${stamp}${i}`]));
  for (let tries = 0; tries <= 2 * textFields.length; tries++) {
    const response = await request.post(`/v1.0${declaration.api!.create}`, { headers: { token }, data: { ...target.base, ...values } });
    const body = await response.json();
    if (body.code === 200) {
      stored.push({ declaration, account: target.account, id: body.data.id, values, listPath: target.listPath });
      return;
    }
    const field = Object.keys(values).find((f) => String(body.msg).includes(f));
    expect(field, `${target.name}: ${body.code} ${body.msg}`).toBeTruthy();
    if (values[field!].startsWith(XSS)) {
      values[field!] = `${SHORT_XSS}${short}${TARGETS.indexOf(target)}${tries}`;
    } else {
      refused.push(`${target.name}.${field}`);
      values[field!] = uniqueDigits(12);
    }
  }
}

/** A collection order whose payer name carries the payload, placed as the merchant's system does. */
async function storeOrder(request: APIRequestContext): Promise<void> {
  const payload = { mchId: '20001', productId: 1034, mchOrderNo: `XSS-${stamp}`, amount: 500_00, notifyUrl: 'https://shop.example/notify', userName: `${ORDER_XSS}${stamp}o` };
  const body = await (await request.post('/v1.0/api/order/create', { data: { ...payload, sign: signOf(payload, 'demoMerchantKey20001') } })).json();
  expect(body.code, body.msg).toBe(200);
  const declaration = declarationOf('orders');
  const token = await apiLogin(request, 'admin');
  const { list } = await call<{ list: { id: number }[] }>(request, token, 'GET', declaration.api!.list!, { pageIndex: 1, pageSize: 10, orderCode: body.data.orderCode });
  stored.push({ declaration, account: 'admin', id: list[0].id, values: { userName: payload.userName } });
}

test.beforeAll(async ({ request }) => {
  for (const target of TARGETS) await store(request, target);
  await storeOrder(request);
});

/** The payload is on the screen as text, and nothing of it ran or became an element. */
async function expectInert(page: Page, value: string) {
  await expect(page.getByText(value).first()).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test.setTimeout(300_000);

test('every representative entity took the payload', () => {
  test.info().annotations.push({ type: 'fields', description: `${stored.reduce((n, s) => n + Object.keys(s.values).length, 0)} fields on ${stored.length} entities; refused by format: ${refused.join(', ') || 'none'}` });
  expect(stored.length).toBe(TARGETS.length + 1);
});

/** Opens the entity's show and list screens and checks every stored payload there. */
async function checkScreens(page: Page, name: string) {
  const entity = stored.find((s) => s.declaration.name === name)!;
  const shown = (entity.declaration.fields ?? []).filter((f) => f.name in entity.values && !refused.includes(`${name}.${f.name}`));
  const routes = entity.declaration.routes as { list?: string; show?: string };
  if (routes.show) {
    await page.goto(routes.show.replace(':id', String(entity.id)));
    for (const field of shown.filter((f) => f.show)) await expectInert(page, entity.values[field.name]);
  }
  const listed = shown.find((f) => f.list);
  const listPath = entity.listPath ?? routes.list;
  if (listed && listPath) {
    await page.goto(listPath);
    await expectInert(page, entity.values[listed.name]);
  }
}

// One test per account, signed in once: it opens the screens of every entity that account made.
const byAccount = [...TARGETS.map((t) => ({ name: t.name, account: t.account })), { name: 'orders', account: 'admin' }].reduce<Record<string, string[]>>(
  (groups, { name, account }) => ({ ...groups, [account]: [...(groups[account] ?? []), name] }),
  {},
);
for (const [account, names] of Object.entries(byAccount)) {
  test(`${account}: the stored payloads are shown as text on the show and list screens of ${names.join(', ')}`, async ({ page }) => {
    // Room for each entity's two screens on a loaded machine.
    test.setTimeout(names.length * 90_000);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await login(page, account);
    for (const name of names) await test.step(name, () => checkScreens(page, name));
  });
}

test('the Content-Security-Policy blocks inline script and reports it', async ({ page }) => {
  const response = await page.goto('/login');
  const csp = response!.headers()['content-security-policy'];
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
  expect(scriptSrc).toBeTruthy();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");

  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
    const script = document.createElement('script');
    script.textContent = 'window.__xss = 1';
    document.body.appendChild(script);
    // The violation event is dispatched asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ran: (window as unknown as { __xss?: number }).__xss, violations };
  });
  expect(outcome.ran).toBeUndefined();
  expect(outcome.violations.some((v) => v.startsWith('script-src'))).toBe(true);
});

test('a formula stored as text is shown as it was typed', async ({ page, request }) => {
  const token = await apiLogin(request, 'superAdmin');
  const name = `=HYPERLINK("http://x","y")${stamp}`;
  await call(request, token, 'POST', '/nameBlackList/add', { name, enabled: true });
  await openAs(page, 'superAdmin', declarationOf('nameBlacklist').routes.list!);
  await expect(page.getByText(name)).toBeVisible({ timeout: 60_000 });
});
