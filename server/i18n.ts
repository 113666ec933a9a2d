/** Server-side messages: the same locale files the admin uses, so a msg reads the same on both sides. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../providers/languages.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');
// pay: the customer pay page (server/resource-switch/pay-page.ts) is rendered here.
// orderStatus: order status names in refusals ("not allowed: the order is timed out").
// payoutStatus, payoutBatchState: payout and batch state names in refusals.
// monitorStatus: monitor status names in refused status reports.
// todoItems: the answer of a change held for review, and the decision's message to its submitter.
// apiDocs, apiFields, languages: the merchant API document and its page (server/api-docs).
const NAMESPACES = ['errors', 'validation', 'pay', 'orderStatus', 'payoutStatus', 'payoutBatchState', 'monitorStatus', 'todoItems', 'apiDocs', 'apiFields', 'languages'] as const;
/** Namespaces whose keys a message parameter may name, to be shown translated. */
const PARAM_NAMESPACES: readonly string[] = ['orderStatus', 'payoutStatus', 'payoutBatchState', 'monitorStatus', 'errors'];

type Messages = Record<string, Record<string, string>>;
const catalogue = new Map<Language, Messages>(
  LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(path.join(root, lang, `${ns}.json`), 'utf8'))])),
  ]),
);

/** Picks the caller's language from the `lang` header, then Accept-Language, else the default. */
export function pickLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const wanted = [headers['lang'], headers['accept-language']].flat().filter(Boolean).join(',');
  for (const part of wanted.split(',')) {
    const tag = part.split(';')[0].trim();
    const hit = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (hit) return hit;
    if (/^en/i.test(tag)) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** `t('errors.invalidParam', 'en-US', {field})`; an unknown key falls back to itself. */
export function t(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const [ns, name] = key.split('.', 2);
  const text = catalogue.get(lang)?.[ns]?.[name];
  if (text === undefined) return name ?? key;
  // A parameter naming a state (`orderStatus.timedOut`, `payoutStatus.held`) or a reason is shown translated.
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => translatedParam(params[p], lang));
}

function translatedParam(value: string | number | undefined, lang: Language): string {
  if (typeof value !== 'string') return String(value ?? '');
  const [ns, name, rest] = value.split('.');
  const text = PARAM_NAMESPACES.includes(ns) && name && rest === undefined ? catalogue.get(lang)?.[ns]?.[name] : undefined;
  return text ?? value;
}

const areas = new Map<string, Record<string, unknown>>();
function area(lang: Language, name: string): Record<string, unknown> {
  const key = `${lang}/${name}`;
  let messages = areas.get(key);
  if (!messages) {
    // Area names come from declarations and schemas, never from a request.
    const file = path.join(root, lang, `${name}.json`);
    messages = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    areas.set(key, messages);
  }
  return messages;
}

/** The text of the first key found in any area (`orders.fields.amount`: area orders, then the path), else `fallback`: labels a screen shows. */
export function translate(lang: Language, keys: string[], fallback: string): string {
  for (const key of keys) {
    const [name, ...parts] = key.split('.');
    let node: unknown = area(lang, name);
    for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return fallback;
}
