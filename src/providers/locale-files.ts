/**
 * Every locale file's loader, locales/<lang>/<area>.json (about 200 of them), and the areas there
 * are. The signed-in app's: the login page has a table of its own files only (./i18n.ts), so the
 * login route does not carry this one.
 */
import { areaOf } from './i18n';

export type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>;

export const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json') as Record<string, LocaleLoader>;

/** Every locale area there is. */
export const AREAS: ReadonlySet<string> = new Set(Object.keys(localeFiles).map(areaOf));
