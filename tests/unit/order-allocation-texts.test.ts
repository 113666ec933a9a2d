import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SKIP_REASONS } from '../../resources/orders/allocation-rules';
import { LANGUAGES } from '../../providers/languages';

describe('allocation texts', () => {
  it('name every reason allocation gives for passing over an account, in every language', () => {
    for (const lang of LANGUAGES) {
      const texts = JSON.parse(readFileSync(`locales/${lang}/orderAllocation.json`, 'utf8'));
      expect(Object.keys(texts.reason).sort(), lang).toEqual([...SKIP_REASONS].sort());
    }
  });
});
