/**
 * The entity data view: only allow-listed tables, only their listed columns, never a secret
 * column (password hashes, Google secrets, merchant keys, encrypted secrets, token hashes), paged;
 * read-only, for superAdmin and technicalMaintenance only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { ENTITY_TABLES } from '../../resources/entity-view/index.js';

const server = useTestServer();
let superAdmin = '';
let maintenance = '';
const rows = (query: Record<string, unknown>, token = superAdmin) => server.call('GET', '/entityView/getRows', { token, query });
const SECRET = /password|secret|hash|merchantKeyEncrypted|^token/i;
const SECRET_VALUES = ['demoMerchantKey20001', 'demoDeviceToken0001', 'demoMonitorToken0001'];

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  maintenance = await server.login('technicalMaintenance');
  // A secret setting with a value, to prove it is masked.
  const set = await server.call('POST', '/system-config/setBotToken', { token: superAdmin, body: { value: '123456:ABCDEF-bot-token' } });
  expect(set.code, set.msg).toBe(200);
});

describe('entity data view', () => {
  it('lists the allow-listed tables with their columns, none of them secret', async () => {
    const tables = await server.call('GET', '/entityView/getTables', { token: maintenance });
    expect(tables.code).toBe(200);
    expect(tables.data.map((t: { name: string }) => t.name)).toEqual([...ENTITY_TABLES]);
    for (const t of tables.data as { name: string; columns: string[] }[]) expect(t.columns.filter((c) => SECRET.test(c)), t.name).toEqual([]);
  });

  it('never answers a secret column or value, whichever table and page', async () => {
    for (const table of ENTITY_TABLES) {
      const page = await rows({ table, pageSize: 500 }, maintenance);
      expect(page.code, `${table}: ${page.msg}`).toBe(200);
      for (const row of page.data.list as Record<string, unknown>[]) {
        expect(Object.keys(row).filter((k) => SECRET.test(k)), table).toEqual([]);
        expect(Object.keys(row).sort(), table).toEqual([...page.data.columns].sort());
      }
      const text = JSON.stringify(page.data);
      for (const secret of [...SECRET_VALUES, '123456:ABCDEF-bot-token', 'scrypt']) expect(text, table).not.toContain(secret);
    }
    const users = await rows({ table: 'users', pageSize: 500 });
    expect(users.data.list.some((u: { account: string }) => u.account === 'superAdmin')).toBe(true);
    const settings = await rows({ table: 'settings', pageSize: 500 });
    expect(settings.data.list.find((s: { key: string }) => s.key === 'BotToken')).toMatchObject({ value: '••••••' });
  });

  it('refuses any table outside the allow-list, naming the field', async () => {
    for (const table of ['sessions', 'audit_records', 'auditRecords', 'users; drop table users', 'USERS', '', 'idempotencyKeys', 'ledgerEntries']) {
      const answer = await rows({ table });
      expect(answer.code, table).toBe(4000);
      expect(answer.msg).toContain('table');
    }
    expect((await rows({})).code).toBe(4000);
  });

  it('pages rows with a total', async () => {
    const first = await rows({ table: 'users', pageIndex: 1, pageSize: 2 });
    const second = await rows({ table: 'users', pageIndex: 2, pageSize: 2 });
    expect(first.data.list).toHaveLength(2);
    expect(first.data.total).toBeGreaterThanOrEqual(7);
    expect(second.data.total).toBe(first.data.total);
    const ids = [...first.data.list, ...second.data.list].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(4);
    expect((await rows({ table: 'users', pageIndex: '0x1' })).code).toBe(4000);
    expect((await rows({ table: 'users', pageSize: 501 })).code).toBe(4000);
  });

  it('is for superAdmin and technicalMaintenance only', async () => {
    for (const role of ['admin', 'customerService', 'technicalSupport', 'merchant', 'supplier']) {
      const token = await server.login(role);
      expect((await rows({ table: 'users' }, token)).code, role).toBe(4003);
      expect((await server.call('GET', '/entityView/getTables', { token })).code, role).toBe(4003);
    }
  });
});
