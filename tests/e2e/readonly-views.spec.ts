/**
 * Technical maintenance reads system management without changing it: every read-only view in its
 * own menu (the `/readonly` screens and the system-management screens it is given) opens, shows
 * its content (and a record's detail screen where the view has one), and offers no control that changes anything: no create, edit, delete, save or
 * similar button, no switch that can be turned, no input outside the list's filters.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, menuLinks, openAs } from './helpers';
import { apiLogin, call, unique } from './data';

const SHOTS = 'test-results/e2e-readonly-shots';

/** Button texts that change data (en-US); reading buttons (Search, Show, Export, Refresh) are fine. */
const CHANGING = /^(create|add|new|edit|delete|remove|save|submit|update|restore|enable|disable|regenerate|import|upload|clear|reset|force|approve|reject|bind|unbind)\b/i;

/** What on the screen (outside the filter form and the pager) could change data. */
async function editControls(page: Page): Promise<string[]> {
  return page.getByTestId('content').evaluate((root, pattern) => {
    const changing = new RegExp(pattern, 'i');
    const outsideFilters = (el: Element) => !el.closest('[data-testid="filter-form"], .ant-pagination');
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const found: string[] = [];
    for (const el of root.querySelectorAll('button, a, [role="button"]')) {
      const text = (el.textContent ?? '').trim() || el.getAttribute('aria-label') || '';
      if (visible(el) && outsideFilters(el) && changing.test(text) && !(el as HTMLButtonElement).disabled) found.push(`button "${text}"`);
    }
    for (const el of root.querySelectorAll('.ant-switch:not(.ant-switch-disabled)')) if (visible(el) && outsideFilters(el)) found.push('switch');
    for (const el of root.querySelectorAll('input, textarea')) {
      const input = el as HTMLInputElement;
      if (!visible(el) || !outsideFilters(el) || input.disabled || input.readOnly || ['hidden', 'checkbox', 'radio'].includes(input.type)) continue;
      // A select only chooses what to read (the entity view's table); one that saved would need a Save button.
      if (el.closest('.ant-select')) continue;
      found.push(`input ${input.name || input.id || input.type}`);
    }
    return found;
  }, CHANGING.source);
}

// A record in each read-only view whose demo data is empty, so its detail screen is opened too.
test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, 'superAdmin');
  const stamp = unique('ro');
  await call(request, token, 'POST', '/messageTemplate/add', { code: `tpl.${stamp}`, kind: 'orderTimeout', language: 'en-US', channel: 'bot', subject: 'Order {orderCode}', body: 'Order {orderCode} for {amount} timed out.' });
  await call(request, token, 'POST', '/payGatewayConfig/add', { code: `GW_${stamp}`, name: 'Read-only view gateway', productIds: [1034], baseUrl: 'https://ro.example.com', merchantNo: 'M3', secretKey: 'sk-ro-0002', callbackIps: '', timeoutMs: 5000 });
  await call(request, token, 'POST', '/nameBlackList/add', { name: `Blocked ${stamp}`, remark: 'read-only view', enabled: true });
});

test('technicalMaintenance finds no edit control on any read-only view of its menu', async ({ page }) => {
  // Sixteen screens, each loading its list: minutes on a loaded machine.
  test.setTimeout(600_000);
  await login(page, 'technicalMaintenance');
  const views = (await menuLinks(page)).filter((path) => path.endsWith('/readonly') || path.startsWith('/systemManager/') || path.startsWith('/systemConfig'));
  // The spec's read-only views: script, config, whitelist, entity, callback detail, gateway, template and clear history.
  for (const expected of ['/systemConfig/readonly', '/systemManager/payScript/readonly', '/systemManager/ipRule/readonly', '/systemManager/entityView', '/orderCallbackDetail/readonly', '/payGatewayConfig/readonly', '/messageTemplate/readonly', '/orderClearHistory/readonly']) {
    expect(views).toContain(expected);
  }
  const shown: string[] = [];
  for (const path of views) {
    // Through the menu, as the user goes (all groups are open): no reload of the app per screen.
    await page.getByTestId('side-menu').locator(`a[href="${path}"]`).click();
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/-]/g, '\\$&')}(\\?.*)?$`));
    // The previous screen stays in view while the next one's code loads: wait for the new one.
    await expect(page.getByTestId('content'), path).toHaveAttribute('data-path', path, { timeout: 60_000 });
    await expect(page.getByTestId('screen-loading')).toHaveCount(0);
    // The screen's own content has rendered (a table, the settings, a card): a lazy screen on a loaded machine may take long.
    await expect(page.getByTestId('content').locator('.ant-table, .ant-card, .ant-list, .ant-descriptions, .ant-tabs').filter({ visible: true }).first(), path).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('content').locator('.ant-spin-spinning').filter({ visible: true }), path).toHaveCount(0, { timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/${path.slice(1).replace(/\//g, '_')}.png` });
    expect(await editControls(page), path).toEqual([]);
    // A row's menu of further actions offers none that changes anything.
    const more = page.getByTestId('content').getByTestId('row-more');
    if (await more.count()) {
      await more.first().click();
      const items = await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').allInnerTexts();
      expect(items.filter((text) => CHANGING.test(text.trim())), path).toEqual([]);
      await page.keyboard.press('Escape');
    }
    // The view's detail screen, where it has one: the record's fields, and again no edit control.
    // (The row's own actions are its right-fixed last cell; a Show inside another cell only expands a long text.)
    const show = page.getByTestId('content').locator('.ant-table-tbody tr.ant-table-row').first().locator('td.ant-table-cell-fix-right').getByRole('button', { name: 'Show', exact: true });
    if (await show.count()) {
      await show.click();
      await expect(page, `${path} show`).toHaveURL(new RegExp(`${path.replace(/[/-]/g, '\\$&')}/show/`));
      await expect(page.getByTestId('content').locator('.ant-descriptions'), `${path} show`).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('content').locator('.ant-spin-spinning').filter({ visible: true }), `${path} show`).toHaveCount(0, { timeout: 60_000 });
      shown.push(path);
      await page.screenshot({ path: `${SHOTS}/${path.slice(1).replace(/\//g, '_')}_show.png` });
      expect(await editControls(page), `${path} show`).toEqual([]);
    }
  }
  // The read-only views with a detail screen (their demo data has rows) were opened to it.
  for (const expected of ['/systemManager/payScript/readonly', '/systemManager/monitorScript/readonly', '/messageTemplate/readonly', '/payGatewayConfig/readonly', '/systemManager/nameBlackList/readonly']) expect(shown).toContain(expected);
});

test('the config screen reads every setting in one request and shows the values', async ({ page }) => {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.startsWith('/v1.0/system-config/get')) reads.push(pathname);
  });
  await openAs(page, 'technicalMaintenance', '/systemConfig/readonly');
  await expect(page.getByTestId('group-order')).toContainText('15 minutes', { timeout: 60_000 });
  await expect(page.getByTestId('group-display')).toContainText('PAY');
  // One bulk read; the trusted-chain and security parameters keep their own calls.
  expect(reads.filter((path) => path === '/v1.0/system-config/getAllSettings')).toHaveLength(1);
  expect(reads.filter((path) => !/getAllSettings|getSecurityFreqParameters|getGlobalSecuritySetting/.test(path))).toEqual([]);
});
