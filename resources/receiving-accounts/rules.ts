/**
 * Zod rules of the account fields, each in a required and an optional form. The
 * form and the server parse with the same rules; every message is a validation.* key.
 */
import { z } from 'zod';
import { cardNumber as cardNumberRule, ifsc as ifscRule, upiId as upiIdRule, visible } from '../common/rules';
import { walletAddress as walletAddressRule } from '../common/wallet-address';
import { amount } from '../common/amount';

/**
 * The type error's reason: `required` when nothing came, else `other`. Other issues (too long, too
 * big) keep zod's own code, so both sides name their bound (a schema-wide message would hide it).
 */
const typeError =
  (other: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined =>
    issue.code !== 'invalid_type' ? undefined : issue.input === undefined || issue.input === null ? 'required' : other;

/** Blank input ('' or only spaces, null, undefined) means "not given". */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const blankToNull = (v: unknown) => (blank(v) ? null : v);

export type Rule = (required: boolean) => z.ZodType;

/** Optional rules accept blank as null, so a cleared input clears the stored value. */
const optional = (schema: z.ZodType) => z.preprocess(blankToNull, schema.nullable());
/** Required rules turn blank into undefined, so zod reports "required" rather than a format error. */
const needed = (schema: z.ZodType) => z.preprocess((v) => (blank(v) ? undefined : v), schema);

export const text =
  (max: number): Rule =>
  (required) => {
    const base = z.string({ error: typeError('type') }).trim().max(max);
    return required ? needed(base.min(1, 'required')) : optional(base);
  };

/** A name a person reads (account holder, bank, wallet name): no control or invisible characters. */
export const name =
  (max: number): Rule =>
  (required) => {
    const base = visible(z.string({ error: typeError('type') }).trim().max(max));
    return required ? needed(base.min(1, 'required')) : optional(base);
  };

/** An identifier with a format of its own (../common/rules.ts): the same rule, required or optional. */
const formatted =
  (rule: z.ZodType): Rule =>
  (required) =>
    required ? needed(rule) : optional(rule);

export const ifsc = formatted(ifscRule);
export const cardNumber = formatted(cardNumberRule);
export const upiId = formatted(upiIdRule);
export const walletAddress = formatted(walletAddressRule());

export const choice =
  (values: readonly [string, ...string[]]): Rule =>
  (required) => {
    const base = z.string({ error: typeError('option') }).pipe(z.enum(values, { error: 'option' }));
    return required ? needed(base) : optional(base);
  };

/**
 * An amount in integer minor units. The form's money input sends the integer, or the raw text when
 * it is not an amount, which is refused with its problem (resources/common/amount.ts).
 */
export const minorUnits =
  (min: 0 | 1): Rule =>
  (required) => {
    const rule = { min, max: Number.MAX_SAFE_INTEGER, typed: true };
    return required ? amount(rule) : optional(amount(rule));
  };

/** A whole number within bounds (daily count limit, max concurrent orders). */
export const integer =
  (min: number, max: number): Rule =>
  (required) => {
    const base = z
      .number({ error: typeError('integer') })
      .int('integer')
      .min(min)
      .max(max);
    return required ? needed(base) : optional(base);
  };

/** Float up/down in cents: plus or minus 100, default 0. */
export const floatCents: Rule = () =>
  z.preprocess((v) => (blank(v) ? 0 : v), z.number({ error: typeError('integer') }).int('integer').min(-100).max(100));

/** A secret (online-banking password...): blank or the mask keeps the stored one. */
export const SECRET_MASK = '••••••';
export const secret: Rule = () => z.preprocess((v) => (blank(v) || v === SECRET_MASK ? null : v), z.string({ error: typeError('type') }).max(128).nullable());
