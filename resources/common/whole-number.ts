/**
 * A count typed in a form or sent as a JSON number (the most orders of a batch): refused with its
 * real problem (not a number, not whole, below the least, above the most), never rounded or
 * clamped into range. A form passes on what was typed: digits become the number (numberOrText),
 * anything else stays text and is refused as not a number.
 */
import { z } from 'zod';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The form's value of a typed count: the number when the text is one, else the text as typed. */
export const numberOrText = (text: unknown): unknown => (typeof text === 'string' && NUMERIC.test(text.trim()) ? Number(text.trim()) : text === '' ? undefined : text);

function problem(value: unknown, min: number, max: number): { reason: string; params?: Record<string, string> } | null {
  if (value === undefined || value === null || value === '') return { reason: 'required' };
  // The API takes a JSON number: digits in a string are the wrong type, other text is not a number.
  if (typeof value === 'string') return { reason: NUMERIC.test(value.trim()) ? 'type' : 'notNumber' };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'type' };
  if (!Number.isInteger(value)) return { reason: 'integer' };
  if (value < min) return { reason: 'tooSmall', params: { min: String(min) } };
  if (value > max) return { reason: 'tooBig', params: { max: String(max) } };
  return null;
}

/** A whole number from `min` to `max`. */
export const wholeNumber = (min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    const found = problem(value, min, max);
    if (!found) return value as number;
    ctx.addIssue({ code: 'custom', message: found.reason, params: found.params, input: value });
    return z.NEVER;
  });
