/**
 * Payout batches in the browser: an admin builds a batch of the pool, watches the export bar reach
 * 100 %, downloads the bank file and reads it, marks one order exceptional (the merchant gets that
 * payout back: its balance rises), builds a new batch with the returned orders and confirms it.
 * Screenshots of the list and the batch page in en-US and zh-CN go to /tmp/shots-batches/.
 * Then the bank's result file: chosen, previewed (its figures, nothing applied until Confirm),
 * cancelled once, confirmed from a cold session; screenshots of the preview go to /tmp/shots-bank/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { batchStateId } from '../../resources/payout-batches/states';
import { apiLogin, apiLogin2, call } from './data';
import { answerSecondLogin, expectNoSecondLogin, login, useLanguage } from './helpers';
import { placePayout } from './payout-data';

const SHOTS = '/tmp/shots-batches';
const BANK_SHOTS = '/tmp/shots-bank';

async function merchantBalance(page: Page, token: string): Promise<number> {
  const list = await call<{ list: { account: string; balance: number }[] }>(page.request, token, 'GET', '/merchant/getList', { pageIndex: 1, pageSize: 100 });
  return list.list.find((m) => m.account === 'merchant')!.balance;
}

/** A new batch of the pool, from the dialog; `asks`: the second-level password is asked for (the session's first money step). */
async function newBatch(page: Page, asks: boolean) {
  await page.goto('/payoutBatch/list');
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payout batch' });
  // The operator types at once: the first field has the focus.
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="ICICI bulk payment (CSV)"]').click();
  await dialog.getByLabel('Max orders').fill('500');
  await dialog.getByRole('button', { name: 'Create batch' }).click();
  const shown = async () => /\/payoutBatch\/list\/show\/\d+$/.test(page.url());
  if (asks) await answerSecondLogin(page, 'payout batch');
  else await expectNoSecondLogin(page, shown);
  await expect(page).toHaveURL(/\/payoutBatch\/list\/show\/\d+$/);
  await expect(page.getByTestId('batch-state')).toHaveText('Created');
}

async function exportAndWait(page: Page) {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  // Asked for with the batch's creation, a moment ago.
  await expectNoSecondLogin(page, async () => (await page.getByTestId('batch-state').textContent()) !== 'Created');
  const bar = page.getByTestId('export-progress');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByTestId('batch-state')).toHaveText('Exported');
  await expect(page.getByText('Batch Export Successful')).toBeVisible();
}

