/**
 * Interface language: a language picked with the switch is remembered and wins (the original forgot
 * it on a zh-CN or en-US browser); otherwise the browser language if it is zh-CN or en-US; otherwise
 * the saved language; otherwise zh-CN. Locale files are locales/<lang>/<area>.json, each loaded
 * lazily under the key <area> (refine.json holds Refine's own keys at the root).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, SCREEN_ONLY_AREAS, isLanguage, type Language } from '../../providers/languages';

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

/** Which areas to load: those read before sign-in, those only signed-in screens read, or all. */
type Part = 'boot' | 'screens' | 'all';
const areaOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const inPart = (area: string, part: Part) => part === 'all' || (part === 'screens') === SCREEN_ONLY_AREAS.includes(area);

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

async function ensureLoaded(instance: I18n, lang: Language, part: Part): Promise<void> {
  const done = loaded.get(lang) ?? new Set<Part>();
  if (done.has('all') || done.has(part) || (done.has('boot') && done.has('screens'))) return;
  instance.addResourceBundle(lang, 'translation', await loadMessages(lang, part), true, true);
  loaded.set(lang, done.add(part));
}

/** The texts of the signed-in screens, in the current language: the shell waits for them. */
export const loadScreenTexts = (): Promise<void> => ensureLoaded(i18next, (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE) as Language, 'screens');

export async function initI18n(lang: Language = pickLanguage(currentSources())): Promise<I18n> {
  saveLanguage(lang, false);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(i18next, lang, 'boot');
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLoaded(i18next, lang, 'all');
  saveLanguage(lang, true);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    // Refine may pass its default text as the second argument.
    const opts = typeof options === 'string' ? { defaultValue: options } : { ...(options ?? {}), defaultValue: defaultMessage ?? options?.defaultValue };
    return String(i18next.t(key, opts as never));
  },
  changeLocale: (lang) => changeLanguage(lang as Language),
  getLocale: () => i18next.language,
};
