/** Turns a zod failure into the invalid-parameter error: the msg names the field and the reason. */
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { hasMessage, t } from '../i18n.js';
import type { Language } from '../../providers/languages.js';

export function validationError(error: z.ZodError, lang: Language): AppError {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : 'body';
  const reason = reasonOf(issue, lang);
  return new AppError('invalidParam', { field, reason });
}

function reasonOf(issue: z.core.$ZodIssue, lang: Language): string {
  // Schemas name their rule by a validation.* key (e.g. 'ifsc'); generic issues map by code.
  const bounds = issue as { maximum?: unknown; minimum?: unknown };
  const params = { max: String(bounds.maximum ?? ''), min: String(bounds.minimum ?? '') };
  if (hasMessage(`validation.${issue.message}`)) return t(`validation.${issue.message}`, lang, params);
  switch (issue.code) {
    case 'invalid_type':
      return t(issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.type', lang);
    case 'too_big':
      return t(issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', lang, { max: String(issue.maximum) });
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? t('validation.required', lang)
        : t('validation.tooSmall', lang, { min: String(issue.minimum) });
    case 'invalid_value':
      return t('validation.option', lang);
    default:
      return t('validation.format', lang);
  }
}
