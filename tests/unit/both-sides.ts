/**
 * The two paths a value is validated on, for tests that compare them: the form's
 * (src/components/resource/schemaRules.ts with the admin's i18next) and the server's
 * (server/http/validation.ts with the server's catalogue), in en-US unless told.
 */
import i18next, { type TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldRules } from '../../src/components/resource/schemaRules';
import { parseInput } from '../../server/http/validation';
import { AppError } from '../../server/errors';
import { loadMessages } from '../../src/providers/i18n';
import type { Language } from '../../providers/languages';

export type Outcome = { ok: true } | { ok: false; field: string; reason: string };

/** The admin's translation function in a language. */
export async function formTranslator(lang: Language = 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, fallbackLng: false, resources: { [lang]: { translation: await loadMessages(lang) } }, interpolation: { escapeValue: false } });
  return instance.t;
}

/** What the server answers for `body`: accepted, or the field it names and the reason. */
export function onServer(schema: z.ZodType, body: unknown): Outcome {
  try {
    parseInput(schema, body, 'en-US', 'body');
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, field: String(error.params.field), reason: String(error.params.reason) };
  }
}

/** What the form's item of field `name`, labelled `label`, says of `value`: its whole message. */
export async function inFormMessage(schema: z.ZodObject, name: string, value: unknown, t: TFunction, label = name): Promise<Outcome> {
  const [rule] = fieldRules(schema, name, t, label) as { validator: (rule: unknown, value: unknown) => Promise<void> }[];
  try {
    await rule.validator({}, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, field: name, reason: (error as Error).message };
  }
}

/** The reason the form gives, after the field's name it starts with (en-US: "<label> <reason>"). */
export async function inForm(schema: z.ZodObject, name: string, value: unknown, t: TFunction): Promise<Outcome> {
  const outcome = await inFormMessage(schema, name, value, t);
  if (outcome.ok) return outcome;
  if (!outcome.reason.startsWith(`${name} `)) throw new Error(`the form's message does not name ${name}: ${outcome.reason}`);
  return { ...outcome, reason: outcome.reason.slice(name.length + 1) };
}
