/**
 * An entity added by following resources/README.md word for word: the declaration, table and
 * routes line of its steps 1 to 3 (./complaints-*.ts), the audit names of step 3 and the
 * permissions lines of step 4 (mocked in below, as the README adds them to their files). Signed in
 * as every role, nobody gets a 5000: staff get what their grants say, a merchant only its own
 * rows, a supplier its own and its agents'. Without its owner columns, or with an audit name the
 * log lacks, the kit refuses it at start-up and names the fix.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';

vi.mock('../../providers/abilities', async (original) => {
  const actual = await original<typeof import('../../providers/abilities')>();
  const { screen, ALL, READ, CRUD } = actual;
  return {
    ...actual,
    SCREENS: [
      ...actual.SCREENS,
      screen('complaints', CRUD, { superAdmin: ALL, admin: ALL, customerService: READ }),
      screen('complaints-member', READ, { merchant: ALL, supplier: ALL }),
    ],
  };
});
vi.mock('../../resources/audit-records/actions', async (original) => {
  const actual = await original<typeof import('../../resources/audit-records/actions')>();
  const added: Record<string, readonly string[]> = {
    complaint: ['create', 'update', 'delete'],
  };
  return { ...actual, AUDIT_ACTIONS: [...actual.AUDIT_ACTIONS, ...Object.entries(added).flatMap(([area, verbs]) => verbs.map((v) => `${area}.${v}`))] };
});
vi.mock('../../resources/index', async (original) => {
  const actual = await original<typeof import('../../resources/index')>();
  const { complaints } = await import('./complaints-declaration.js');
  return { ...actual, declarations: [...actual.declarations, complaints] };
});

const { ROLES } = await import('../../providers/roles.js');
const { entityRoutes } = await import('../../server/crud/routes.js');
const { allRoutes } = await import('../../server/routes.js');
const { users } = await import('../../server/db/schema/index.js');
const { renderPermissions } = await import('../../scripts/permissions-report.js');
const { complaints: declaration } = await import('./complaints-declaration.js');
const { complaints, complaintsWithoutOwners, COMPLAINTS_SQL } = await import('./complaints-table.js');
const { complaintRoutes } = await import('./complaints-routes.js');
const { useTestServer } = await import('./harness.js');

const server = useTestServer({}, [...allRoutes, ...complaintRoutes]);
const ids: Record<string, number> = {};
let admin = '';
const list = async (token: string) => server.call('GET', '/complaint/getList', { token, query: { pageIndex: 1, pageSize: 50, orderCode: 'BOOK-' } });
const codesOf = (answer: { data?: { list?: { orderCode: string }[] } }) => (answer.data?.list ?? []).map((r) => r.orderCode).sort();

beforeAll(async () => {
  await server.database.db.execute(sql.raw(COMPLAINTS_SQL));
  for (const row of await server.database.db.select({ id: users.id, account: users.account }).from(users)) ids[row.account] = row.id;
  admin = await server.login('admin');
  const rows = [
    ['BOOK-A', 'merchant', 'supplier'],
    ['BOOK-B', 'merchant2', 'supplier2'],
    ['BOOK-C', 'merchant', 'agent01'],
  ];
  for (const [orderCode, merchant, supplier] of rows) {
    const made = await server.call('POST', '/complaint/add', { token: admin, body: { orderCode, merchantId: ids[merchant], supplierId: ids[supplier] } });
    expect(made.code, made.msg).toBe(200);
  }
});

/** The README with its code blocks' indentation and alignment left out. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const README = flat(readFileSync('resources/README.md', 'utf8'));
/** From the line starting `start` to the first line after it that closes it. */
const block = (file: string, start: string, end: string) => {
  const source = readFileSync(file, 'utf8');
  const from = source.indexOf(start);
  return source.slice(from, source.indexOf(end, from) + end.length);
};

