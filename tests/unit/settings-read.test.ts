/**
 * The config screen says which settings work: a setting not marked `external` (its feature lies
 * outside this product) nor `notInEffect` must be read by the server's code, by name or through a
 * route's Google-code switch; one marked either way must not be read (else the mark is stale).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../resources/system-config/settings';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith('.ts') ? [readFileSync(file, 'utf8')] : [];
  });
}

// The settings' own routes and store name every setting; they govern nothing.
const code = [...sources('server').filter((text) => !text.includes('/system-config/get<Name>') && !text.includes('Reads and writes global settings')), ...sources('resources').filter((t) => !t.includes('The platform\'s global settings'))].join('\n');
const read = (name: string) => code.includes(`'${name}'`) || (name.startsWith('GoogleVerify') && code.includes(`googleCode: '${name.slice('GoogleVerify'.length)}'`));

describe('settings and the code they govern', () => {
  it('every setting in effect is read by the server', () => {
    const unread = SETTINGS.filter((s) => !s.external && !s.notInEffect && !read(s.name)).map((s) => s.name);
    expect(unread).toEqual([]);
  });

  it('a setting marked as not read is really not read', () => {
    const stale = SETTINGS.filter((s) => (s.external || s.notInEffect) && read(s.name)).map((s) => s.name);
    expect(stale).toEqual([]);
  });
});
