/**
 * The merchant document's examples, made by the server's own code: requests signed with the demo
 * merchant's key by the real sign function, and each refusal's answer produced by the validation
 * and the error catalogue the route answers with. tests/api/api-docs-examples.test.ts sends every
 * one to a live server, in this order (the duplicate repeats the created order's number), and
 * compares the answers; only the order codes and pay links a server makes differ.
 */
import { createOrderSchema } from '../../resources/orders/create-schema.js';
import { payOrderPath } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import type { Language } from '../../providers/languages.js';
import { AppError } from '../errors.js';
import { t } from '../i18n.js';
import { parseInput } from '../http/validation.js';
import { DEMO_MCH_ID, DEMO_MERCHANT_KEY } from '../merchants/seed.js';
import { signedText, signOf } from '../orders/sign.js';
import { parseRow } from '../orders/create/batch.js';

/** A request and the answer the server gives it; `signedText` is what its sign is the MD5 of. */
export interface Example {
  summary: string;
  request: Record<string, unknown>;
  answer: unknown;
  signedText?: string;
}

const NOTIFY_URL = 'https://shop.example.com/notify';
/** What a server makes: order codes and the payers' address (PUBLIC_BASE_URL) of an installation. */
const PAY_BASE = 'https://pay.example.com';
const orderCodes = ['P20261206153000123456', 'P20261206153100234567', 'P20261206153100345678'];
const payUrl = (orderCode: string) => PAY_BASE + payOrderPath(orderCode);
/** A code no order has (order codes are P and 20 digits). */
const UNKNOWN_ORDER_CODE = 'P00000000000000000000';

const answerOf = (error: AppError, lang: Language) => ({ code: error.code, data: null, msg: error.detail ?? t(`errors.${error.name}`, lang, error.params) });

/** The answer of a request the code given refuses. */
export function refusedBy(check: () => unknown, lang: Language) {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return answerOf(error, lang);
    throw error;
  }
  throw new Error('an example meant to be refused passed its check');
}

function signed(fields: Record<string, unknown>, key = DEMO_MERCHANT_KEY) {
  // In the order a merchant would write them; every example names its own order number.
  const payload = { mchId: DEMO_MCH_ID, productId: 1034, mchOrderNo: '', amount: 10_000, notifyUrl: NOTIFY_URL, ...fields };
  return { ...payload, sign: signOf(payload, key) };
}

/** POST /api/order/create. */
export function createExamples(lang: Language): Record<string, Example> {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const fields = { mchOrderNo: 'DOC-1001', returnUrl: 'https://shop.example.com/return', subject: 'Order DOC-1001', clientIp: '203.0.113.7' };
  const created = signed(fields);
  const withoutUrl = Object.fromEntries(Object.entries(signed({ mchOrderNo: 'DOC-1004' })).filter(([k]) => k !== 'notifyUrl' && k !== 'sign'));
  // A value with & or = cannot be signed; the refusal comes before the sign is looked at.
  const separator = { ...signed({ mchOrderNo: 'DOC-1005' }), subject: 'size=M&colour=red', sign: 'F'.repeat(32) };
  return {
    created: {
      summary: say('exCreated'),
      request: created,
      answer: { code: 200, data: { orderCode: orderCodes[0], mchOrderNo: fields.mchOrderNo, amount: created.amount, payUrl: payUrl(orderCodes[0]) }, msg: 'success' },
      signedText: signedText(created, DEMO_MERCHANT_KEY),
    },
    duplicate: { summary: say('exDuplicate'), request: signed({ mchOrderNo: fields.mchOrderNo, amount: 20_000 }), answer: answerOf(new AppError('duplicateOrder', { mchOrderNo: fields.mchOrderNo }), lang) },
    badSign: { summary: say('exBadSign'), request: signed({ mchOrderNo: 'DOC-1002' }, 'notTheMerchantKey'), answer: answerOf(new AppError('signInvalid'), lang) },
    unknownMerchant: { summary: say('exUnknownMerchant'), request: signed({ mchId: '29999', mchOrderNo: 'DOC-1003' }), answer: answerOf(new AppError('unknownMerchant'), lang) },
    missingField: {
      summary: say('exMissingField'),
      request: { ...withoutUrl, sign: signOf(withoutUrl, DEMO_MERCHANT_KEY) },
      answer: refusedBy(() => parseInput(createOrderSchema, withoutUrl, lang, 'body'), lang),
    },
    separator: { summary: say('exSeparator'), request: separator, answer: refusedBy(() => parseInput(createOrderSchema, separator, lang, 'body'), lang) },
  };
}

const CSV_COLUMNS = ['productId', 'mchOrderNo', 'amount', 'notifyUrl'] as const;
const csvOf = (rows: Record<(typeof CSV_COLUMNS)[number], string>[]) => [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => r[c]).join(','))].join('\r\n') + '\r\n';

/** POST /api/order/createBatch: the multipart fields, the file as its text. */
export function batchExamples(lang: Language): Record<string, Example> {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const rows = [
    { productId: '1034', mchOrderNo: 'DOC-B-1001', amount: '10000', notifyUrl: NOTIFY_URL },
    { productId: '1034', mchOrderNo: 'DOC-B-1002', amount: '25000', notifyUrl: NOTIFY_URL },
  ];
  const badRow = { productId: '1034', mchOrderNo: 'DOC-B-1003', amount: '100.00', notifyUrl: NOTIFY_URL };
  const fields = { mchId: DEMO_MCH_ID, key: DEMO_MERCHANT_KEY, orderType: '1' };
  const made = rows.map((r, i) => ({ row: i + 2, status: statusId('allocated'), orderCode: orderCodes[i + 1], mchOrderNo: r.mchOrderNo, amount: Number(r.amount), payUrl: payUrl(orderCodes[i + 1]) }));
  return {
    created: { summary: say('exBatchCreated'), request: { ...fields, file: csvOf(rows) }, answer: { code: 200, data: { count: 2, allocated: 2, allocationFailed: 0, orders: made }, msg: 'success' } },
    badKey: { summary: say('exBatchBadKey'), request: { ...fields, key: 'notTheMerchantKey', file: csvOf([badRow]) }, answer: answerOf(new AppError('signInvalid'), lang) },
    badRow: { summary: say('exBatchBadRow'), request: { ...fields, file: csvOf([badRow]) }, answer: refusedBy(() => parseRow(badRow, 2, '1', lang), lang) },
  };
}

/** A paid order's callback, as the demo merchant would receive it. */
export function notificationExample(lang: Language): Example {
  const params = {
    mchId: DEMO_MCH_ID,
    productId: 1034,
    mchOrderNo: 'M-1001',
    orderCode: 'P202611231530001',
    amount: 50_000,
    receivedAmount: 50_003,
    status: 'success',
    utr: '412345678901',
    completedTime: '2026-11-23 15:31:07',
    notifyTime: '2026-11-23 15:31:08',
  };
  return { summary: t('apiDocs.exPaid', lang), request: { ...params, sign: signOf(params, DEMO_MERCHANT_KEY) }, answer: 'success', signedText: signedText(params, DEMO_MERCHANT_KEY) };
}

/** The pay page: an order code no order has; the payer's UTR form. */
export const payPageExamples = (lang: Language) => ({
  unknownOrder: { summary: t('apiDocs.exUnknownOrder', lang), value: UNKNOWN_ORDER_CODE },
  utr: { summary: t('apiDocs.exUtr', lang), value: { utr: '412345678901' } },
});
