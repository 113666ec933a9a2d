/**
 * The order-creation payload (spec section 3) of POST /api/order/create, checked the same way by
 * the API-test screens and the server. Strict: numbers are JSON integers or plain digits text,
 * texts are bounded, payer details follow the field rules of spec section 5, and the free extras a
 * channel may need are short strings under simple keys. Pure data: no React, no database.
 */
import { z } from 'zod';
import { bankName, cardNumber, checkSignable, displayName, httpUrl, ifsc, INT32_MAX, upiId } from '../common/rules';
import { checkPayeeDetails } from '../products/payee-details';
import { isPayoutProduct } from '../products/catalogue';
import { amount } from '../common/amount';
import { labelled } from '../common/labels';

/** Product whose API amounts arrive multiplied by 10000 instead of 100 (spec sections 7 and 9). */
const X10000_PRODUCT = 1045;
/** The largest amount an order may carry, minor units (a trillion: far above any account's range, within exact integers). */
export const MAX_ORDER_AMOUNT = 100_000_000_000_000;
/** Free extras: at most this many keys, each a simple name, each value a short text. */
const MAX_EXTRAS = 20;
const EXTRA_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const EXTRA_VALUE_MAX = 256;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional text: blank (or null) means absent, as the sign rule treats it. */
const optional = <T extends z.ZodType>(rule: T) => z.preprocess(blank, rule.optional());
const text = (max: number) => z.string().trim().max(max, 'tooLong');

/** A JSON integer, or the same written as plain decimal digits (merchant systems send either); never `1e3`, ` 7` or `true`. */
const integerOrDigits = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v), z.number({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'integer') }).int('integer').positive().max(max));

/** The payer details some channels need (payout-style checks on the payer's own account). */
export const payerDetails = {
  userName: optional(displayName(128)),
  cardNumber: optional(cardNumber),
  ifscCode: optional(ifsc),
  bankName: optional(bankName),
  vpa: optional(upiId),
  mode: optional(text(32)),
  address: optional(text(256)),
};

/** What a merchant's system sends, besides mchId and sign: also the body of the test-order calls. */
const orderFields = {
  productId: integerOrDigits(INT32_MAX),
  mchOrderNo: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'type') })
    .trim()
    .min(1, 'required')
    .max(64, 'tooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'format'),
  /** Minor units (x100); product 1045: x10000 (see toMinorUnits). Refused with its problem: negative, zero, a fraction, too large. */
  // The most an order carries depends on its product's scale: checkAmountScale names it.
  amount: amount({ min: 1, max: Number.POSITIVE_INFINITY }),
  notifyUrl: httpUrl,
  returnUrl: optional(httpUrl),
  subject: optional(text(128)),
  body: optional(text(512)),
  clientIp: optional(z.union([z.ipv4(), z.ipv6()], { error: 'format' })),
  ...payerDetails,
};

const KNOWN = new Set(['mchId', 'sign', ...Object.keys(orderFields)]);

/** Unknown top-level keys are the channel's free extras: simple names, short string values, a bounded count. */
function checkExtras(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const extras = Object.keys(value).filter((k) => !KNOWN.has(k));
  if (extras.length > MAX_EXTRAS) ctx.addIssue({ code: 'too_big', origin: 'number', maximum: MAX_EXTRAS, inclusive: true, input: extras.length, path: [extras[MAX_EXTRAS]] });
  for (const key of extras) {
    const v = value[key];
    if (!EXTRA_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'format' });
    else if (typeof v !== 'string' && v !== null) ctx.addIssue({ code: 'custom', path: [key], message: 'type' });
    else if (typeof v === 'string' && v.length > EXTRA_VALUE_MAX) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: EXTRA_VALUE_MAX, inclusive: true, input: v, path: [key] });
  }
}

/** Product 1045's x10000 amount must come back to whole minor units. */
function checkAmountScale(value: { productId: number; amount: number }, ctx: z.RefinementCtx) {
  if (value.productId === X10000_PRODUCT && value.amount % 100 !== 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'tooManyDecimals', params: { max: '2' } });
  else if (toMinorUnits(value.productId, value.amount) > MAX_ORDER_AMOUNT) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'tooBig', params: { max: String(toApiAmount(value.productId, MAX_ORDER_AMOUNT)) } });
}

