import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { antdLocale, loadAntdLocale } from '../../src/shell/antd-locale';
import { changeLanguage, initI18n } from '../../src/providers/i18n';

describe('antd and dayjs follow the interface language', () => {
  it('loads one language’s antd texts at a time and gives ConfigProvider the locale object itself, not a module wrapper', async () => {
    expect(antdLocale('zh-TW')).toBeUndefined();
    await loadAntdLocale('zh-CN');
    expect(antdLocale('zh-CN')?.locale).toBe('zh-cn');
    expect(antdLocale('zh-TW')).toBeUndefined();
    await loadAntdLocale('zh-TW');
    expect(antdLocale('zh-TW')?.Pagination?.items_per_page).toBe('條/頁');
  });

  it('has antd’s texts of a language in before the page switches to it', async () => {
    await initI18n('zh-CN');
    expect(antdLocale('en-US')).toBeUndefined();
    await changeLanguage('en-US');
    expect(i18next.language).toBe('en-US');
    expect(antdLocale('en-US')?.locale).toBe('en');
  });

  it('switches the date pickers’ month names with the language once the pickers load', async () => {
    await changeLanguage('en-US');
    await import('../../src/components/fields/dayjs-locale');
    expect(dayjs('2024-03-01').format('MMMM')).toBe('March');
    await changeLanguage('zh-TW');
    expect(dayjs('2024-03-01').format('MMMM')).toBe('三月');
    await changeLanguage('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    await changeLanguage('en-US');
  });
});
