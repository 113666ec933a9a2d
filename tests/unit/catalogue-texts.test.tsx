/**
 * The spec's status labels and catalogue texts where the product uses them: the broad status
 * labels as a filter of the order and payout lists, reject reasons named in the screen's language
 * (a collection order's as a payout's, a batch exception's code), the success and failure words of
 * the row actions (fix, reset, restore, clear, update), and the list failures that name their list.
 * Every key a declaration names for them exists in every language.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../providers/languages';
import { declarations } from '../../resources/index';
import { ORDER_STATUSES, SUCCESS_STATUSES } from '../../resources/orders/statuses';
import { ORDER_STATUS_GROUP, STATUS_GROUPS } from '../../resources/orders/status-groups';
import { PAYOUT_STATE_GROUP, PAYOUT_STATES } from '../../resources/payouts/states';
import { BATCH_EXCEPTION, rejectReasonKey } from '../../resources/payouts/reject-reasons';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { cellTexts, FieldValue } from '../../src/components/fields/FieldValue';
import { refusalText } from '../../src/components/resource/refusal';
import { ApiError } from '../../src/providers/http';
import { formTranslator } from './both-sides';

afterEach(cleanup);

const ts = {} as Record<Language, TFunction>;
beforeAll(async () => {
  for (const lang of LANGUAGES) ts[lang] = await formTranslator(lang);
});
const en = (key: string, params?: Record<string, unknown>) => ts['en-US'](key, params);
const named = (name: string) => declarations.find((d) => d.name === name)!;
const field = (d: ResourceDeclaration, name: string) => d.fields!.find((f) => f.name === name)!;
const action = (d: ResourceDeclaration, name: string) => d.actions!.find((a) => a.name === name)!;
/** What a cell of `f` shows for `value`, in a language. */
const shown = (f: FieldDeclaration, value: unknown, lang: Language = 'en-US') => render(<FieldValue field={f} value={value} texts={cellTexts(f, ts[lang])} />).container.textContent;

describe('the broad status labels', () => {
  it('group every order status and payout state once; successful is what the ledger counts as paid', () => {
    expect(Object.keys(ORDER_STATUS_GROUP).sort()).toEqual(ORDER_STATUSES.map((s) => s.code).sort());
    expect(Object.keys(PAYOUT_STATE_GROUP).sort()).toEqual(PAYOUT_STATES.map((s) => s.code).sort());
    expect(ORDER_STATUSES.filter((s) => ORDER_STATUS_GROUP[s.code] === 'successful').map((s) => s.code).sort()).toEqual([...SUCCESS_STATUSES].sort());
    expect(ORDER_STATUS_GROUP).toMatchObject({ created: 'creating', allocated: 'processing', allocationFailed: 'failed', rejected: 'dismissed', timedOut: 'closed' });
    expect(PAYOUT_STATE_GROUP).toMatchObject({ paying: 'processing', completed: 'successful', revoked: 'dismissed', cancelled: 'closed' });
  });

  it('are a filter of the collection-order and payout lists, in every language', () => {
    for (const d of [named('orders'), named('payouts')]) {
      const f = field(d, 'statusGroup');
      expect(f).toMatchObject({ type: 'enum', filter: 'exact' });
      expect(cellTexts(f, ts['en-US']).options!.map((o) => o.label)).toEqual(['Creating', 'Processing', 'Successful', 'Failed', 'Dismissed', 'Closed']);
      expect(cellTexts(f, ts['zh-CN']).options!.map((o) => o.label)).toEqual(['创建中', '处理中', '成功', '失败', '已驳回', '已关闭']);
      expect(cellTexts(f, ts['zh-TW']).options!.map((o) => o.label)).toEqual(['建立中', '處理中', '成功', '失敗', '已駁回', '已關閉']);
    }
    expect(STATUS_GROUPS).toHaveLength(6);
  });
});

