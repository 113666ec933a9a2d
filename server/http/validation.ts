/** Validates a request's query or body; a refusal is the invalid-parameter error naming the field and the reason. */
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { findUnstorable } from './input.js';
import { t, translate } from '../i18n.js';
import { issueField, issueReason } from '../../resources/common/messages.js';
import { labelKeys } from '../../resources/common/labels.js';
import type { Language } from '../../providers/languages.js';

interface Refusal {
  /** The wire path (`a.b.0`). */
  field: string;
  /** The field as its screen labels it, in the caller's language, with its wire name; the wire name alone when no screen labels the schema. */
  named: string;
  reason: string;
}

/**
 * The first issue, as a refusal tells it; `where` names an issue about the whole input ('body' or
 * 'query'). A schema a screen labels (resources/common/labels.ts) names the field by its label
 * (and wire name, for a program reading the msg), as the form names it.
 */
export function firstIssue(error: z.ZodError, lang: Language, where = 'body', schema?: z.ZodType): Refusal {
  const issue = error.issues[0];
  const { key, params } = issueReason(issue);
  const field = issueField(issue, where);
  const keys = issue.path.length ? labelKeys(schema, String(issue.path[0])) : [];
  const label = keys.length ? translate(lang, keys, field) : field;
  return { field, named: label === field ? field : t('validation.labelWithName', lang, { label, name: field }), reason: t(key, lang, params) };
}

/** The invalid-parameter error of a failed parse: the first issue decides the msg. */
export function validationError(error: z.ZodError, lang: Language, where = 'body', schema?: z.ZodType): AppError {
  const { field, named, reason } = firstIssue(error, lang, where, schema);
  // params keep the wire name; the msg names the field as the screen does.
  return new AppError('invalidParam', { field, reason }, named === field ? undefined : t('errors.invalidParam', lang, { field: named, reason }));
}

/**
 * A body that carries nothing (`{}`, or no body) where the call needs parameters: "Operation
 * parameters missing", naming every one it needs, instead of the first field alone.
 */
function nothingSent(error: z.ZodError, input: unknown, lang: Language): AppError | null {
  if (!input || typeof input !== 'object' || Array.isArray(input) || Object.keys(input).length) return null;
  const fields = [...new Set(error.issues.filter((i) => i.path.length).map((i) => String(i.path[0])))];
  if (!fields.length) return null;
  return new AppError('invalidParam', { field: fields[0], reason: t('validation.required', lang) }, t('errors.paramsMissing', lang, { fields: fields.join(', ') }));
}

/** The query or body as the handler gets it: parsed by the route's schema, after refusing text the database cannot store in any field. */
export function parseInput(schema: z.ZodType | undefined, input: unknown, lang: Language, where: 'query' | 'body'): unknown {
  const bad = findUnstorable(input);
  if (bad) throw new AppError('invalidParam', { field: bad.path.length ? bad.path.join('.') : where, reason: t(`validation.${bad.reason}`, lang) });
  if (!schema) return input;
  // reportInput: the reason ("is required" versus "has the wrong type") depends on the input.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw (where === 'body' && nothingSent(result.error, input, lang)) || validationError(result.error, lang, where, schema);
  return result.data;
}
