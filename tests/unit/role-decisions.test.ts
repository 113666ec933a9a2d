/**
 * Role decisions live in providers/ (the permissions table and its engine), never in server code: a
 * handler that compares a role by hand (`user.role === 'superAdmin'`, or tells an agent by its
 * `parentId`) decides something a reviewer of providers/abilities.ts cannot see. Such a decision
 * becomes a line or a row condition of the table, and the handler asks the ability (`can`,
 * `canRow`, `rowScope`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../providers/roles';

const SERVER = path.resolve('server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const name = `['"\`](?:${ROLES.join('|')})['"\`]`;
const COMPARISONS = [
  // x.role === 'superAdmin', role !== 'supplier'
  new RegExp(`\\brole\\??\\s*[!=]==?\\s*${name}`),
  // 'merchant' === user.role
  new RegExp(`${name}\\s*[!=]==?\\s*[\\w.?]*\\brole\\b`),
  // ['admin', 'superAdmin'].includes(user.role)
  new RegExp(`\\[[^\\]]*${name}[^\\]]*\\]\\s*\\.includes\\([^)]*\\brole\\b`),
  // switch (user.role) { case 'merchant': ... }
  /\bswitch\s*\([^)]*\brole\s*\)/,
  // user.parentId !== null: "is the caller an agent" is a role decision too
  /\bparentId\s*[!=]==?\s*(?:null|undefined)\b/,
];

/** `file:line: code` for every hand-written role comparison in server/. */
function roleComparisons(): string[] {
  return sourceFiles(SERVER).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (COMPARISONS.some((re) => re.test(line)) ? [`${path.relative(path.dirname(SERVER), file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('role decisions', () => {
  it('the scan finds what it looks for', () => {
    const hits = ["if (user.role === 'superAdmin')", "'merchant' !== ctx.user.role", "['admin', 'superAdmin'].includes(user.role)", 'switch (user.role) {', 'if (user.parentId !== null) fail()'];
    for (const line of hits) expect(COMPARISONS.some((re) => re.test(line)), line).toBe(true);
    for (const line of ["eq(users.role, 'supplier')", "body.role !== before.role", "access: { action: 'list', subject: 'users' }"]) expect(COMPARISONS.some((re) => re.test(line)), line).toBe(false);
  });

  it('are made by providers/abilities.ts, not by server code comparing roles', () => {
    expect(roleComparisons()).toEqual([]);
  });
});
