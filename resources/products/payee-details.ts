/**
 * The payee details a payout needs (spec sections 3 and 5), by product: a bank payout names the
 * account holder, card number, IFSC and bank; a USDT payout the wallet address. The formats
 * themselves (IFSC, card number, lengths) are the common rules the order payload already applies;
 * this adds what must be present, and the wallet address rule (format and checksum) for a USDT
 * payout. Pure data: used by the creation schema and the reselect dialog alike.
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

/** One micro unit of USDT per ... : a USDT payout's amount is in hundredths of a USDT; its USDT count in millionths. */
export const USDT_MICROS_PER_MINOR = 10_000;

/** Adds an issue for each missing payee detail and a malformed wallet address. */
export function checkPayeeDetails(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const productId = value.productId as number;
  if (!isPayoutProduct(productId)) return;
  for (const field of REQUIRED[productId] ?? []) {
    const v = value[field];
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  }
  const fault = productId === USDT_PAYOUT && typeof value.address === 'string' && value.address !== '' ? walletAddressFault(value.address) : null;
  if (fault) ctx.addIssue({ code: 'custom', path: ['address'], message: fault });
}
