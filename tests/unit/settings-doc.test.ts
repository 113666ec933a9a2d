/**
 * docs/settings.md keeps up with the settings: every declared setting has its row, in the table of
 * settings the product reads when it is read and in the other table when it is marked as governing
 * something outside (or not yet wired), and every row names code and tests that exist and name the
 * setting, so "what reads it" and "the test that proves it" are never stale.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../resources/system-config/settings';

const doc = readFileSync('docs/settings.md', 'utf8');
const [readPart, notReadPart] = doc.split('## Not read by this product');

/** The table rows of a part: the settings named in the first cell, and the other cells. */
function rows(part: string): { names: string[]; cells: string[] }[] {
  return part
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      return { names: [...cells[0].matchAll(/`(\w+)`/g)].map((m) => m[1]), cells: cells.slice(1) };
    });
}

const read = rows(readPart);
const notRead = rows(notReadPart);
const isRead = (s: (typeof SETTINGS)[number]) => !s.external && !s.notInEffect;
/** The tests a row cites: `file.test.ts` names, and settings-at-work(-N) for tests/api/settings-at-work(-N).test.ts. */
const citedTests = (cell: string) => [
  ...[...cell.matchAll(/`((?:tests\/unit\/)?[\w-]+\.test\.ts)`/g)].map((m) => (m[1].startsWith('tests/') ? m[1] : `tests/api/${m[1]}`)),
  ...[...cell.matchAll(/\b(settings-at-work(?:-\d)?)\b(?!\.test)/g)].map((m) => `tests/api/${m[1]}.test.ts`),
];
const source = (file: string) => readFileSync(file, 'utf8');
/** A file names a setting by its name, or a Google-code switch by the route's `googleCode`. */
const names = (text: string, setting: string) => text.includes(setting) || (setting.startsWith('GoogleVerify') && text.includes(setting.slice('GoogleVerify'.length)));

describe('docs/settings.md', () => {
  it('lists every setting once, in the table that says whether the product reads it', () => {
    const inRead = read.flatMap((r) => r.names);
    const inNotRead = notRead.flatMap((r) => r.names);
    expect([...inRead].sort()).toEqual(SETTINGS.filter(isRead).map((s) => s.name).sort());
    expect([...inNotRead].sort()).toEqual(SETTINGS.filter((s) => !isRead(s)).map((s) => s.name).sort());
  });

  it('names, for each setting read, code that exists and tests that exist and name the setting', () => {
    for (const row of read) {
      const [, readIn, provenBy] = row.cells;
      const files = [...readIn.matchAll(/`(server\/[\w/.-]+\.ts)`/g)].map((m) => m[1]);
      expect(files.length, row.names.join()).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(file), file).toBe(true);
      // The code that reads the setting: the first file cited, or one of the files it says it is used by.
      for (const name of row.names) expect(files.some((f) => names(source(f), name)), `${name} read in ${files.join(', ')}`).toBe(true);
      const tests = citedTests(provenBy);
      expect(tests.length, row.names.join()).toBeGreaterThan(0);
      for (const test of tests) expect(existsSync(test), test).toBe(true);
      for (const name of row.names) expect(tests.some((t) => names(source(t), name)), `${name} proven by ${tests.join(', ')}`).toBe(true);
    }
  });
});
