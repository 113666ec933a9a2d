/** locales/README.md's glossary and punctuation rules, held for every text of every language. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../resources/system-config/settings';

type Tree = { [key: string]: string | Tree };
const textsOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : textsOf(v, `${prefix}${k}.`)));
const texts = (lang: string) =>
  readdirSync(path.resolve('locales', lang)).flatMap((file) => textsOf(JSON.parse(readFileSync(path.resolve('locales', lang, file), 'utf8'))).map(([key, text]) => ({ where: `${lang}/${file} ${key}`, text })));
const offending = (lang: string, pattern: RegExp) => texts(lang).filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where}: ${text}`);

describe('glossary', () => {
  it('calls the supplier by one name in each language', () => {
    expect(offending('en-US', /code merchant/i)).toEqual([]);
    expect(offending('zh-CN', /供应商/)).toEqual([]);
    expect(offending('zh-TW', /供應商/)).toEqual([]);
  });

  it('writes Chinese brackets and commas full-width between Chinese words', () => {
    for (const lang of ['zh-CN', 'zh-TW']) {
      expect(offending(lang, /\([^()]*[\u4e00-\u9fff][^()]*\)/)).toEqual([]);
      expect(offending(lang, /[\u4e00-\u9fff],\s?[\u4e00-\u9fff]/)).toEqual([]);
    }
  });

  it('names a system setting by its label, never by its key (the config screen is where the key belongs)', () => {
    // Keys written as one camel-case word (KYC is also the ordinary word).
    const keys = SETTINGS.map((s) => s.name).filter((name) => /[a-z][A-Z]/.test(name));
    for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
      const outside = texts(lang).filter(({ where }) => !where.startsWith(`${lang}/systemConfig.json`));
      expect(outside.filter(({ text }) => keys.some((key) => new RegExp(`\\b${key}\\b`).test(text))).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
    }
  });
});
