/**
 * An entity declared in this file alone (its table, its declaration, one entityRoutes call) is
 * served whole by the kit on the real server: list with paging and each filter mode, getOne,
 * create, edit, soft delete, the withDeleted switch, restore, and the refusals. It borrows the
 * merchant list's subject (every action for superAdmin and admin, nothing for other roles, no row
 * condition) and audit names, since every subject needs its line in the permissions file and
 * every audit action its name in the log (tests/api/entity-by-the-book.test.ts adds its own, as
 * resources/README.md says).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { crudApi } from '../../resources/common/api.js';
import { id, required } from '../../resources/common/rules.js';
import type { ResourceDeclaration } from '../../resources/types.js';
import { entityRoutes } from '../../server/crud/routes.js';
import { allRoutes } from '../../server/routes.js';
import { useTestServer } from './harness.js';

const probes = pgTable('kit_probes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

const KINDS = ['payer', 'payee'] as const;
const shape = { title: required(64), kind: z.enum(KINDS, { error: 'option' }) };
const declaration: ResourceDeclaration = {
  name: 'merchants',
  routes: { list: '/probes' },
  api: crudApi('/kitProbe', { restore: '/kitProbe/restore' }),
  fields: [
    { name: 'title', type: 'text', filter: 'contains' },
    { name: 'kind', type: 'enum', options: { values: KINDS, labelKey: 'kinds' }, filter: 'in' },
    { name: 'createdAt', type: 'datetime', filter: 'range' },
    { name: 'includeDeleted', type: 'boolean', filter: 'withDeleted' },
  ],
  createSchema: z.object(shape),
  editSchema: z.object({ id, ...shape }),
};

const server = useTestServer({}, [...allRoutes.filter((r) => r.url.startsWith('/user/')), ...entityRoutes({ declaration, table: probes, deletedAt: probes.deletedAt, unique: ['title'], audit: 'merchant' })]);
let admin = '';
const list = async (query: Record<string, unknown>) => server.call('GET', '/kitProbe/getList', { token: admin, query: { pageIndex: 1, pageSize: 20, ...query } });
const titles = async (query: Record<string, unknown>) => (await list(query)).data.list.map((r: { title: string }) => r.title);

beforeAll(async () => {
  await server.database.db.execute(sql`create table kit_probes (id serial primary key, title text not null unique, kind text not null, created_at timestamptz not null default now(), deleted_at timestamptz)`);
  admin = await server.login('admin');
  for (const [title, kind] of [['Alpha', 'payer'], ['Beta', 'payee'], ['Gamma', 'payer']]) {
    expect((await server.call('POST', '/kitProbe/add', { token: admin, body: { title, kind } })).code).toBe(200);
  }
  await server.database.db.execute(sql`update kit_probes set created_at = '2025-06-01 12:00:00+00' where title = 'Gamma'`);
});

describe('an entity declared in one file', () => {
  it('lists, pages and filters by every mode', async () => {
    expect((await list({ pageSize: 2 })).data).toMatchObject({ total: 3, list: [{ title: 'Gamma' }, { title: 'Beta' }] });
    expect(await titles({ title: 'ph' })).toEqual(['Alpha']);
    expect(await titles({ kind: 'payer' })).toEqual(['Gamma', 'Alpha']);
    // One of several values arrives as the key repeated, as the admin sends it.
    const several = await server.app.inject({ method: 'GET', url: '/v1.0/kitProbe/getList?pageIndex=1&kind=payer&kind=payee', headers: { token: admin } });
    expect(several.json().data.list.map((r: { title: string }) => r.title)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await titles({ startTime: '2025-01-01 00:00:00', endTime: '2025-12-31 00:00:00' })).toEqual(['Gamma']);
    expect((await list({ kind: 'thief' })).msg).toContain('kind');
  });

  it('creates, shows, edits, soft-deletes, lists deleted on demand and restores', async () => {
    const made = await server.call('POST', '/kitProbe/add', { token: admin, body: { title: 'Delta', kind: 'payee' } });
    const probe = made.data.id;
    expect((await server.call('GET', '/kitProbe/getOne', { token: admin, query: { id: probe } })).data).toMatchObject({ title: 'Delta', kind: 'payee' });
    expect((await server.call('POST', '/kitProbe/update', { token: admin, body: { id: probe, title: 'Delta 2', kind: 'payer' } })).data).toMatchObject({ title: 'Delta 2', kind: 'payer' });
    expect((await server.call('GET', '/kitProbe/delete', { token: admin, query: { id: probe } })).code).toBe(200);
    expect(await titles({ title: 'delta' })).toEqual([]);
    expect(await titles({ title: 'delta', includeDeleted: 'true' })).toEqual(['Delta 2']);
    // A deleted row is neither edited nor deleted again; restoring it twice is refused the second time.
    expect((await server.call('POST', '/kitProbe/update', { token: admin, body: { id: probe, title: 'X', kind: 'payer' } })).code).toBe(4009);
    expect((await server.call('GET', '/kitProbe/delete', { token: admin, query: { id: probe } })).code).toBe(4009);
    expect((await server.call('POST', '/kitProbe/restore', { token: admin, body: { id: probe } })).data).toMatchObject({ title: 'Delta 2' });
    expect((await server.call('POST', '/kitProbe/restore', { token: admin, body: { id: probe } })).code).toBe(4009);
  });

  it('refuses duplicates, bad input, malformed ids and other roles, writing nothing', async () => {
    const count = async () => (await server.database.db.execute(sql`select count(*)::int as n, max(title) as t from kit_probes`)) as unknown as { rows: unknown[] };
    const before = (await count()).rows;
    expect((await server.call('POST', '/kitProbe/add', { token: admin, body: { title: 'Alpha', kind: 'payer' } })).code).toBe(4012);
    expect((await server.call('POST', '/kitProbe/add', { token: admin, body: { title: '', kind: 'payer' } })).msg).toContain('title');
    expect((await server.call('POST', '/kitProbe/update', { token: admin, body: { id: '1', title: 'Alpha', kind: 'payer' } })).msg).toContain('id');
    expect((await server.call('GET', '/kitProbe/delete', { token: admin, query: { id: '0x1' } })).msg).toContain('id');
    expect((await server.call('GET', '/kitProbe/getList', { token: await server.login('merchant'), query: { pageIndex: 1 } })).code).toBe(4003);
    expect((await server.call('GET', '/kitProbe/delete', { token: await server.login('customerService'), query: { id: 1 } })).code).toBe(4003);
    expect((await count()).rows).toEqual(before);
  });
});
