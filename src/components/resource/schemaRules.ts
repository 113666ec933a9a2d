/**
 * Turns the declaration's zod schema into antd form rules, so the form refuses exactly what the
 * server refuses, with the same translated reasons (validation.* keys).
 */
import type { FormRule as Rule } from 'antd';
import type { z } from 'zod';
import type { TFunction } from 'i18next';

export function reasonText(t: TFunction, issue: z.core.$ZodIssue): string {
  const params = issue as unknown as Record<string, unknown>;
  const key = issue.message;
  const known = ['required', 'tooLong', 'tooBig', 'tooSmall', 'format', 'type', 'option'];
  const bounds = { max: String(params.maximum ?? ''), min: String(params.minimum ?? '') };
  if (t(`validation.${key}`, { defaultValue: '' }) !== '' && !known.includes(key)) return t(`validation.${key}`, bounds);
  if (issue.code === 'too_big') return t(issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', { max: String(params.maximum) });
  if (issue.code === 'too_small') return issue.origin === 'string' && Number(params.minimum) === 1 ? t('validation.required') : t('validation.tooSmall', { min: String(params.minimum) });
  if (issue.code === 'invalid_type') return t('validation.required');
  if (issue.code === 'invalid_value') return t('validation.option');
  return t(`validation.${key}`, { defaultValue: t('validation.format') });
}

/** One rule per field: validates the field alone against its part of the schema. */
export function fieldRules(schema: z.ZodObject | undefined, name: string, t: TFunction): Rule[] {
  const part = schema?.shape[name] as z.ZodType | undefined;
  if (!part) return [];
  return [
    {
      validator: async (_rule, value) => {
        const result = part.safeParse(value === undefined ? undefined : value);
        if (!result.success) throw new Error(reasonText(t, result.error.issues[0]));
      },
    },
  ];
}

/** Does the field refuse an empty value? (Marks it required in the form.) */
export function isRequired(schema: z.ZodObject | undefined, name: string): boolean {
  const part = schema?.shape[name] as z.ZodType | undefined;
  return Boolean(part && !part.safeParse(undefined).success);
}

/** Whole-object check (cross-field rules such as min <= max); returns field -> message. */
export function objectErrors(schema: z.ZodObject | undefined, values: unknown, t: TFunction): { name: string; errors: string[] }[] {
  if (!schema) return [];
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ name: String(issue.path[0] ?? ''), errors: [reasonText(t, issue)] }));
}
