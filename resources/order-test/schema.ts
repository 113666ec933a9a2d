/**
 * The test-order form of the API-test screen and the admin test-order screen: a collection order
 * as the merchant's system would place it, typed by a person (amount in major units). The screen
 * converts the amount with orderCreateAmount (x100, x10000 for product 1045) and posts the rest as
 * is to /order/testOrder or /order/testAdminOrder (the merchant named by `userId`), which sign it on
 * the server with the merchant's key and place it through the creation API.
 */
import { z } from 'zod';
import { bankName, cardNumber, httpUrl, id, ifsc, required } from '../common/rules';
import { isSuccess, type OrderStatus, type TestStatus } from '../orders/statuses';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v);
const optional = <T extends z.ZodType>(rule: T) => z.preprocess(blank, rule.optional());

/** The product whose amounts the API takes x10000 (four decimals typed). */
const PRECISE_PRODUCT = 1045;

const text = (max: number) => z.string().trim().max(max, 'tooLong');

/** The amount typed for a product: above zero, at most 2 decimals (4 for product 1045). */
export function amountFits(amount: string, productId: number | undefined): boolean {
  const decimals = amount.split('.')[1]?.length ?? 0;
  return !/^0*(\.0*)?$/.test(amount) && (productId === PRECISE_PRODUCT || decimals <= 2);
}

/** What the form checks, as the creation API does; `userId` (the merchant) only on the admin screen. */
export const testOrderForm = z
  .object({
    userId: id.optional(),
    productId: id,
    mchOrderNo: required(64).regex(/^[A-Za-z0-9_.-]+$/, 'format'),
    amount: z.string({ error: 'required' }).trim().min(1, 'required').regex(/^\d{1,12}(\.\d{1,4})?$/, 'amount'),
    notifyUrl: httpUrl,
    returnUrl: optional(httpUrl),
    subject: optional(text(128)),
    body: optional(text(512)),
    userName: optional(text(128)),
    cardNumber: optional(cardNumber),
    ifscCode: optional(ifsc),
    bankName: optional(bankName),
    vpa: optional(text(128).regex(/^[\w.-]+@[\w.-]+$/, 'format')),
  })
  .superRefine((v, ctx) => {
    if (!amountFits(v.amount, v.productId)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount' });
  });

/** The optional payer details a channel may ask for, in form order. */
export const PAYER_FIELDS = ['userName', 'cardNumber', 'ifscCode', 'bankName', 'vpa'] as const;

/** What /order/testOrder and /order/testAdminOrder answer (the creation API's answer). */
export interface CreatedOrder {
  orderCode: string;
  mchOrderNo: string;
  amount: number;
  payUrl: string;
}

/**
 * The test status of an order: in preparation until (or unless) the pay page takes a payment, test
 * ready while it does, and once paid only callbacks are left to exercise.
 */
export function testStatusOf(status: OrderStatus): TestStatus {
  if (isSuccess(status)) return 'onlyCallbacks';
  if (status === 'allocated' || status === 'pendingConfirmation') return 'testReady';
  return 'preparation';
}
