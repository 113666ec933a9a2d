/**
 * The one mapping from a zod issue to the reason shown for it: a key of
 * locales/<lang>/validation.json and its parameters. The form (src/components/resource/schemaRules.ts)
 * and the server (server/http/validation.ts) both use it and translate the key with their own i18n,
 * so a value gets the same reason on both sides. Pure: no React, no Fastify.
 *
 * Parse with `{ reportInput: true }`: whether a wrong-type value is "required" (nothing sent) or
 * "has the wrong type" (something else sent) depends on the issue's input, which zod 4 leaves out
 * unless asked.
 */
import type { z } from 'zod';

export interface Reason {
  /** A key of validation.json, e.g. 'validation.tooLong'. */
  key: `validation.${string}`;
  params: Record<string, string>;
}

// A schema names its own rule by a bare validation.* key (`.regex(re, 'ifsc')`); zod's own messages are sentences.
const RULE_KEY = /^[a-z][A-Za-z0-9]*$/;

export function issueReason(issue: z.core.$ZodIssue): Reason {
  const bounds = issue as { maximum?: unknown; minimum?: unknown };
  const max = String(bounds.maximum ?? '');
  const min = String(bounds.minimum ?? '');
  // A custom issue may carry its own parameters (an amount's maximum as the major amount).
  const own = issue.code === 'custom' ? (issue.params as Record<string, string> | undefined) : undefined;
  if (RULE_KEY.test(issue.message)) return { key: `validation.${issue.message}`, params: { max, min, ...own } };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.type', params: {} };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', params: { max } };
    case 'too_small':
      // A string that must have at least one character is a required field left blank.
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? { key: 'validation.required', params: {} } : { key: 'validation.tooSmall', params: { min } };
    case 'invalid_value':
      return { key: 'validation.option', params: {} };
    default:
      return { key: 'validation.format', params: {} };
  }
}

/** Where the issue sits, as the server's msg names it: `a.b.0`, or `fallback` for the whole input. */
export const issueField = (issue: z.core.$ZodIssue, fallback: string): string => (issue.path.length ? issue.path.map(String).join('.') : fallback);
