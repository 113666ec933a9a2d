/**
 * Role decisions live in providers/ (the permissions table and its engine), never in server code: a
 * handler that compares a role by hand (`user.role === 'superAdmin'`, or tells an agent by its
 * `parentId`) or looks something up by it (`HIDDEN[ctx.user.role]`) decides something a reviewer of
 * providers/abilities.ts cannot see. Such a decision becomes a line or a row condition of the
 * table, and the handler asks the ability (`can`, `canRow`, `rowScope`).
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
  // HIDDEN[ctx.user.role], map[role]: a table keyed by role is a role decision written elsewhere
  /[\w)\]]\[\s*[\w.?!]*\brole\s*(?:as\s+\w+\s*)?\]/,
  // LIMITS.get(user.role)
  /\.get\(\s*[\w.?!]*\brole\s*\)/,
];

/**
 * Lookups keyed by the role of the account a row holds, not the caller's: what kind of account it
 * is, which no permission changes. Each says why; an entry the code no longer has fails the test.
 */
const ACCOUNT_KIND_LOOKUPS: { file: string; code: string; why: string }[] = [
  { file: 'server/merchants/member-store.ts', code: 'FIRST_MCH_ID[role]', why: "a new member's mchId range follows its own role (merchants from 20001, suppliers from 30001)" },
  { file: 'server/merchants/related-account.ts', code: 'RELATED[role]', why: 'the related account made beside a new member is of the other member role' },
  {
    file: 'server/users/google-binding.ts',
    code: 'MEMBER_SUBJECT[target.role]',
    why: "the target account's role names the table's line for it (a merchant's account is also reached through the merchant list); the table decides who may",
  },
];
const allowed = (hit: string) => ACCOUNT_KIND_LOOKUPS.some((a) => hit.startsWith(`${a.file}:`) && hit.includes(a.code));

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
    const hits = [
      "if (user.role === 'superAdmin')",
      "'merchant' !== ctx.user.role",
      "['admin', 'superAdmin'].includes(user.role)",
      'switch (user.role) {',
      'if (user.parentId !== null) fail()',
      'const hidden = HIDDEN[ctx.user.role] ?? [];',
      'const limit = map[role];',
      'LIMITS[user.role as Role]',
      'const max = LIMITS.get(ctx.user.role);',
    ];
    for (const line of hits) expect(COMPARISONS.some((re) => re.test(line)), line).toBe(true);
    const innocent = ["eq(users.role, 'supplier')", 'body.role !== before.role', "access: { action: 'list', subject: 'users' }", 'const [role] = roles;', '{ [role]: ALL }', 'ROLES.map((role) => [role, ALL])'];
    for (const line of innocent) expect(COMPARISONS.some((re) => re.test(line)), line).toBe(false);
  });

  it('are made by providers/abilities.ts, not by server code comparing or looking up roles', () => {
    expect(roleComparisons().filter((hit) => !allowed(hit))).toEqual([]);
  });

  it("allows only lookups by an account's own role that the code still has", () => {
    const hits = roleComparisons();
    for (const a of ACCOUNT_KIND_LOOKUPS) expect(hits.some((hit) => hit.startsWith(`${a.file}:`) && hit.includes(a.code)), `${a.file}: ${a.code}`).toBe(true);
    // The caller's role is never an account's kind.
    for (const a of ACCOUNT_KIND_LOOKUPS) expect(a.code).not.toMatch(/\b(ctx|user|caller)\.role\b/);
  });
});
