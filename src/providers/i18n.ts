/**
 * Interface language: a language picked with the switch is remembered and wins (the original forgot
 * it on a zh-CN or en-US browser); otherwise the browser language if it is zh-CN or en-US; otherwise
 * the saved language; otherwise zh-CN. Locale files are locales/<lang>/<area>.json, each loaded
 * lazily under the key <area> (refine.json holds Refine's own keys at the root).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, LOGIN_AREAS, SCREEN_ONLY_AREAS, isLanguage, type Language } from '../../providers/languages';

const STORAGE_KEY = 'language';
const CHOSEN_KEY = 'languageChosen';

export interface LanguageSources {
  browser?: string;
  saved?: string | null;
  chosen?: boolean;
}

/** The pick rule, pure for tests. */
export function pickLanguage({ browser, saved, chosen }: LanguageSources): Language {
  if (chosen && isLanguage(saved)) return saved;
  if (browser === 'zh-CN' || browser === 'en-US') return browser;
  if (isLanguage(saved)) return saved;
  return DEFAULT_LANGUAGE;
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

function currentSources(): LanguageSources {
  return {
    browser: typeof navigator === 'undefined' ? undefined : navigator.language,
    saved: storage()?.getItem(STORAGE_KEY),
    chosen: storage()?.getItem(CHOSEN_KEY) === '1',
  };
}

/** Remembers the language; `chosen` marks a pick made with the switch. */
function saveLanguage(lang: Language, chosen: boolean): void {
  storage()?.setItem(STORAGE_KEY, lang);
  if (chosen) storage()?.setItem(CHOSEN_KEY, '1');
}

type Loader = () => Promise<{ default: Record<string, unknown> }>;
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json') as Record<string, Loader>;

/**
 * Which areas to load: the login page's (LOGIN_AREAS), the rest of the signed-in app's, those only
 * the signed-in screens read (SCREEN_ONLY_AREAS), or all.
 */
type Part = 'login' | 'app' | 'screens' | 'all';
const PARTS: readonly Part[] = ['login', 'app', 'screens'];
const areaOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const partOf = (area: string): Part => (LOGIN_AREAS.includes(area) ? 'login' : SCREEN_ONLY_AREAS.includes(area) ? 'screens' : 'app');
const inPart = (area: string, part: Part) => part === 'all' || partOf(area) === part;

/** The messages of one language, merged: { errors: {...}, fields: {...}, buttons: {...} }. */
export async function loadMessages(lang: Language, part: Part = 'all'): Promise<Record<string, unknown>> {
  const entries = Object.entries(files).filter(([path]) => path.includes(`/locales/${lang}/`) && inPart(areaOf(path), part));
  const merged: Record<string, unknown> = {};
  await Promise.all(
    entries.map(async ([path, load]) => {
      const area = areaOf(path);
      const { default: messages } = await load();
      if (area === 'refine') Object.assign(merged, messages);
      else merged[area] = messages;
    }),
  );
  return merged;
}

/** What each language has loaded so far. */
const loaded = new Map<Language, Set<Part>>();
const hasPart = (lang: Language, part: Part) => {
  const done = loaded.get(lang);
  return !!done && (done.has('all') || done.has(part) || PARTS.every((p) => done.has(p)));
};

async function ensureLoaded(instance: I18n, lang: Language, part: Part): Promise<void> {
  if (hasPart(lang, part)) return;
  instance.addResourceBundle(lang, 'translation', await loadMessages(lang, part), true, true);
  loaded.set(lang, (loaded.get(lang) ?? new Set<Part>()).add(part));
}

const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/** The texts of the signed-in app (menus, lists, forms), in the current language: the app waits for them. */
export const loadAppTexts = (): Promise<void> => ensureLoaded(i18next, currentLanguage(), 'app');

/** The texts of the signed-in screens, in the current language: the shell waits for them. */
export const loadScreenTexts = (): Promise<void> => ensureLoaded(i18next, currentLanguage(), 'screens');

export async function initI18n(lang: Language = pickLanguage(currentSources())): Promise<I18n> {
  saveLanguage(lang, false);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Only the login page's texts: the signed-in app loads the rest with its own chunks.
  await ensureLoaded(i18next, lang, 'login');
  document.documentElement.lang = lang;
  return i18next;
}

/** Switches language, loading in the new one the same parts the current one has (the login page stays light). */
export async function changeLanguage(lang: Language): Promise<void> {
  const current = currentLanguage();
  await Promise.all(PARTS.filter((part) => hasPart(current, part)).map((part) => ensureLoaded(i18next, lang, part)));
  saveLanguage(lang, true);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/**
 * Refine names a resource by keys of its own: `<id>.<id>` (notifications, breadcrumbs) and
 * `<id>.titles.<action>` (page titles, the list button on edit and detail pages). Without an answer it
 * falls back to English made from the identifier ("Users"), so they map to the resource's label.
 */
const REFINE_RESOURCE_KEY = /^([^.]+)\.(?:titles\.(list|create|edit|show|clone)|([^.]+))$/;
function resourceText(key: string): string | undefined {
  const m = REFINE_RESOURCE_KEY.exec(key);
  if (!m || (m[3] !== undefined && m[3] !== m[1])) return undefined;
  const labelKey = `resources.${m[1]}`;
  if (!i18next.exists(labelKey)) return undefined;
  const label = i18next.t(labelKey);
  return !m[2] || m[2] === 'list' ? label : `${label} - ${i18next.t(`actions.${m[2]}`)}`;
}

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const resource = resourceText(key);
    if (resource !== undefined) return resource;
    // Refine may pass its default text as the second argument.
    const opts = typeof options === 'string' ? { defaultValue: options } : { ...(options ?? {}), defaultValue: defaultMessage ?? options?.defaultValue };
    return String(i18next.t(key, opts as never));
  },
  changeLocale: (lang) => changeLanguage(lang as Language),
  getLocale: () => i18next.language,
};
