/**
 * The UTR (the bank's payment reference) a payer submits on the pay page or an operator gives with a
 * supplement: trimmed, 6 to 64 letters or digits. One rule for the pay page, the admin forms and the
 * server.
 */
import { z } from 'zod';

export const UTR_PATTERN = /^[A-Za-z0-9]{6,64}$/;

export const utr = z.string({ error: 'required' }).trim().min(1, 'required').regex(UTR_PATTERN, 'utr');

/** The pay page's form: POST /pay/order/:orderCode/utr. */
export const submitUtrSchema = z.object({ utr });
