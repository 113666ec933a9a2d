/**
 * What only a browser shows of the operator's daily work: one tag per screen or record, a page
 * header on one line naming its record, and forms that show every error at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, call, unique, uniqueDigits } from './data';
import { login, openAs } from './helpers';
import { tag, tagKeys } from './shell-helpers';

const SHOTS = `${process.env.PW_OUTPUT_DIR ?? 'test-results/e2e'}/operator-ux`;
/** A screen's first render on a loaded machine can take longer than the default wait. */
const SLOW = { timeout: 60_000 };

/** Vertical centre of an element, to compare what must sit on one line. */
const middle = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).first().boundingBox())!;
  return box.y + box.height / 2;
};

test('the message centre keeps one tag whichever tab is shown, and the tag returns to the last tab', async ({ page }) => {
  await openAs(page, 'admin', '/messages');
  for (const [tab, label] of [['read', /^Read/], ['trash', /^Trash/], ['unread', /^Unread/], ['trash', /^Trash/]] as const) {
    await page.getByRole('tab', { name: label }).click(SLOW);
    await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
  }
  expect(await tagKeys(page)).toEqual(['/home', '/messages']);
  await tag(page, '/home').click();
  await expect(page).toHaveURL(/\/home$/);
  await tag(page, '/messages').click();
  await expect(page).toHaveURL(/\/messages\?tab=trash$/);
});

test('an edit page: back arrow, title naming the record and actions on one line; breadcrumb and tag end with the record', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'admin');
  const token = await apiLogin(page.request, 'admin');
  const [merchant] = (await call<{ list: { id: number; account: string }[] }>(page.request, token, 'GET', '/merchant/getList', { pageIndex: 1, pageSize: 1 })).list;
  await page.goto(`/merchants/list/edit/${merchant.id}`);
  const title = `Edit ${merchant.account} · Merchants`;
  await expect(page.getByRole('heading', { name: title })).toBeVisible(SLOW);
  await expect(tag(page, `/merchants/list/edit/${merchant.id}`)).toHaveText(title);
  await expect(page.getByTestId('breadcrumb-step')).toHaveText(`Edit ${merchant.account}`);
  await expect(page.getByTestId('breadcrumbs').getByRole('link', { name: 'Merchants' })).toBeVisible();
  const heading = await middle(page, '.ant-page-header-heading-title');
  expect(Math.abs((await middle(page, '[data-testid="page-back"]')) - heading)).toBeLessThanOrEqual(4);
  expect(Math.abs((await middle(page, '.ant-page-header-heading-extra')) - heading)).toBeLessThanOrEqual(4);
  await page.screenshot({ path: `${SHOTS}/edit-header-en.png` });

  await page.goto('/merchants/list/create');
  await expect(page.getByRole('heading', { name: 'New · Merchants' })).toBeVisible();
  await expect(page.getByTestId('breadcrumb-step')).toHaveText('Create');
});

test('a receiving-account form shows every error at once, focuses the first, upper-cases the IFSC and takes a state', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'supplier', '/internationalCardToCard/list/create');
  await expect(page.getByRole('heading', { name: 'New · International card to card' })).toBeVisible(SLOW);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('IFSC code').fill('punb012345');
  await expect(field('IFSC code')).toHaveValue('PUNB012345');
  await field('Supported amount (min)').fill('600');
  await field('Supported amount (max, blank = no limit)').fill('500');
  await page.getByRole('button', { name: 'Save' }).click();
  // A bad IFSC no longer hides "minimum above maximum", nor the required fields.
  await expect(page.getByText('must be 11 characters: 4 uppercase letters, 0, then 6 uppercase letters or digits')).toBeVisible();
  await expect(page.getByText('must not be less than the minimum')).toBeVisible();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'required' }).first()).toBeVisible();
  // The first error in the form's order has the focus.
  const first = await page.locator('.ant-form-item-has-error').first().locator('input').first().getAttribute('id');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(first);
  await page.screenshot({ path: `${SHOTS}/all-errors-en.png`, fullPage: true });

  // The state is chosen here: disabled unless switched on.
  await expect(page.getByTestId('content').locator('.ant-form-item', { hasText: 'Status' })).toContainText('Disabled');
  const name = `UX Holder ${unique('')}`;
  const choose = async (label: string, option: string) => {
    await page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  };
  await choose('Product', 'Card to card');
  await choose('Channel type', 'Bank card');
  await choose('Page type', 'Standard page');
  await choose('Status', 'Enabled');
  await field('Bank name').fill('Punjab National Bank');
  await field('Account name').fill(`  ${name}`);
  await expect(field('Account name')).toHaveValue(name);
  await field('Bank card number').fill(uniqueDigits(12));
  await field('IFSC code').fill('punb0123456');
  await field('Supported amount (max, blank = no limit)').fill('50000');
  await field('Daily transaction count limit').fill('200');
  await field('Daily amount limit').fill('1000000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/internationalCardToCard\/list(\?.*)?$/);
  const row = page.locator('tr', { hasText: name });
  await expect(row).toContainText('PUNB0123456');
  await expect(row).toContainText('Enabled');
});

test('a long text cell is cut to one line and shows the whole text on hover', async ({ page }) => {
  await login(page, 'admin');
  const token = await apiLogin(page.request, 'admin');
  const name = unique('Long');
  const remark = `Refused after three chargebacks on ${name}: the payer used a different name on every card, ask risk before lifting it`;
  await call(page.request, token, 'POST', '/nameBlackList/add', { name, remark, enabled: true });
  await page.goto(`/systemManager/nameBlackList?filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=${name}`);
  const row = page.locator('tr', { hasText: name });
  const cell = row.locator('.cell-ellipsis', { hasText: 'Refused after' });
  await expect(cell).toBeVisible(SLOW);
  // One line, narrower than its text.
  const { height, cut } = await cell.evaluate((el) => ({ height: el.getBoundingClientRect().height, cut: el.scrollWidth > el.clientWidth }));
  expect(cut).toBe(true);
  expect(height).toBeLessThan(30);
  await cell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(remark);
  // Off the cell onto the empty page below the table: a move to the page's corner was once not seen
  // (the row still drawn hovered), and the tooltip stayed.
  await page.mouse.move(700, 650);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/long-cell-en-US.png` });
});
