/**
 * Request rules of the calls around allocation (resources/orders/api.ts): reselect, retry and
 * release take an order by its code; reselect names the products whose accounts may take it and
 * may correct the payer's bank details. Shared by the action dialogs and the server.
 */
import { z } from 'zod';
import { required } from '../common/rules';
import { payerDetails } from './create-schema';
import { COLLECTION_PRODUCTS } from './action-options';

const orderCode = required(64);

/**
 * Why allocation passed over an account (orders.allocateInfo candidates[].reasons), in the order
 * they are checked; each has a text under orderAllocation.reason.<code>.
 */
export const SKIP_REASONS = [
  'accountDisabled',
  'productDisabled',
  'supplierDeleted',
  'supplierNotAccepting',
  'supplierProductDisabled',
  'currentAccount',
  'belowMinAmount',
  'aboveMaxAmount',
  'maxConcurrentOrders',
  'dailyCountLimit',
  'dailyAmountLimit',
  'balanceBelowMin',
  'floatExhausted',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** POST /order/retryOrder, /order/releaseOrder. */
export const allocationActionBody = z.object({ orderCode });

/** POST /order/reselect: one or more collection products (JSON integers), and optional corrected payer details. */
export const reselectBody = z.object({
  orderCode,
  productIdList: z
    .array(z.number().int().refine((v) => COLLECTION_PRODUCTS.includes(v), 'option'))
    .min(1, 'required')
    .max(COLLECTION_PRODUCTS.length, 'tooBig'),
  userName: payerDetails.userName,
  cardNumber: payerDetails.cardNumber,
  ifscCode: payerDetails.ifscCode,
  bankName: payerDetails.bankName,
});

/** GET /order/getOrderAllocateInfo. */
export const allocateInfoQuery = z.object({ orderCode });
