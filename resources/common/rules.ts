/**
 * The field validation rules as zod pieces, shared by forms and server. A rule's message is
 * a key of locales/<lang>/validation.json, so both sides show the same translated reason.
 */
import { z } from 'zod';
import { hasInvisibleChars, isHttpUrl, UPI_ID } from './identifiers';

/** Text filter: trimmed; blank means "no filter" (undefined). */
export const filterText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(200).optional());

/** Largest value of a PostgreSQL integer column (ids, counts): anything above is refused as input, never a 5xx. */
export const INT32_MAX = 2147483647;

/**
 * Numbers arrive as JSON numbers in bodies and as text in query strings. A query number must be
 * plain decimal digits: never `0x10`, `1e0`, ` 7 ` or `true`, which JavaScript would happily read
 * as numbers. A body number must already be a JSON number (z.number refuses "7", true and [7]).
 */
const queryDigits = (signed: boolean) => (v: unknown) => {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' && (signed ? /^-?\d{1,15}$/ : /^\d{1,15}$/).test(v) ? Number(v) : v;
};

/** A number rule read from a query string: plain digits become the number, anything else is refused by `rule`. */
export const fromQuery = <T extends z.ZodType>(rule: T, signed = false) => z.preprocess(queryDigits(signed), rule);

/** Numeric filter (an id, a product code) from a query string; blank means "no filter". */
export const filterNumber = z.preprocess(queryDigits(true), z.number().int().min(-INT32_MAX).max(INT32_MAX).optional());

/** "true" / "false" from a query string (or a form's boolean); blank means "no filter"; anything else is refused. */
export const filterBoolean = z.preprocess((v) => (v === '' || v === null ? undefined : v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

/** A positive integer from a query string (page index, page size). */
const queryCount = (max: number) => z.preprocess(queryDigits(false), z.number().int().min(1).max(max));

/** 1-based page index and a page size (named pageSize or pageNum per the spec). */
export const paging = {
  pageIndex: queryCount(INT32_MAX).default(1),
  pageSize: queryCount(500).optional(),
  pageNum: queryCount(500).optional(),
};
export const pageSizeOf = (q: { pageSize?: number; pageNum?: number }): number => q.pageSize ?? q.pageNum ?? 10;

/** A row id in a JSON body (serial column): a JSON number, positive, fitting PostgreSQL's integer. */
export const id = z.number().int().positive().max(INT32_MAX);
/** A row id in a query string: plain decimal digits. */
export const queryId = z.preprocess(queryDigits(false), id);
/** An optional id in a JSON body (a form's select): blank means none. */
export const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
export const required = (max = 128) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

/** Account: digits and English letters only. */
export const account = required(32).regex(/^[A-Za-z0-9]+$/, 'accountChars');
/** Password: must contain digits and letters. */
export const password = z
  .string({ error: 'required' })
  .min(8, 'tooSmall')
  .max(64, 'tooLong')
  .refine((v) => /\d/.test(v) && /[A-Za-z]/.test(v), 'passwordMix');

/** A blank password on edit keeps the current one. */
export const keepPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional());

/** A remark: a null clears it; omitted, it stays as stored on edit (and is empty on add). */
export const remark = z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(200, 'tooLong').optional());
/** An on/off switch a form may leave out: omitted, it stays as stored on edit (the column's default on add). */
export const optionalSwitch = z.preprocess((v) => (v === null || v === '' ? undefined : v), z.boolean().optional());

/** IFSC: 11 characters, 4 uppercase letters, then 0, then 6 uppercase letters or digits. */
export const ifsc = z.string({ error: 'required' }).trim().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'ifsc');
/**
 * Card number: digits only, at most 20. With an IFSC it is the payee's bank account number, which
 * has no check digit (Indian account numbers are 9 to 18 digits, bank-specific), so no Luhn test.
 */
export const cardNumber = z.string({ error: 'required' }).trim().regex(/^\d{1,20}$/, 'cardNumber');

/** Refuses control and invisible characters (./identifiers.ts) in a text a person reads. */
export const visible = (text: z.ZodString) => text.refine((v) => !hasInvisibleChars(v), 'invisibleChar');
/** A name a person reads (account holder, bank, nickname). */
export const displayName = (max = 128) => visible(required(max));
/** Bank name and account name: at most 128 characters. */
export const bankName = displayName(128);

/** A UPI id, `name@handle` (./identifiers.ts UPI_ID). */
export const upiId = z.string({ error: 'required' }).trim().max(128, 'tooLong').regex(UPI_ID, 'upiId');

/** An http(s) address with a host and no embedded credentials (notify and return URLs). */
export const httpUrl = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? 'required' : 'type') })
  .trim()
  .min(1, 'required')
  .max(512, 'tooLong')
  .refine(isHttpUrl, 'httpUrl');

/** A moment in the platform's format, `YYYY-MM-DD HH:mm:ss`, that is on the calendar (never 2026-02-30 or 24:00:00). */
export const calendarTime = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'format')
  .refine((v) => {
    const [y, mo, d, h, mi, se] = v.split(/[- :]/).map(Number);
    const at = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
    return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === se;
  }, 'format');

/** A Google code as typed in an action dialog: optional (the server asks for it only while its switch is on). */
export const googleCodeInput = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(12, 'tooLong').nullish());

/**
 * `&` and `=` in a signed value: the sign (DESIGN section 4) joins `k=v` pairs with `&`, unescaped,
 * so a value holding them reads as other fields under the same sign ("x&amount=100"). Every value
 * an order's sign or a callback's covers is refused with them (docs/orders.md, "The sign").
 */
export const SIGN_SEPARATORS = /[&=]/;
export const signable = (value: string): boolean => !SIGN_SEPARATORS.test(value);

/** Names each text value of a signed payload that holds `&` or `=` (the refusal names the field). */
export function checkSignable(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string' && !signable(v)) ctx.addIssue({ code: 'custom', path: [key], message: 'signSeparator', input: v });
}
