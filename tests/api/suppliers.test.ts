import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { memberProfiles, users } from '../../server/db/schema/index.js';

const server = useTestServer();
let admin = '';
let supplier = '';
let supplier2 = '';
beforeAll(async () => {
  admin = await server.login('admin');
  supplier = await server.login('supplier');
  supplier2 = await server.login('supplier2');
});

const idOf = async (account: string) => (await server.database.db.select().from(users).where(eq(users.account, account)))[0];
const agents = (token: string, query: Record<string, unknown> = {}) => server.call('GET', '/admin/getSupplierProxyList', { token, query: { pageIndex: 1, pageNum: 50, ...query } });
const userCount = async () => (await server.database.db.select({ id: users.id }).from(users)).length;

describe('suppliers (code merchants)', () => {
  it('lists top-level suppliers with code-merchant products, not their agents', async () => {
    const page = await server.call('GET', '/supplier/getList', { token: admin, query: { pageIndex: 1, pageSize: 50 } });
    expect(page.code).toBe(200);
    expect(page.data.list.map((s: any) => s.account).sort()).toEqual(['supplier', 'supplier2']);
    const demo = page.data.list.find((s: any) => s.account === 'supplier');
    expect(demo).toMatchObject({ mchId: '30001', productIds: [1034, 3016, 3017], balance: Number(await balanceOf(server.database.db, demo.id)) });
    expect(demo.products[0]).toMatchObject({ productId: 1034, rate: '0.003' });
    expect((await server.call('GET', '/supplier/getList', { token: admin, query: { pageIndex: 1, pageSize: 50, nickname: 'two' } })).data.list.map((s: any) => s.account)).toEqual(['supplier2']);
  });

  it('creates and edits a supplier, refusing bad input with the field named', async () => {
    const created = await server.call('POST', '/supplier/add', { token: admin, body: { nickname: 'Code Merchant', account: 'codem01', password: 'Secret123' } });
    expect(created.data).toMatchObject({ role: 'supplier', mchId: '30003' });
    const before = await userCount();
    const bad = await server.call('POST', '/supplier/add', { token: admin, body: { nickname: 'X', account: 'codem02', password: 'short1' } });
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('password');
    expect(await userCount()).toBe(before);
    const edited = await server.call('POST', '/supplier/update', { token: admin, body: { id: created.data.id, nickname: 'Renamed', account: 'codem01', acceptOrders: false } });
    expect(edited.data).toMatchObject({ nickname: 'Renamed', acceptOrders: false });
  });

  it('lets technical support look suppliers up but change nothing', async () => {
    const tech = await server.login('technicalSupport');
    expect((await server.call('GET', '/supplier/getList', { token: tech, query: { pageIndex: 1 } })).code).toBe(200);
    const before = await userCount();
    expect((await server.call('POST', '/supplier/add', { token: tech, body: { nickname: 'T', account: 'tech01', password: 'Secret123' } })).code).toBe(4003);
    expect(await userCount()).toBe(before);
  });
});

