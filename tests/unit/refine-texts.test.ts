/**
 * Refine's own texts through the app's i18n provider, in every language: its resource names
 * (`<id>.<id>`, `<id>.titles.<action>`) come out as the resource's label instead of English made from
 * the identifier, and its error notifications name no status code.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers/i18n';
import { LANGUAGES } from '../../providers/languages';

const read = (lang: string, area: string) => JSON.parse(readFileSync(`locales/${lang}/${area}.json`, 'utf8'));

beforeAll(async () => {
  await i18next.init({ lng: 'zh-CN', fallbackLng: false, resources: {}, interpolation: { escapeValue: false } });
  for (const lang of LANGUAGES) {
    i18next.addResourceBundle(lang, 'translation', { ...read(lang, 'refine'), resources: read(lang, 'resources') });
  }
});

describe.each(LANGUAGES)('Refine texts in %s', (lang) => {
  beforeAll(() => i18next.changeLanguage(lang));
  const label = read(lang, 'resources').users as string;

  it('name a resource by its label', () => {
    expect(i18nProvider.translate('users.users', 'Users')).toBe(label);
    expect(i18nProvider.translate('users.titles.list', 'Users')).toBe(label);
    expect(i18nProvider.translate('users.titles.edit', 'Edit User')).toBe(`${label} - ${read(lang, 'refine').actions.edit}`);
  });

  it('leave other keys to the locale files', () => {
    expect(i18nProvider.translate('buttons.save')).toBe(read(lang, 'refine').buttons.save);
    expect(i18nProvider.translate('unknownThing.unknownThing', 'Fallback')).toBe('Fallback');
  });

  it('show no status code in error notifications', () => {
    for (const key of ['error', 'createError', 'editError', 'deleteError']) {
      expect(i18nProvider.translate(`notifications.${key}`, { resource: label, statusCode: 4012 })).not.toMatch(/4012|status/i);
    }
  });
});
