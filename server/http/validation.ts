/** Validates a request's query or body; a refusal is the invalid-parameter error naming the field and the reason. */
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { findUnstorable } from './input.js';
import { t } from '../i18n.js';
import { issueField, issueReason } from '../../resources/common/messages.js';
import type { Language } from '../../providers/languages.js';

/** The first issue decides the msg; `where` names an issue about the whole input ('body' or 'query'). */
export function validationError(error: z.ZodError, lang: Language, where = 'body'): AppError {
  const issue = error.issues[0];
  const { key, params } = issueReason(issue);
  return new AppError('invalidParam', { field: issueField(issue, where), reason: t(key, lang, params) });
}

/** The query or body as the handler gets it: parsed by the route's schema, after refusing text the database cannot store in any field. */
export function parseInput(schema: z.ZodType | undefined, input: unknown, lang: Language, where: 'query' | 'body'): unknown {
  const bad = findUnstorable(input);
  if (bad) throw new AppError('invalidParam', { field: bad.path.length ? bad.path.join('.') : where, reason: t(`validation.${bad.reason}`, lang) });
  if (!schema) return input;
  // reportInput: the reason ("is required" versus "has the wrong type") depends on the input.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw validationError(result.error, lang, where);
  return result.data;
}
