/**
 * The payee details a payout needs (spec sections 3 and 5), by product: a bank payout names the
 * account holder, card number, IFSC and bank; a USDT payout the wallet address. The formats
 * themselves (IFSC, card number, lengths) are the common rules the order payload already applies;
 * this adds what must be present, and the wallet address rule (format and checksum) for a USDT
 * payout. Pure data: used by the creation schema, the API-test form and the reselect dialog alike.
 */
import type { z } from 'zod';
import { isPayoutProduct } from './catalogue';
import { walletAddressFault } from '../common/wallet-address';

export const USDT_PAYOUT = 3016;
export const BANK_PAYOUT = 3017;

/** What each payout product requires besides the amount. */
const REQUIRED: Record<number, readonly string[]> = {
  [BANK_PAYOUT]: ['userName', 'cardNumber', 'ifscCode', 'bankName'],
  [USDT_PAYOUT]: ['address'],
};

/** The payee details a product requires, in form order (none for a collection product). */
export const payeeFieldsOf = (productId: unknown): readonly string[] => (typeof productId === 'number' && isPayoutProduct(productId) ? (REQUIRED[productId] ?? []) : []);

/** One micro unit of USDT per ... : a USDT payout's amount is in hundredths of a USDT; its USDT count in millionths. */
export const USDT_MICROS_PER_MINOR = 10_000;

/**
 * What is wrong with one payee detail of a product (null: nothing): missing, or a wallet address
 * that is not one. Blank text counts as missing, as the payload's trimmed fields arrive.
 */
export function payeeProblem(productId: unknown, field: string, value: unknown): string | null {
  if (!payeeFieldsOf(productId).includes(field)) return null;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === undefined || text === null || text === '') return 'required';
  return field === 'address' && productId === USDT_PAYOUT && typeof text === 'string' ? walletAddressFault(text) : null;
}

/** Adds an issue for each missing payee detail and a malformed wallet address. */
export function checkPayeeDetails(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const field of payeeFieldsOf(value.productId)) {
    const problem = payeeProblem(value.productId, field, value[field]);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  }
}
