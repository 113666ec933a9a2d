/**
 * The name blacklist is a plain declared entity: its declaration (resources/name-blacklist), its
 * table and its rule in the abilities file, and no route code of its own. These tests prove the
 * entity kit serves it whole on the real server: list with each filter mode, create, edit, delete,
 * and the refusals (abilities, validation, duplicates, malformed ids) that change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, nameBlacklist } from '../../server/db/schema/index.js';

const server = useTestServer();
let admin = '';
const rows = async () => server.database.db.select().from(nameBlacklist).orderBy(nameBlacklist.id);
const list = (query: Record<string, unknown>, token = admin) => server.call('GET', '/nameBlackList/getList', { token, query: { pageIndex: 1, pageSize: 50, ...query } });
const names = async (query: Record<string, unknown>) => (await list(query)).data.list.map((r: { name: string }) => r.name);

beforeAll(async () => {
  admin = await server.login('admin');
  for (const name of ['Ravi Kumar', 'Ravi Shankar', 'Priya Nair']) {
    const added = await server.call('POST', '/nameBlackList/add', { token: admin, body: { name, remark: 'reported' } });
    expect(added.code).toBe(200);
  }
  // One entry from last year, to tell the time range apart.
  await server.database.db.execute(sql`update name_blacklist set created_at = '2025-01-15 10:00:00+00', enabled = false where name = 'Priya Nair'`);
});

describe('a plain declared entity (name blacklist)', () => {
  it('lists newest first with paging and total', async () => {
    const page = await list({ pageSize: 2 });
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((r: { name: string }) => r.name)).toEqual(['Priya Nair', 'Ravi Shankar']);
  });

  it('filters by contains (case-insensitive, wildcards literal), exact and time range', async () => {
    expect(await names({ name: 'ravi' })).toEqual(['Ravi Shankar', 'Ravi Kumar']);
    expect(await names({ name: '%' })).toEqual([]);
    expect(await names({ enabled: 'false' })).toEqual(['Priya Nair']);
    expect(await names({ startTime: '2025-01-01 00:00:00', endTime: '2025-12-31 23:59:59' })).toEqual(['Priya Nair']);
    expect(await names({ name: 'ravi', enabled: 'true', startTime: '2026-01-01 00:00:00' })).toEqual(['Ravi Shankar', 'Ravi Kumar']);
  });

  it('refuses malformed filters with the field named', async () => {
    for (const [query, field] of [
      [{ enabled: 'yes' }, 'enabled'],
      [{ startTime: '2025-13' }, 'startTime'],
      [{ startTime: '2026-02-01 00:00:00', endTime: '2026-01-01 00:00:00' }, 'endTime'],
      [{ pageIndex: '0x2' }, 'pageIndex'],
      [{ pageSize: '1e1' }, 'pageSize'],
    ] as const) {
      const answer = await list(query);
      expect(answer.code, JSON.stringify(query)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
  });

  it('creates, shows, edits and deletes, each audited', async () => {
    const created = await server.call('POST', '/nameBlackList/add', { token: admin, body: { name: 'Test Payee' } });
    expect(created.data).toMatchObject({ name: 'Test Payee', remark: '', enabled: true });
    const id = created.data.id;
    expect((await server.call('GET', '/nameBlackList/getOne', { token: admin, query: { id } })).data.name).toBe('Test Payee');
    const edited = await server.call('POST', '/nameBlackList/update', { token: admin, body: { id, name: 'Test Payee Two', enabled: false } });
    expect(edited.data).toMatchObject({ name: 'Test Payee Two', remark: '', enabled: false });
    expect((await server.call('GET', '/nameBlackList/delete', { token: admin, query: { id } })).code).toBe(200);
    expect((await server.call('GET', '/nameBlackList/getOne', { token: admin, query: { id } })).code).toBe(4004);
    const audit = await server.database.db.select().from(auditRecords).where(sql`${auditRecords.target} = ${String(id)} and ${auditRecords.action} like 'nameBlacklist.%'`);
    expect(audit.map((a) => a.action).sort()).toEqual(['nameBlacklist.create', 'nameBlacklist.delete', 'nameBlacklist.update']);
  });

  it('refuses bad input and duplicates and writes nothing', async () => {
    const before = await rows();
    for (const [body, code, field] of [
      [{ name: '' }, 4000, 'name'],
      [{ name: 'x'.repeat(129) }, 4000, 'name'],
      [{ name: 'Ravi Kumar' }, 4012, ''],
      [{ name: 'Someone', enabled: 'true' }, 4000, 'enabled'],
    ] as const) {
      const answer = await server.call('POST', '/nameBlackList/add', { token: admin, body });
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.msg).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('changes no row for a malformed id (query digits only, body JSON numbers only)', async () => {
    const before = await rows();
    const [first] = before;
    for (const id of ['0x1', '1e0', ` ${first.id} `, '+1', '']) {
      const answer = await server.call('GET', '/nameBlackList/delete', { token: admin, query: { id } });
      expect(answer.code, `id=${JSON.stringify(id)}`).toBe(4000);
      expect(answer.msg).toContain('id');
    }
    for (const id of [true, [first.id], ` ${first.id} `, String(first.id), 1.5, -1, 2 ** 31]) {
      const answer = await server.call('POST', '/nameBlackList/update', { token: admin, body: { id, name: 'Renamed' } });
      expect(answer.code, `id=${JSON.stringify(id)}`).toBe(4000);
      expect(answer.msg).toContain('id');
    }
    expect(await rows()).toEqual(before);
  });

  it('follows the abilities: customer service adds but never removes, maintenance reads, merchants see nothing', async () => {
    const service = await server.login('customerService');
    const maintenance = await server.login('technicalMaintenance');
    const merchant = await server.login('merchant');
    const [first] = await rows();
    expect((await server.call('POST', '/nameBlackList/add', { token: service, body: { name: 'Reported By Phone' } })).code).toBe(200);
    expect((await server.call('GET', '/nameBlackList/delete', { token: service, query: { id: first.id } })).code).toBe(4003);
    expect((await list({}, maintenance)).code).toBe(200);
    expect((await server.call('POST', '/nameBlackList/add', { token: maintenance, body: { name: 'Nope' } })).code).toBe(4003);
    expect((await list({}, merchant)).code).toBe(4003);
    expect((await server.call('GET', '/nameBlackList/getOne', { token: merchant, query: { id: first.id } })).code).toBe(4003);
    expect((await rows()).find((r) => r.id === first.id)).toBeTruthy();
  });
});
