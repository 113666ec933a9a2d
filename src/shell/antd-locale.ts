/**
 * antd's own texts (pagination, pickers, empty states) in the interface language: only that
 * language's, loaded before the signed-in app renders (App.tsx appReady) and before a language
 * switch takes effect (providers/i18n.ts beforeLanguageChange), so they never show in another.
 */
import type { ConfigProviderProps } from 'antd';
import type { Language } from '../../providers/languages';
import { beforeLanguageChange } from '../providers/i18n';

type Locale = NonNullable<ConfigProviderProps['locale']>;
// The CommonJS 'antd/locale/*' can reach a "type": "module" app wrapped in { default }, which
// ConfigProvider ignores (antd's own texts would stay English): unwrap it.
const unwrap = (m: { default: Locale }): Locale => (m.default as unknown as { default?: Locale }).default ?? m.default;

const LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  'en-US': () => import('antd/locale/en_US'),
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
};

const loaded = new Map<string, Locale>();

/** Loads a language's antd texts once. */
export const loadAntdLocale = async (lang: string): Promise<void> => {
  const load = LOADERS[lang as Language] ?? LOADERS['zh-CN'];
  if (!loaded.has(lang)) loaded.set(lang, unwrap(await load()));
};

/** antd's texts of a language loaded before (loadAntdLocale). */
export const antdLocale = (lang: string): Locale | undefined => loaded.get(lang);

beforeLanguageChange(loadAntdLocale);