/** The amount as the API carries it, in minor units. */
export const toMinorUnits = (productId: number, apiAmount: number): number => (productId === X10000_PRODUCT ? apiAmount / 100 : apiAmount);
/** Minor units as the API carries them for a product (the inverse of toMinorUnits). */
export const toApiAmount = (productId: number, minor: number): number => (productId === X10000_PRODUCT ? minor * 100 : minor);

/** The merchant's number: digits, as text or a JSON integer. */
const mchId = z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v), z.string({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'type') }).trim().regex(/^\d{1,20}$/, 'digits'));

/** POST /api/order/create: the whole payload, extras kept as they came (the sign covers them). */
export const createOrderSchema = z
  .looseObject({ mchId, ...orderFields, sign: z.string({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'type') }).regex(/^[0-9A-Fa-f]{32}$/, 'format') })
  .superRefine((value, ctx) => {
    checkSignable(value, ctx);
    checkExtras(value, ctx);
    checkAmountScale(value, ctx);
    checkPayeeDetails(value, ctx);
  });
export type CreateOrderPayload = z.infer<typeof createOrderSchema>;

/**
 * A test call places the kind of order its route is for. A test payout is a real one: it holds
 * amount and fee of the merchant's real balance and goes to the pool, where a supplier claims and
 * pays it. The server signs test orders itself, so the test-payout routes are behind the
 * second-level password (server/orders/create.ts), and the test-order routes, which are not,
 * take collection products only.
 */
function checkTestKind(kind: 'collection' | 'payout') {
  return (value: { productId: number }, ctx: z.RefinementCtx) => {
    if (isPayoutProduct(value.productId) !== (kind === 'payout')) ctx.addIssue({ code: 'custom', path: ['productId'], message: kind === 'payout' ? 'testCollection' : 'testPayout' });
  };
}

/** The test-order calls: the same fields without mchId and sign (the server signs for the merchant); mchOrderNo may be left for the server to make. */
export const testOrderFields = { ...orderFields, mchOrderNo: optional(orderFields.mchOrderNo) };

/** The checks of a test call, as the creation API makes them, for the kind of its route. */
function checkTest(kind: 'collection' | 'payout') {
  const checkKind = checkTestKind(kind);
  return (value: z.infer<z.ZodObject<typeof testOrderFields>>, ctx: z.RefinementCtx) => {
    checkKind(value, ctx);
    checkSignable(value, ctx);
    checkAmountScale(value, ctx);
    checkPayeeDetails(value, ctx);
  };
}
const testSchema = (kind: 'collection' | 'payout') => z.object(testOrderFields).superRefine(checkTest(kind));
/** The admin's test calls name the merchant by user id or mchId. */
const adminTestSchema = (kind: 'collection' | 'payout') =>
  z.object({ ...testOrderFields, userId: optional(z.number().int().positive().max(INT32_MAX)), mchId: optional(mchId) }).superRefine((value, ctx) => {
    if (value.userId === undefined && value.mchId === undefined) ctx.addIssue({ code: 'custom', path: ['mchId'], message: 'required' });
    checkTest(kind)(value, ctx);
  });
export const testOrderSchema = testSchema('collection');
export const adminTestOrderSchema = adminTestSchema('collection');
export const testPayoutSchema = testSchema('payout');
export const adminTestPayoutSchema = adminTestSchema('payout');

/** The payload's extras: every key that is not a field of the payload, with its text. */
export function extrasOf(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).filter(([k, v]) => !KNOWN.has(k) && typeof v === 'string' && v !== '') as [string, string][]);
}

/** Columns of a CSV row of POST /api/order/createBatch: the payload's fields without mchId and sign. */
export const BATCH_COLUMNS = Object.keys(orderFields);
export const batchRowSchema = z
  .object(orderFields)
  .strict()
  .superRefine((value, ctx) => {
    // No sign covers a row (the merchant's key does), but a row takes only what a signed create takes.
    checkSignable(value, ctx);
    checkAmountScale(value, ctx);
    checkPayeeDetails(value, ctx);
  });
/** Most orders one batch file may hold (spec section 9). */
export const MAX_BATCH_ROWS = 500;

// The test-order screens' calls name the fields as those screens label them (a payout's payee
// details as the payee's); a merchant's own calls keep the wire names.
labelled(testOrderSchema, 'orderTest');
labelled(adminTestOrderSchema, 'orderTest');
labelled(testPayoutSchema, 'orderTest.payout', 'orderTest');
labelled(adminTestPayoutSchema, 'orderTest.payout', 'orderTest');
