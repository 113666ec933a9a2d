/**
 * Labels of declared fields and options on the server, for what it writes for people (CSV export
 * headers and cells): the admin's own locale files, looked up by the same keys the screens use.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../providers/languages.js';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');
const files = new Map<string, Record<string, unknown>>();

function area(lang: Language, name: string): Record<string, unknown> {
  const key = `${lang}/${name}`;
  let messages = files.get(key);
  if (!messages) {
    // Area names come from declarations, never from a request.
    const file = path.join(root, lang, `${name}.json`);
    messages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    files.set(key, messages);
  }
  return messages;
}

/** The text of the first key found (`orders.fields.amount`: area orders, then the path), else `fallback`. */
export function translate(lang: Language, keys: string[], fallback: string): string {
  for (const key of keys) {
    const [name, ...parts] = key.split('.');
    let node: unknown = area(lang, name);
    for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return fallback;
}

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
