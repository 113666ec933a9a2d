/**
 * antd's pickers take month and weekday names from dayjs's global locale, not from ConfigProvider:
 * it follows the interface language from when the pickers first load (their chunk imports this) and
 * on every switch. Nothing else shows a name dayjs translates.
 */
import dayjs from 'dayjs';
import i18next from 'i18next';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

const dayjsLocale = (lang: string) => (lang === 'en-US' ? 'en' : lang === 'zh-TW' ? 'zh-tw' : 'zh-cn');
const apply = (lang: string | undefined) => void dayjs.locale(dayjsLocale(lang ?? ''));

apply(i18next.language);
i18next.on('languageChanged', apply);