describe('resources/README.md', () => {
  it('shows exactly what this test declares', () => {
    const shown = [
      block('tests/api/complaints-declaration.ts', 'export const complaints', '\n};'),
      block('tests/api/complaints-table.ts', 'export const complaints', '\n});'),
      block('tests/api/complaints-routes.ts', 'export const complaintRoutes', ';'),
      ...readFileSync('tests/api/entity-by-the-book.test.ts', 'utf8').match(/screen\('complaints[^\n]*\),/g)!,
      "complaint: ['create', 'update', 'delete'],",
    ];
    for (const text of shown) expect(README, text).toContain(flat(text));
  });
});

describe('an entity added by the book', () => {
  it('answers every role as its grants say, members only their own rows, nobody 5000', async () => {
    const expected: Record<string, string[] | number> = {
      superAdmin: ['BOOK-A', 'BOOK-B', 'BOOK-C'],
      admin: ['BOOK-A', 'BOOK-B', 'BOOK-C'],
      customerService: ['BOOK-A', 'BOOK-B', 'BOOK-C'],
      technicalMaintenance: 4003,
      technicalSupport: 4003,
      merchant: ['BOOK-A', 'BOOK-C'],
      merchant2: ['BOOK-B'],
      // A supplier reads its own and its agents' rows; an agent its own.
      supplier: ['BOOK-A', 'BOOK-C'],
      supplier2: ['BOOK-B'],
      agent01: ['BOOK-C'],
    };
    expect(Object.keys(expected)).toEqual(expect.arrayContaining([...ROLES]));
    for (const [account, rows] of Object.entries(expected)) {
      const answer = await list(await server.login(account));
      if (typeof rows === 'number') expect(answer.code, account).toBe(rows);
      else expect([answer.code, codesOf(answer)], account).toEqual([200, rows]);
    }
  });

  it('shows, changes and deletes only what each role may, nobody 5000', async () => {
    const [a, b] = [1, 2];
    const merchant = await server.login('merchant');
    expect((await server.call('GET', '/complaint/getOne', { token: merchant, query: { id: a } })).data).toMatchObject({ orderCode: 'BOOK-A' });
    // Another merchant's row is not found, as if it did not exist.
    expect((await server.call('GET', '/complaint/getOne', { token: merchant, query: { id: b } })).code).toBe(4004);
    for (const role of ROLES) {
      const token = await server.login(role);
      const staff = role === 'superAdmin' || role === 'admin';
      const calls = [
        await server.call('GET', '/complaint/getOne', { token, query: { id: a } }),
        await server.call('POST', '/complaint/add', { token, body: { orderCode: `LOOP-${role}`, merchantId: ids.merchant, supplierId: ids.supplier } }),
        await server.call('POST', '/complaint/update', { token, body: { id: a, orderCode: 'BOOK-A' } }),
      ];
      for (const answer of calls) expect(answer.code, `${role}: ${answer.msg}`).not.toBe(5000);
      expect(calls.slice(1).map((c) => c.code), role).toEqual(staff ? [200, 200] : [4003, 4003]);
    }
    expect((await server.call('GET', '/complaint/delete', { token: merchant, query: { id: a } })).code).toBe(4003);
    expect((await server.call('GET', '/complaint/delete', { token: admin, query: { id: b } })).code).toBe(200);
  });

  it('is in the permissions report (`npm run permissions`) where its declaration puts it', () => {
    const report = renderPermissions();
    expect(report).toContain('| `complaints-member` | /complaints/mine | group.collectionOrders | list, show |');
    const member = report.split('\n').filter((line) => line.startsWith('| `complaints-member` |'))[1];
    expect(member.match(/all \(own rows\)/g)).toHaveLength(2);
  });
});

describe('the kit refuses at start-up', () => {
  it('an entity whose table lacks the owner field a member grant reads, naming it and the fix', () => {
    expect(() => entityRoutes({ declaration, table: complaintsWithoutOwners, audit: 'complaint' })).toThrow(
      /^complaints: providers\/abilities\.ts gives supplier "complaints-member" on its own rows only, by their "supplierId", and table complaints has no such column\. .*owner: false/,
    );
  });

  it('an audit action the log has no name for', () => {
    expect(() => entityRoutes({ declaration, table: complaints, audit: 'complaints' })).toThrow(
      'complaints: the audit log has no name for "complaints.create": add "create" to "complaints" in resources/audit-records/actions.ts and its label to locales/<lang>/auditActions.json',
    );
  });
});
