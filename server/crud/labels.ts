/**
 * Labels of declared fields and options on the server, for what it writes for people (CSV export
 * headers and cells): the admin's own locale files, looked up by the same keys the screens use.
 */
import { translate } from '../i18n.js';
import type { Language } from '../../providers/languages.js';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types.js';

/** A field's label, looked up as the admin's screens do (src/components/resource/useDeclaration.ts). */
export function fieldLabel(lang: Language, declaration: ResourceDeclaration, field: FieldDeclaration): string {
  const shared = declaration.labels ? [`${declaration.labels}.fields.${field.name}`] : [];
  return translate(lang, [`${declaration.name}.fields.${field.name}`, ...shared, `fields.${field.name}`], field.name);
}

/** The label of a fixed option value (status 3 -> "Callback succeeded"). */
export function optionLabel(lang: Language, field: FieldDeclaration, value: unknown): string {
  const source = field.options;
  if (!source || !('values' in source)) return String(value);
  const key = source.labels?.[value as string | number] ?? String(value);
  return translate(lang, [`${source.labelKey}.${key}`], String(value));
}