describe('reject reasons', () => {
  it("name a collection order's reason in the screen's language and show an operator's own words as written", () => {
    const reason = field(named('orders'), 'rejectReason');
    expect(shown(reason, 'notReceived')).toBe('Payment not received');
    expect(shown(reason, 'notReceived', 'zh-CN')).toBe('未收到付款');
    expect(shown(reason, 'amountMismatch', 'zh-TW')).toBe('金額不符');
    expect(shown(reason, 'Payer asked to cancel')).toBe('Payer asked to cancel');
  });

  it("name a payout's batch exception by its code, in the list and the batch page alike", () => {
    expect(shown(field(named('payouts'), 'rejectReason'), BATCH_EXCEPTION)).toBe('Batch marked exceptional');
    expect(shown(field(named('payouts'), 'rejectReason'), BATCH_EXCEPTION, 'zh-CN')).toBe('批次异常处理');
    expect(ts['zh-TW'](rejectReasonKey(BATCH_EXCEPTION)!)).toBe('批次異常處理');
  });
});

describe('success and failure words of the row actions', () => {
  it('say "Fix successful" and "Fix failed" for a status repair, of orders and payouts', () => {
    for (const d of [named('orders'), named('payouts')]) {
      expect(en(action(d, 'repairStatus').success!)).toBe('Fix successful');
      expect(en(action(d, 'repairStatus').failure!)).toBe('Fix failed');
      expect(en(action(d, 'updateMark').failure!)).toBe('Update Failed');
    }
  });

  it('say "Reset Successful", "Restore Successful" and "Clear Successful" where a password is reset, an account restored, a balance cleared', () => {
    for (const name of ['users', 'merchants', 'suppliers']) expect(en(action(named(name), 'resetPayPassword').success!), name).toBe('Reset Successful');
    for (const name of ['users', 'merchants', 'suppliers', 'supplierProxy']) expect(en(action(named(name), 'restore').success!), name).toBe('Restore Successful');
    expect(en(action(named('merchants'), 'clearBalance').success!)).toBe('Clear Successful');
  });

  it('put the failure words before the reason, joined as the language joins them, and say nothing for a cancelled prompt', () => {
    const refused = new ApiError(4113, 'Not allowed: the order is timed out', '/order/updateOrderStatus');
    expect(refusalText('errors.fixFailed', refused, ts['en-US'])).toBe('Fix failed: Not allowed: the order is timed out');
    expect(refusalText('errors.fixFailed', new ApiError(4113, '不允许：订单已超时', '/x'), ts['zh-CN'])).toBe('修复失败：不允许：订单已超时');
    expect(refusalText('errors.updateFailed', new ApiError(1024, 'second-level', '/x'), ts['en-US'])).toBeNull();
    expect(refusalText('errors.createOrderError', new TypeError('Failed to fetch'), ts['en-US'])).toBe('Create order error: Network error, please try again');
  });
});

describe('list failures', () => {
  it('name the list that failed', () => {
    expect(en(named('orders').listFailed!)).toBe('Failed to get the order list');
    expect(en(named('payouts').listFailed!)).toBe('Failed to get the order list');
    expect(en(named('payoutBatches').listFailed!)).toBe('Failed to get the batch list');
    expect(en(named('internationalCardToCard').listFailed!)).toBe('Failed to get the resource list');
    expect(ts['zh-CN'](named('orders').listFailed!)).toBe('获取订单列表失败');
  });
});

describe('every key a declaration names for these texts', () => {
  it.each(declarations.map((d) => [d.name, d] as const))('%s has them in every language', (_, d) => {
    const keys = [d.listFailed, ...(d.actions ?? []).flatMap((a) => [a.success, a.failure])].filter((k): k is string => Boolean(k));
    const missing = LANGUAGES.flatMap((lang) => keys.filter((k) => !ts[lang](k, { defaultValue: '' })).map((k) => `${lang}: ${k}`));
    expect(missing).toEqual([]);
  });
});
