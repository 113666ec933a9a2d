/**
 * The one amount rule of forms and server: an amount is refused with its real problem (not a
 * number, negative, zero, too many decimals, too large with the maximum) rather than one sentence
 * for all. An amount travels in minor units: a JSON integer, or digits text from a merchant's
 * system. Where a person types the major amount (`typed`), text is read as typed: the money input
 * passes on text it could not convert, the test-order form keeps its text (typedAmount); the
 * maximum is then shown as a major amount, as it is typed, else in the minor units the caller sends.
 */
import { z } from 'zod';
import { isDecimal, scaleToInt } from '../../providers/money';

export interface AmountRule {
  /** 0 allows a zero amount; 1 asks for more than zero. */
  min: 0 | 1;
  /** Largest amount, minor units (of `decimals`). */
  max: number;
  /** A negative amount is allowed too (a balance adjustment); zero is still refused. */
  signed?: boolean;
  /** Decimals of the major amount: 2 (cents), 6 for USDT, 4 for product 1045's typed amount. */
  decimals?: number;
  /** A text is the major amount typed by a person, not minor-unit digits. */
  typed?: boolean;
}

export interface AmountProblem {
  /** A key of validation.json. */
  reason: string;
  params?: Record<string, string>;
}

const decimalsOf = (rule: AmountRule) => rule.decimals ?? 2;
const tooManyDecimals = (rule: AmountRule): AmountProblem => ({ reason: 'tooManyDecimals', params: { max: String(decimalsOf(rule)) } });

/** Minor units as the major amount is typed, without trailing zeros: 100000 -> "1000". */
function majorText(minor: number, decimals: number): string {
  const digits = String(minor).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`.replace(/\.?0+$/, '');
}

/** The amount in minor units, or the problem that keeps it from being one. */
function toMinor(value: unknown, rule: AmountRule): number | AmountProblem {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { reason: 'notNumber' };
    return Number.isInteger(value) ? value : tooManyDecimals(rule);
  }
  if (typeof value !== 'string') return { reason: 'type' };
  // A merchant's system sends plain digits, exactly; a person's typing is trimmed.
  const text = rule.typed ? value.trim() : value;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { reason: 'notNumber' };
  const exp = rule.typed ? decimalsOf(rule) : 0;
  if (isDecimal(text, exp)) return Number(scaleToInt(text, exp));
  // More decimals than the amount may have; a negative one is refused for being negative first.
  return text.startsWith('-') && !rule.signed ? { reason: 'negative' } : tooManyDecimals(rule);
}

/** What is wrong with an amount, or null when the rule takes it. */
export function amountProblem(value: unknown, rule: AmountRule): AmountProblem | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { reason: 'required' };
  const minor = toMinor(value, rule);
  if (typeof minor !== 'number') return minor;
  if (minor < 0 && !rule.signed) return { reason: 'negative' };
  if (minor === 0 && (rule.min === 1 || rule.signed)) return { reason: 'zero' };
  if (Math.abs(minor) > rule.max) return { reason: 'tooBig', params: { max: rule.typed ? majorText(rule.max, decimalsOf(rule)) : String(rule.max) } };
  return null;
}

/** Adds the problem, if any, as the field's issue; true when there is none. */
function report(problem: AmountProblem | null, value: unknown, ctx: z.RefinementCtx): boolean {
  if (problem) ctx.addIssue({ code: 'custom', message: problem.reason, params: problem.params, input: value });
  return !problem;
}

/**
 * An amount field, taken in minor units. With `typed`, text is only ever what the money input could
 * not convert: it is refused with its problem, and an amount sent as text is the wrong type.
 */
export const amount = (rule: AmountRule) =>
  z.unknown().transform((value, ctx) => {
    const problem = amountProblem(value, rule) ?? (rule.typed && typeof value === 'string' ? { reason: 'type' } : null);
    return report(problem, value, ctx) ? (toMinor(value, rule) as number) : z.NEVER;
  });

/** The same, where blank (or null) means "not given". */
export const optionalAmount = (rule: AmountRule) => z.preprocess((v) => (v === '' || v === null ? undefined : v), amount(rule).optional());

/** An amount typed by a person and kept as typed (trimmed text), checked by the same rule. */
export const typedAmount = (rule: Omit<AmountRule, 'typed'>) =>
  z.unknown().transform((value, ctx) => (report(amountProblem(value, { ...rule, typed: true }), value, ctx) ? String(value).trim() : z.NEVER));
