/**
 * Turns the declaration's zod schema into antd form rules, so the form refuses exactly what the
 * server refuses, with the same translated reasons: both map an issue with issueReason
 * (resources/common/messages.ts) and parse with reportInput, as the server does. Every message
 * names its field by the label the form shows ("Amount must not be negative"), never a bare
 * fragment under an input.
 */
import type { FormRule as Rule } from 'antd';
import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { issueReason } from '../../../resources/common/messages';
import { labelKeys } from '../../../resources/common/labels';

const PARSE = { reportInput: true } as const;

/** How a field is named: the label the form shows, else the schema's own labels, else its name. */
export type LabelOf = (name: string) => string;
const labelsOf = (schema: object | undefined, t: TFunction): LabelOf => (name) => t([...labelKeys(schema, name), `fields.${name}`], { defaultValue: name });

/** The message of an issue: its reason, naming the field. */
export function reasonText(t: TFunction, issue: z.core.$ZodIssue, label: string): string {
  const { key, params } = issueReason(issue);
  return t('validation.named', { label, reason: t(key, params) });
}

/** One rule per field: validates the field alone against its part of the schema. */
export function fieldRules(schema: z.ZodObject | undefined, name: string, t: TFunction, label?: string): Rule[] {
  const part = schema?.shape[name] as z.ZodType | undefined;
  if (!part) return [];
  return [
    {
      validator: async (_rule, value) => {
        const result = part.safeParse(value, PARSE);
        if (!result.success) throw new Error(reasonText(t, result.error.issues[0], label ?? labelsOf(schema, t)(name)));
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
export function objectErrors(schema: z.ZodObject | undefined, values: unknown, t: TFunction, labelOf: LabelOf = labelsOf(schema, t)): { name: string; errors: string[] }[] {
  if (!schema) return [];
  const result = schema.safeParse(values, PARSE);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return { name, errors: [reasonText(t, issue, labelOf(name))] };
  });
}

/**
 * The whole-object errors still to show beside those antd found field by field, so every error
 * shows at once (a bad IFSC does not hide "minimum above maximum"): only fields the form shows,
 * one message per field, and never over a field's own error.
 */
export function pendingObjectErrors(
  schema: z.ZodObject | undefined,
  values: unknown,
  t: TFunction,
  shown: readonly string[],
  failing: readonly string[] = [],
  labelOf?: LabelOf,
): { name: string; errors: string[] }[] {
  const seen = new Set(failing);
  return objectErrors(schema, values, t, labelOf).filter((e) => shown.includes(e.name) && !seen.has(e.name) && seen.add(e.name));
}
