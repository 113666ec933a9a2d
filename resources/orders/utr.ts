/**
 * The UTR (the bank's payment reference) a payer submits on the pay page: trimmed, 6 to 64 letters
 * or digits, checked by the page's form and the server alike. Another form that takes a UTR (an
 * operator's supplement) uses the same rule: `submitUtrSchema.shape.utr`.
 */
import { z } from 'zod';
import { displayName } from '../common/rules';

const UTR_PATTERN = /^[A-Za-z0-9]{6,64}$/;

const utr = z.string({ error: 'required' }).trim().min(1, 'required').regex(UTR_PATTERN, 'utr');

/** The pay page's form: POST /pay/order/:orderCode/utr. */
export const submitUtrSchema = z.object({ utr });

/** The name the payer paid under, asked too while the NeedNameCheck setting is on. */
const payerName = displayName(128);
export const submitUtrWithNameSchema = z.object({ utr, payerName });

/** Names agree whatever their case and spacing ("ASHA  verma" is "Asha Verma"). */
export const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