test('an admin exports a batch, downloads it, handles an exception and confirms the rest', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  const codes = [await placePayout(page, 1, 'E2E-BATCH'), await placePayout(page, 2, 'E2E-BATCH'), await placePayout(page, 3, 'E2E-BATCH')];
  const token = await apiLogin(page.request, 'admin');
  const balanceBefore = await merchantBalance(page, token);

  await login(page, 'admin');
  await newBatch(page, true);
  for (const code of codes) await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(code) })).toBeVisible();
  // The orders' many columns scroll inside their card: neither the table nor the card reaches past the page.
  const fit = await page.getByTestId('batch-orders').evaluate((table) => {
    const content = document.querySelector('[data-testid="content"]')!;
    return { table: table.getBoundingClientRect().right, card: table.closest('.ant-card')!.getBoundingClientRect().right, overflow: content.scrollWidth - content.clientWidth };
  });
  expect(fit.table).toBeLessThanOrEqual(fit.card);
  expect(fit.overflow).toBe(0);
  await exportAndWait(page);
  await page.screenshot({ path: `${SHOTS}/batch-exported-en-US.png`, fullPage: true });

  // The bank file: the template's header, one row per order of the batch.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('Debit Ref,Beneficiary Name,Beneficiary Account No,IFSC,Amount (INR),Value Date,Payment Mode');
  for (const code of codes) expect(text).toContain(code);
  const orderCount = Number(await page.getByTestId('batch-order-count').textContent());
  expect(lines).toHaveLength(orderCount + 1);

  // One order ticked, the batch marked exceptional: that payout is rejected and refunded.
  await page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Mark exceptional/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Exception handled: 1 rejected/)).toBeVisible();
  await expect(page.getByTestId('batch-state')).toHaveText('Exception handled');
  // The rejected payout's reason is named, not stored words of one language.
  const exceptionUrl = page.url();
  await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) })).toContainText('Batch marked exceptional');
  await page.screenshot({ path: '/tmp/spec-texts-batch-exception-en-US.png', fullPage: true });
  const balanceAfter = await merchantBalance(page, token);
  expect(balanceAfter).toBeGreaterThan(balanceBefore);

  // The merchant's list shows the refunded balance.
  await page.goto('/merchants/list');
  const merchantRow = page.getByRole('row', { name: /\bmerchant\b/ }).first();
  await expect(merchantRow).toContainText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(balanceAfter / 100));

  // The returned orders make a new batch, which is exported and confirmed.
  await newBatch(page, false);
  for (const code of codes.slice(1)) await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) })).toHaveCount(0);
  await exportAndWait(page);
  await page.getByRole('button', { name: /^check Confirm$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Batch Confirmation Successful')).toBeVisible();
  await expect(page.getByTestId('batch-state')).toHaveText('Confirmed');
  await expect(page.getByRole('button', { name: /^check Confirm$/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/batch-confirmed-en-US.png`, fullPage: true });
  const detailUrl = page.url();

  await page.goto('/payoutBatch/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-list-en-US.png`, fullPage: true });

  // The same screens in Chinese.
  await page.evaluate(() => {
    localStorage.setItem('language', 'zh-CN');
    localStorage.setItem('languageChosen', '1');
  });
  await page.reload();
  await expect(page.getByText('代付批次').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-list-zh-CN.png`, fullPage: true });
  await page.getByRole('button', { name: '新建批次' }).click();
  await expect(page.getByRole('dialog', { name: '新建代付批次' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/batch-new-dialog-zh-CN.png` });
  await page.keyboard.press('Escape');
  await page.goto(detailUrl);
  await expect(page.getByTestId('batch-state')).toHaveText('已确认');
  await page.screenshot({ path: `${SHOTS}/batch-confirmed-zh-CN.png`, fullPage: true });
  await page.goto(exceptionUrl);
  await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) })).toContainText('批次异常处理');
  await page.screenshot({ path: '/tmp/spec-texts-batch-exception-zh-CN.png', fullPage: true });
  await useLanguage(page, 'zh-TW');
  await expect(page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(codes[0]) })).toContainText('批次異常處理');
  await page.screenshot({ path: '/tmp/spec-texts-batch-exception-zh-TW.png', fullPage: true });
});

interface BatchView {
  state: number;
  orders: { orderCode: string; amount: number; payoutStatus: number; utr: string | null; rejectReason: string | null }[];
}

