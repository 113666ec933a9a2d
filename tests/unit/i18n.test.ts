import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages, loginFileAreas, pickLanguage } from '../../src/providers/i18n';
import { LANGUAGES, LOGIN_AREAS } from '../../providers/languages';

describe('locale tables', () => {
  it("holds the login page's own table to the login areas, in every language", async () => {
    expect(loginFileAreas()).toEqual([...LOGIN_AREAS].sort());
    for (const lang of LANGUAGES) expect(Object.keys(await loadMessages(lang, LOGIN_AREAS)).sort()).toEqual([...LOGIN_AREAS].sort());
  });
  it('loads any other area from the whole table', async () => {
    const messages = await loadMessages('en-US', ['orders', 'auth']);
    expect(Object.keys(messages).sort()).toEqual(['auth', 'orders']);
  });
});

describe('language pick rule', () => {
  it('uses the browser language when it is zh-CN or en-US', () => {
    expect(pickLanguage({ browser: 'en-US', saved: 'zh-TW' })).toBe('en-US');
    expect(pickLanguage({ browser: 'zh-CN', saved: 'en-US' })).toBe('zh-CN');
  });
  it('otherwise uses the saved language, otherwise zh-CN', () => {
    expect(pickLanguage({ browser: 'fr-FR', saved: 'zh-TW' })).toBe('zh-TW');
    expect(pickLanguage({ browser: 'fr-FR', saved: null })).toBe('zh-CN');
    expect(pickLanguage({ browser: 'de', saved: 'xx' })).toBe('zh-CN');
  });
  it('lets a language picked with the switch win over the browser', () => {
    expect(pickLanguage({ browser: 'en-US', saved: 'zh-TW', chosen: true })).toBe('zh-TW');
  });
});

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));

describe('locales', () => {
  const root = path.resolve('locales');
  const load = (lang: string) =>
    Object.fromEntries(readdirSync(path.join(root, lang)).map((f) => [f, keysOf(JSON.parse(readFileSync(path.join(root, lang, f), 'utf8')))]));

  it('have the same files and keys in every language', () => {
    const [first, ...rest] = LANGUAGES.map(load);
    for (const other of rest) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(first).sort());
      for (const file of Object.keys(first)) expect(other[file]?.slice().sort(), file).toEqual(first[file].slice().sort());
    }
  });

  it('have no empty texts', () => {
    for (const lang of LANGUAGES) {
      for (const file of readdirSync(path.join(root, lang))) {
        const walk = (tree: Tree): void =>
          Object.entries(tree).forEach(([k, v]) => (typeof v === 'string' ? expect(v.trim(), `${lang}/${file}:${k}`).not.toBe('') : walk(v)));
        walk(JSON.parse(readFileSync(path.join(root, lang, file), 'utf8')));
      }
    }
  });
});
