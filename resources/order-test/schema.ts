/**
 * The test-order form of the API-test screen and the admin test-order screen: an order or a payout
 * as the merchant's system would place it, typed by a person (amount in major units). The screen
 * converts the amount with orderCreateAmount (x100, x10000 for product 1045) and posts the rest as
 * is to /order/testOrder or /order/testAdminOrder (a payout product: /order/testPayout or
 * /order/testAdminPayout; the merchant named by `userId`), which sign it on the server with the
 * merchant's key and place it through the creation API, with the creation API's checks.
 */
import { z } from 'zod';
import { bankName, cardNumber, checkSignable, displayName, httpUrl, id, ifsc, required, upiId } from '../common/rules';
import { amountProblem, typedAmount, type AmountProblem, type AmountRule } from '../common/amount';
import { labelled } from '../common/labels';
import { MAX_ORDER_AMOUNT } from '../orders/create-schema';
import { isSuccess, type OrderStatus, type TestStatus } from '../orders/statuses';
import { checkPayeeDetails } from '../products/payee-details';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v);
const optional = <T extends z.ZodType>(rule: T) => z.preprocess(blank, rule.optional());

/** The product whose amounts the API takes x10000 (four decimals typed). */
export const PRECISE_PRODUCT = 1045;

const text = (max: number) => z.string().trim().max(max, 'tooLong');

/** The typed amount's rule for a product: above zero, within an order's maximum, 2 decimals (4 for product 1045, whose units are 1/10000). */
const amountRule = (productId: unknown): Omit<AmountRule, 'typed'> => (productId === PRECISE_PRODUCT ? { min: 1, max: MAX_ORDER_AMOUNT * 100, decimals: 4 } : { min: 1, max: MAX_ORDER_AMOUNT, decimals: 2 });
/** What is wrong with the amount typed for a product (null: nothing). The field alone takes any product's, so 4 decimals. */
export const testAmountProblem = (amount: unknown, productId: unknown): AmountProblem | null => amountProblem(amount, { ...amountRule(productId), typed: true });

/** What the form checks, as the creation API does; `userId` (the merchant) only on the admin screen. */
export const testOrderForm = z
  .object({
    userId: id.optional(),
    productId: id,
    mchOrderNo: required(64).regex(/^[A-Za-z0-9_.-]+$/, 'format'),
    amount: typedAmount(amountRule(PRECISE_PRODUCT)),
    notifyUrl: httpUrl,
    returnUrl: optional(httpUrl),
    subject: optional(text(128)),
    body: optional(text(512)),
    userName: optional(displayName(128)),
    cardNumber: optional(cardNumber),
    ifscCode: optional(ifsc),
    bankName: optional(bankName),
    vpa: optional(upiId),
    /** A USDT payout's wallet address. */
    address: optional(text(256)),
  })
  .superRefine((v, ctx) => {
    checkSignable(v, ctx);
    // A payout's payee details, as the creation API requires them for its product.
    checkPayeeDetails(v, ctx);
    const problem = testAmountProblem(v.amount, v.productId);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem.reason, params: problem.params });
  });
labelled(testOrderForm, 'orderTest');

/** The optional payer details a channel may ask for, in form order (collection products). */
export const PAYER_FIELDS = ['userName', 'cardNumber', 'ifscCode', 'bankName', 'vpa'] as const;

/** What the test calls answer (the creation API's answer). */
export interface CreatedOrder {
  orderCode: string;
  mchOrderNo: string;
  amount: number;
  /** The payer's page; null for a payout, which has no payer. */
  payUrl: string | null;
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
