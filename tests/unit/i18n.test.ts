import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../src/providers/i18n';
import { LANGUAGES } from '../../providers/languages';

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
