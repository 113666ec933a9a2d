/**
 * Validation rules of spec section 5 as zod pieces, shared by forms and server. A rule's message is
 * a key of locales/<lang>/validation.json, so both sides show the same translated reason.
 */
import { z } from 'zod';
import { isDecimal } from '../../providers/money';

/** Text filter: trimmed; blank means "no filter" (undefined). */
export const filterText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(200).optional());

/** Largest value of a PostgreSQL integer column (ids, counts): anything above is refused as input, never a 5xx. */
export const INT32_MAX = 2147483647;

/** Numeric filter (an id, a product code) from a query string; blank means "no filter". */
export const filterNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(-INT32_MAX).max(INT32_MAX).optional());

/** 1-based page index and a page size (named pageSize or pageNum per the spec). */
export const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  pageNum: z.coerce.number().int().min(1).max(500).optional(),
};
export const pageSizeOf = (q: { pageSize?: number; pageNum?: number }): number => q.pageSize ?? q.pageNum ?? 10;

/** A row id (serial column): a positive integer that fits PostgreSQL's integer. */
export const id = z.coerce.number().int().positive().max(INT32_MAX);
/** An optional id filter: blank means "no filter". */
export const filterId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
export const required = (max = 128) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

/** Account: digits and English letters only. */
export const account = required(32).regex(/^[A-Za-z0-9]+$/, 'accountChars');
/** Password: must contain digits and letters. */
export const password = z
  .string({ error: 'required' })
  .min(8, 'tooSmall')
  .max(64, 'tooLong')
  .refine((v) => /\d/.test(v) && /[A-Za-z]/.test(v), 'passwordMix');

/** IFSC: 11 characters, 4 uppercase letters, then 0, then 6 uppercase letters or digits. */
export const ifsc = z.string({ error: 'required' }).trim().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'ifsc');
/** Card number: digits only, at most 20. */
export const cardNumber = z.string({ error: 'required' }).trim().regex(/^\d{1,20}$/, 'cardNumber');
/** Bank name and account name: at most 128 characters. */
export const bankName = required(128);

/** A typed amount (major units, at most 2 decimals, > 0) as text; converted to minor units by callers. */
export const amountText = z.union([z.string(), z.number()]).transform((v) => String(v).trim()).refine((v) => isDecimal(v, 2) && Number(v) > 0, 'amount');

/** Google code: six digits when given. */
export const googleCode = z.string().trim().optional().default('');
