/**
 * Interface language: a language picked with the switch is remembered and wins (the original forgot
 * it on a zh-CN or en-US browser); otherwise the browser language if it is zh-CN or en-US; otherwise
 * the saved language; otherwise zh-CN. Locale files are locales/<lang>/<area>.json, each loaded
 * lazily under the key <area> (refine.json holds Refine's own keys at the root): the login page's
 * first, the shell's with the signed-in app, and each screen's with that screen (src/routes.tsx).
 * The login page's files have a loader table of their own; the table of all of them
 * (./locale-files.ts) is fetched with the first other area.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, LOGIN_AREAS, SHELL_AREAS, isLanguage, type Language } from '../../providers/languages';
import { browserLanguage, saveLanguage } from './language-choice';
import type { LocaleLoader } from './locale-files';

// The rule itself is shared with the server (providers/languages.ts), which picks the login page's language.
export { pickLanguage } from '../../providers/languages';

/** A locale file's area: locales/en-US/orders.json -> orders. */
export const areaOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

// The login page's areas (LOGIN_AREAS, which a unit test holds to this pattern) in every language.
const loginFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{app,auth,languages,shell}.json') as Record<string, LocaleLoader>;
/** The login page's table of locale files, for the test that holds it to LOGIN_AREAS. */
export const loginFileAreas = (): string[] => [...new Set(Object.keys(loginFiles).map(areaOf))].sort();

let allFiles: Promise<Record<string, LocaleLoader>> | undefined;
/** The table for these areas: the login page's own, or the whole one (./locale-files.ts), fetched once. */
function tableFor(areas?: readonly string[]): Record<string, LocaleLoader> | Promise<Record<string, LocaleLoader>> {
  if (areas?.every((area) => LOGIN_AREAS.includes(area))) return loginFiles;
  allFiles ??= import('./locale-files').then(
    (m) => m.localeFiles,
    (error: unknown) => {
      allFiles = undefined; // a failed download is tried again next time
      throw error;
    },
  );
  return allFiles;
}

/** The messages of one language, merged: { errors: {...}, fields: {...}, buttons: {...} }; all areas, or those given. */
export async function loadMessages(lang: Language, areas?: readonly string[]): Promise<Record<string, unknown>> {
  const files = await tableFor(areas);
  const entries = Object.entries(files).filter(([path]) => path.includes(`/locales/${lang}/`) && (!areas || areas.includes(areaOf(path))));
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

/** The areas each language has in i18next, and those on their way (one download per area and language). */
const loaded = new Map<Language, Set<string>>();
const loading = new Map<string, Promise<void>>();
const loadedIn = (lang: Language) => loaded.get(lang) ?? loaded.set(lang, new Set()).get(lang)!;
// An area with no file (one a declaration names but has no texts of its own) counts as in once asked for.
const missingIn = (lang: Language, areas: readonly string[]) => areas.filter((area) => !loadedIn(lang).has(area));

function loadArea(lang: Language, area: string): Promise<void> {
  const key = `${lang}/${area}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadMessages(lang, [area]).then(
      (messages) => {
        i18next.addResourceBundle(lang, 'translation', messages, true, true);
        loadedIn(lang).add(area);
      },
      (error: unknown) => {
        loading.delete(key); // a failed download is tried again next time
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/**
 * Loads locale areas in the current language. A switch of language while they download loads them
 * in the new one too: when this resolves, the areas are there in whatever language is shown.
 */
export async function loadTexts(areas: readonly string[]): Promise<void> {
  for (let lang = currentLanguage(); ; lang = currentLanguage()) {
    await Promise.all(missingIn(lang, areas).map((area) => loadArea(lang, area)));
    if (lang === currentLanguage()) return;
  }
}

/** True once these areas are in the current language (a screen renders then, never showing a raw key). */
export const textsReady = (areas: readonly string[]): boolean => missingIn(currentLanguage(), areas).length === 0;

/** One promise per set of areas while they load, as React's `use` needs the same promise on each try. */
const pending = new Map<string, Promise<void>>();
export function textsLoading(areas: readonly string[]): Promise<void> {
  const key = areas.join();
  let promise = pending.get(key);
  if (!promise) {
    promise = loadTexts(areas).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** The texts of the signed-in shell (menus, tags, header, notifications, generic screens): the app waits for them. */
export const loadAppTexts = (): Promise<void> => loadTexts([...LOGIN_AREAS, ...SHELL_AREAS]);

export async function initI18n(lang: Language = browserLanguage()): Promise<I18n> {
  saveLanguage(lang, false);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Only the login page's texts: the signed-in app and each screen load theirs with their chunks.
  await loadTexts(LOGIN_AREAS);
  document.documentElement.lang = lang;
  return i18next;
}

/** What else a language needs before the page switches to it (antd's own texts, src/shell/antd-locale.ts). */
const languageNeeds: ((lang: Language) => Promise<void>)[] = [];
export const beforeLanguageChange = (load: (lang: Language) => Promise<void>): void => void languageNeeds.push(load);

/**
 * Switches language once every area loaded so far (the login page's, the shell's, the screens
 * visited) is in the new one, and what else it needs, so nothing on the page shows a raw key or
 * another language meanwhile.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  await Promise.all(languageNeeds.map((load) => load(lang)));
  for (let areas = missingIn(lang, [...loadedIn(currentLanguage())]); areas.length; areas = missingIn(lang, [...loadedIn(currentLanguage())])) {
    await Promise.all(areas.map((area) => loadArea(lang, area)));
  }
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