test('an admin chooses the bank result file, reads the preview, cancels once, then confirms it', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(BANK_SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  const codes = [await placePayout(page, 11, 'E2E-BANK'), await placePayout(page, 12, 'E2E-BANK'), await placePayout(page, 13, 'E2E-BANK'), await placePayout(page, 14, 'E2E-BANK')];
  const admin = await apiLogin2(page.request, await apiLogin(page.request, 'admin'));
  const { id } = await call<{ id: number }>(page.request, admin, 'POST', '/payoutBatch/create', { templateId: 'iciciBulk', maxCount: 500 });
  await call(page.request, admin, 'POST', '/payoutBatch/export', { id });
  const batchView = () => call<BatchView>(page.request, admin, 'GET', '/payoutBatch/getDetail', { id });
  await expect.poll(async () => (await batchView()).state, { timeout: 30_000 }).toBe(batchStateId('exported'));
  const before = await batchView();
  const amountOf = (code: string) => before.orders.find((o) => o.orderCode === code)!.amount;
  const money = (minor: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(minor / 100);
  const others = before.orders.length - codes.length;
  // Two paid (with their UTRs), one refused with the bank's own remark, one without.
  const file = {
    name: 'icici-result.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Debit Ref,Beneficiary Account No,Amount (INR),Status,UTR,Remarks', `${codes[0]},1,250.11,SUCCESS,UTR9000111,`, `${codes[1]},1,250.12,SUCCESS,UTR9000112,`, `${codes[2]},1,250.13,REJECTED,,Beneficiary account closed`, `${codes[3]},1,250.14,FAILED,,`].join('\r\n')),
  };

  // A cold session: signed in through the form, no second-level password yet.
  await login(page, 'admin');
  await useLanguage(page, 'zh-CN');
  await page.goto(`/payoutBatch/list/show/${id}`);
  await expect(page.getByTestId('batch-state')).toHaveText('已导出');
  await page.locator('input[type=file]').setInputFiles(file);
  const preview = page.getByTestId('result-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByRole('dialog', { name: '应用该银行结果文件？' })).toBeVisible();
  await expect(preview.getByTestId('preview-paid')).toContainText(`2 笔代付 · ${money(amountOf(codes[0]) + amountOf(codes[1]))}`);
  await expect(preview.getByTestId('preview-refused')).toContainText(`2 笔代付 · ${money(amountOf(codes[2]) + amountOf(codes[3]))}`);
  await page.screenshot({ path: `${BANK_SHOTS}/preview-zh-CN.png` });
  // Cancel applies nothing.
  await page.getByRole('dialog').getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(preview).toBeHidden();
  expect((await batchView()).orders.filter((o) => codes.includes(o.orderCode)).map((o) => o.payoutStatus)).toEqual([3, 3, 3, 3]);

  await useLanguage(page, 'en-US');
  await expect(page.getByTestId('batch-state')).toHaveText('Exported');
  // A file with rows it cannot read is shown with each row and why, and cannot be confirmed.
  const bad = ['Debit Ref,Beneficiary Account No,Amount (INR),Status,UTR,Remarks', `${codes[0]},1,250.11,SUCCESS,UTR9000111,`, 'P-NOT-IN-BATCH,1,9.00,SUCCESS,UTR1,', `${codes[1]},1,250.12,PENDING,,`].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ ...file, buffer: Buffer.from(bad) });
  await expect(preview.getByText('Rows it cannot read (2)')).toBeVisible();
  await expect(preview.getByTestId('preview-unreadable').getByRole('row', { name: /^3 Debit Ref names no payout of this batch with the bank$/ })).toBeVisible();
  await expect(preview.getByTestId('preview-unreadable').getByRole('row', { name: /^4 Status unknown status$/ })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.screenshot({ path: `${BANK_SHOTS}/preview-unreadable-en-US.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();

  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('dialog', { name: 'Apply this bank result file?' })).toBeVisible();
  await expect(preview).toContainText('icici-result.csv: 4 rows read. Nothing has changed yet; Confirm applies it.');
  await expect(preview.getByTestId('preview-paid')).toContainText(`2 payouts · ${money(amountOf(codes[0]) + amountOf(codes[1]))}`);
  await expect(preview.getByTestId('preview-refused')).toContainText(`2 payouts · ${money(amountOf(codes[2]) + amountOf(codes[3]))}`);
  await expect(preview.getByTestId('preview-left')).toHaveText(others === 1 ? '1 payout' : `${others} payouts`);
  await page.screenshot({ path: `${BANK_SHOTS}/preview-en-US.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // The preview is put away before the second-level window asks, and the upload goes on after it.
  await answerSecondLogin(page, 'bank result file');
  await expect(page.getByText('Result applied: 2 paid, 2 refused')).toBeVisible();
  const rowOf = (code: string) => page.getByTestId('batch-orders').getByRole('row', { name: new RegExp(code) });
  await expect(rowOf(codes[0])).toContainText('UTR9000111');
  await expect(rowOf(codes[0])).toContainText('Completed');
  await expect(rowOf(codes[2])).toContainText('Beneficiary account closed');
  // No remark: the reason is named in the screen's language, not stored as an English sentence.
  await expect(rowOf(codes[3])).toContainText('Refused by the bank');
  await page.screenshot({ path: `${BANK_SHOTS}/applied-en-US.png`, fullPage: true });
  const after = (await batchView()).orders.filter((o) => codes.includes(o.orderCode));
  expect(after.map((o) => [o.payoutStatus, o.utr, o.rejectReason])).toEqual([
    [4, 'UTR9000111', null],
    [4, 'UTR9000112', null],
    [5, null, 'Beneficiary account closed'],
    [5, null, 'bankRefused'],
  ]);

  // The payout's own page shows the UTR.
  const payouts = await call<{ list: { id: number; orderCode: string }[] }>(page.request, admin, 'GET', '/payProxyOrder/getList', { pageIndex: 1, pageSize: 20, orderCode: codes[0] });
  await page.goto(`/payProxyOrder/list/show/${payouts.list[0].id}`);
  await expect(page.getByText('UTR9000111')).toBeVisible();
  await expect(page.getByText('UTR (bank reference)')).toBeVisible();
  const refused = await call<{ list: { id: number }[] }>(page.request, admin, 'GET', '/payProxyOrder/getList', { pageIndex: 1, pageSize: 20, orderCode: codes[3] });
  await useLanguage(page, 'zh-CN');
  await page.goto(`/payProxyOrder/list/show/${refused.list[0].id}`);
  await expect(page.getByText('银行拒绝')).toBeVisible();
  await page.screenshot({ path: `${BANK_SHOTS}/refused-payout-zh-CN.png`, fullPage: true });
});
