/**
 * Every declared screen has its texts in every language, in the shape resources/README.md (step 5)
 * gives: a title per identifier in resources.json, and a label for every field its screens show,
 * found as the screens look for it (src/components/resource/useDeclaration.ts): in the area named
 * as the declaration (`<name>.fields.<field>`), then in its shared `labels` area, then in
 * fields.json. A new entity's texts are checked here with no test of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../providers/languages';
import { declarations } from '../../resources/index';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { complaints } from '../api/complaints-declaration';

const areas = new Map<string, unknown>();
function area(lang: string, name: string): unknown {
  const file = `locales/${lang}/${name}.json`;
  if (!areas.has(file)) areas.set(file, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  return areas.get(file);
}
/** The text of `area.key.path` in a language, as i18next finds it. */
function text(lang: string, key: string): unknown {
  const [first, ...path] = key.split('.');
  return path.reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), area(lang, first));
}
const shown = (f: FieldDeclaration) => f.list || f.filter || f.create || f.edit || f.show;

/** What a declaration lacks of its texts, as `<language>: <key>`. */
function missingTexts(d: ResourceDeclaration): string[] {
  const missing: string[] = [];
  for (const lang of LANGUAGES) {
    for (const key of [d.title ?? `resources.${d.name}`, ...(d.variants ?? []).map((v) => `resources.${v.name}`)]) if (!text(lang, key)) missing.push(`${lang}: ${key}`);
    for (const f of (d.fields ?? []).filter(shown)) {
      const keys = [`${d.name}.fields.${f.name}`, ...(d.labels ? [`${d.labels}.fields.${f.name}`] : []), `fields.${f.name}`];
      if (!keys.some((k) => text(lang, k))) missing.push(`${lang}: ${keys[0]}`);
    }
  }
  return missing;
}

describe('declared screens have their texts', () => {
  it('the check finds what a new entity without its locale files lacks', () => {
    // The README's example entity, whose texts exist only in the README.
    expect(missingTexts(complaints)).toEqual(expect.arrayContaining(['zh-CN: resources.complaints', 'en-US: resources.complaints-member', 'zh-TW: complaints.fields.orderCode']));
    // A label fields.json already has is found there.
    expect(missingTexts(complaints)).not.toContain('en-US: complaints.fields.createdAt');
  });

  it.each(declarations.map((d) => [d.name, d] as const))('%s', (_, d) => {
    expect(missingTexts(d)).toEqual([]);
  });
});
