/**
 * Interface language: a language picked with the switch is remembered and wins (the original forgot
 * it on a zh-CN or en-US browser); otherwise the browser language if it is zh-CN or en-US; otherwise
 * the saved language; otherwise zh-CN. Locale files are locales/<lang>/<area>.json, each loaded
 * lazily under the key <area> (refine.json holds Refine's own keys at the root).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../providers/languages';

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

/** All messages of one language, merged: { errors: {...}, fields: {...}, buttons: {...} }. */
export async function loadMessages(lang: Language): Promise<Record<string, unknown>> {
  const entries = Object.entries(files).filter(([path]) => path.includes(`/locales/${lang}/`));
  const merged: Record<string, unknown> = {};
  await Promise.all(
    entries.map(async ([path, load]) => {
      const area = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
      const { default: messages } = await load();
      if (area === 'refine') Object.assign(merged, messages);
      else merged[area] = messages;
    }),
  );
  return merged;
}

async function ensureLoaded(instance: I18n, lang: Language): Promise<void> {
  if (instance.hasResourceBundle(lang, 'translation')) return;
  instance.addResourceBundle(lang, 'translation', await loadMessages(lang), true, true);
}

export async function initI18n(lang: Language = pickLanguage(currentSources())): Promise<I18n> {
  saveLanguage(lang, false);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(i18next, lang);
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLoaded(i18next, lang);
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