describe('agent management', () => {
  it('shows a supplier only its own agents', async () => {
    const mine = await agents(supplier);
    expect(mine.code).toBe(200);
    expect(mine.data.list.map((a: any) => a.account).sort()).toEqual(['agent01', 'agent02']);
    expect(mine.data.list[0]).toMatchObject({ balance: 250000 });
    const theirs = await agents(supplier2);
    expect(theirs.data.list.map((a: any) => a.account)).toEqual(['agent03']);
    expect(theirs.data.total).toBe(1);
  });

  it('never reads or changes another supplier’s agent (answered as not found)', async () => {
    const other = await idOf('agent03');
    expect((await server.call('GET', '/supplierProxy/getOne', { token: supplier, query: { id: other.id } })).code).toBe(4004);
    const edit = await server.call('POST', '/supplierProxy/update', { token: supplier, body: { id: other.id, nickname: 'Hijack', account: 'agent03' } });
    expect(edit.code).toBe(4004);
    expect((await server.call('GET', '/supplierProxy/delete', { token: supplier, query: { id: other.id } })).code).toBe(4004);
    const after = await idOf('agent03');
    expect(after).toMatchObject({ nickname: 'agent03', deletedAt: null });
  });

  it('creates an agent under the supplier with its own login, edits, deletes and restores it', async () => {
    const created = await server.call('POST', '/supplierProxy/add', { token: supplier, body: { nickname: 'Night shift', account: 'agent09', password: 'Secret123' } });
    expect(created.code).toBe(200);
    const me = await idOf('supplier');
    expect(created.data).toMatchObject({ parentId: me.id, balance: 0 });
    expect(await server.login('agent09', 'Secret123')).toBeTruthy();
    expect((await agents(supplier2)).data.list.map((a: any) => a.account)).not.toContain('agent09');
    const edited = await server.call('POST', '/supplierProxy/update', { token: supplier, body: { id: created.data.id, nickname: 'Day shift', account: 'agent09', password: '' } });
    expect(edited.data.nickname).toBe('Day shift');
    expect((await server.call('GET', '/supplierProxy/delete', { token: supplier, query: { id: created.data.id } })).code).toBe(200);
    expect((await agents(supplier)).data.list.map((a: any) => a.account)).not.toContain('agent09');
    expect((await server.call('POST', '/supplierProxy/restore', { token: supplier, body: { id: created.data.id } })).data).toMatchObject({ deleted: false });
  });

  it.each([
    [{ nickname: 'A', account: 'agent 10', password: 'Secret123' }, 'account'],
    [{ nickname: 'A', account: 'agent10', password: 'abcdefgh' }, 'password'],
    [{ nickname: '', account: 'agent10', password: 'Secret123' }, 'nickname'],
  ])('refuses bad agent input %#, naming the field, and writes nothing', async (body, field) => {
    const before = await userCount();
    const result = await server.call('POST', '/supplierProxy/add', { token: supplier, body });
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('is refused to roles without the agents screen', async () => {
    expect((await agents(admin)).code).toBe(4003);
    expect((await agents(await server.login('merchant'))).code).toBe(4003);
  });

  it('never treats an agent as a supplier on the supplier routes, nor gives it an mchId or key', async () => {
    const agent = await idOf('agent01');
    const profiles = async () => (await server.database.db.select().from(memberProfiles).where(eq(memberProfiles.userId, agent.id))).length;
    expect(await profiles()).toBe(0);
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['/supplier/getOne', 'GET', { id: agent.id }],
      ['/supplier/update', 'POST', { id: agent.id, nickname: 'Hijack', account: 'agent01' }],
      ['/supplier/delete', 'GET', { id: agent.id }],
      ['/supplier/restore', 'POST', { id: agent.id }],
      ['/supplier/setAcceptOrders', 'POST', { id: agent.id, acceptOrders: false }],
      ['/supplier/getMerchantKey', 'GET', { id: agent.id }],
      ['/supplier/regenerateKey', 'POST', { id: agent.id }],
    ];
    for (const [url, method, params] of calls) {
      const result = await server.call(method, url, { token: admin, token2: await server.login2(admin), ...(method === 'GET' ? { query: params } : { body: params }) });
      expect(result.code, url).toBe(4004);
    }
    expect(await profiles()).toBe(0);
    expect(await idOf('agent01')).toMatchObject({ nickname: 'agent01', deletedAt: null });
  });

  it('refuses an agent creating agents (no team of its own), and creates none', async () => {
    const agent = await server.login('agent01');
    const before = await userCount();
    const result = await server.call('POST', '/supplierProxy/add', { token: agent, body: { nickname: 'Sub', account: 'subagent01', password: 'Secret123' } });
    expect(result.code).toBe(4003);
    expect(result.msg).toBe('An agent cannot create agents: agents are created by their supplier');
    expect(await userCount()).toBe(before);
  });
});
