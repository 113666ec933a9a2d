import dayjs from 'dayjs';
import type { i18n as I18n } from 'i18next';
import enUSModule from 'antd/locale/en_US';
import zhCNModule from 'antd/locale/zh_CN';
import zhTWModule from 'antd/locale/zh_TW';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

type Locale = typeof enUSModule;
// The CommonJS 'antd/locale/*' can reach a "type": "module" app wrapped in { default }, which
// ConfigProvider ignores (antd's own texts would stay English): unwrap it.
const unwrap = (m: Locale): Locale => (m as unknown as { default?: Locale }).default ?? m;
const enUS = unwrap(enUSModule);
const zhCN = unwrap(zhCNModule);
const zhTW = unwrap(zhTWModule);

/** antd's own texts (pagination, pickers, empty states) in the interface language. */
export const antdLocale = (lang: string) => (lang === 'en-US' ? enUS : lang === 'zh-TW' ? zhTW : zhCN);

/** dayjs's locale of an interface language: the month and weekday names antd's date pickers show. */
const dayjsLocale = (lang: string) => (lang === 'en-US' ? 'en' : lang === 'zh-TW' ? 'zh-tw' : 'zh-cn');

/**
 * antd's pickers take month and weekday names from dayjs's global locale, not from ConfigProvider:
 * it follows the interface language from the start and on every switch.
 */
export function followLanguageInDayjs(i18n: I18n): void {
  const apply = (lang: string | undefined) => void dayjs.locale(dayjsLocale(lang ?? ''));
  if (i18n.language) apply(i18n.language);
  i18n.on('languageChanged', apply);
}
