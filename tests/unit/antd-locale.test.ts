import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { antdLocale, followLanguageInDayjs } from '../../src/shell/antd-locale';

describe('antd and dayjs follow the interface language', () => {
  it('gives ConfigProvider the locale object itself, not a module wrapper', () => {
    expect(antdLocale('zh-CN').locale).toBe('zh-cn');
    expect(antdLocale('zh-TW').Pagination?.items_per_page).toBe('條/頁');
    expect(antdLocale('en-US').locale).toBe('en');
  });

  it('switches the date pickers’ month names with the language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: {} });
    followLanguageInDayjs(i18n);
    expect(dayjs('2024-03-01').format('MMMM')).toBe('March');
    await i18n.changeLanguage('zh-TW');
    expect(dayjs('2024-03-01').format('MMMM')).toBe('三月');
    await i18n.changeLanguage('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    await i18n.changeLanguage('en-US');
  });
});
