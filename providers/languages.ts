/** The three interface languages; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export interface LanguageSources {
  /** The browser's language (navigator.language, the first of Accept-Language). */
  browser?: string;
  /** The language saved in this browser. */
  saved?: string | null;
  /** The saved language was picked with the switch. */
  chosen?: boolean;
}

/**
 * The spec's rule, shared by the browser and the server (which picks the login page's language
 * before any script runs): a language picked with the switch wins (the original forgot it on a
 * zh-CN or en-US browser); otherwise the browser language if it is zh-CN or en-US; otherwise the
 * saved language; otherwise zh-CN.
 */
export function pickLanguage({ browser, saved, chosen }: LanguageSources): Language {
  if (chosen && isLanguage(saved)) return saved;
  if (browser === 'zh-CN' || browser === 'en-US') return browser;
  if (isLanguage(saved)) return saved;
  return DEFAULT_LANGUAGE;
}

/**
 * Locale areas of the login page (its form, the language switch, the product title), which the app
 * loads first (src/providers/i18n.ts). The login page itself downloads none: the texts it shows
 * are built into its HTML (src/pages/login/parts.ts). Everything else loads with the signed-in app
 * (src/Root.tsx).
 */
export const LOGIN_AREAS: readonly string[] = ['app', 'auth', 'languages', 'shell'];

/**
 * Locale areas the signed-in shell reads beyond the login page's, loaded with the app's chunk:
 * Refine's own texts, the menu and tag titles of every screen (`resources`), notifications and
 * errors (`errors`, `common`, `validation`), the header (roles, realtime, to-do badge, second login)
 * and what every generic list, form and detail screen reads (`fields`, `list`, `rowActions`,
 * `pageHeader`, `products`). Every other area loads with the screens that name it
 * (src/screens.ts SCREEN_TEXTS, and the areas a declaration names: `areasNamedIn`), before they render.
 */
export const SHELL_AREAS: readonly string[] = [
  'refine',
  'resources',
  'common',
  'errors',
  'validation',
  'errorPages',
  'fields',
  'list',
  'rowActions',
  'pageHeader',
  'products',
  'roles',
  'realtime',
  'todoItems',
  'sessions',
];

const isPlain = (value: object) => Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The locale areas a declaration (or any plain data) names: every string that is an area (a
 * declaration's name, its `labels`) or a key in one (`orders.marks`, `orderStatus`, a `copyMessage`).
 * Only plain objects and arrays are walked: schemas and functions name no texts a screen shows
 * without naming them here too. Naming too many is harmless; naming too few would show a raw key.
 */
export function areasNamedIn(value: unknown, known: ReadonlySet<string>, found = new Set<string>(), seen = new Set<object>()): Set<string> {
  if (typeof value === 'string') {
    const area = /^[A-Za-z][\w-]*/.exec(value)?.[0];
    if (area && known.has(area) && (value.length === area.length || value[area.length] === '.')) found.add(area);
  } else if (value && typeof value === 'object' && !seen.has(value) && isPlain(value)) {
    seen.add(value);
    for (const v of Object.values(value)) areasNamedIn(v, known, found, seen);
  }
  return found;
}
