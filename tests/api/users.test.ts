import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, users } from '../../server/db/schema/index.js';

const server = useTestServer();
let admin = '';
beforeAll(async () => {
  admin = await server.login('admin');
});

const add = (body: Record<string, unknown>) => server.call('POST', '/admin/addUser', { token: admin, body });
const userCount = async () => (await server.database.db.select({ id: users.id }).from(users)).length;

describe('account management', () => {
  it('lists users with pageIndex/pageNum and trimmed filters', async () => {
    const page = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 3 } });
    expect(page.code).toBe(200);
    expect(page.data.list).toHaveLength(3);
    expect(page.data.total).toBeGreaterThanOrEqual(7);
    const byAccount = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 10, account: '  merch ' } });
    const accounts = byAccount.data.list.map((u: any) => u.account);
    expect(accounts).toContain('merchant');
    expect(accounts.every((a: string) => a.includes('merch'))).toBe(true);
    const byRole = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 10, access: 'supplier', nickname: '' } });
    expect(byRole.data.list.every((u: any) => u.role === 'supplier')).toBe(true);
    expect(JSON.stringify(page.data)).not.toMatch(/passwordHash|googleSecret|scrypt/);
  });

  it('creates a user and writes an audit record', async () => {
    const result = await add({ nickname: 'Alice', account: 'alice01', password: 'Secret123', access: 'customerService' });
    expect(result.code).toBe(200);
    expect(result.data).toMatchObject({ account: 'alice01', role: 'customerService' });
    const [audit] = await server.database.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ action: 'user.create', target: String(result.data.id) });
    expect(await server.login('alice01', 'Secret123')).toBeTruthy();
  });

  it.each([
    [{ nickname: 'B', account: 'bad name!', password: 'Secret123', access: 'admin' }, 'account', 'only digits and English letters'],
    [{ nickname: 'B', account: 'bob01', password: 'onlyletters', access: 'admin' }, 'password', 'digits and letters'],
    [{ nickname: 'B', account: 'bob01', password: '12345678', access: 'admin' }, 'password', 'digits and letters'],
    [{ nickname: '', account: 'bob01', password: 'Secret123', access: 'admin' }, 'nickname', 'required'],
    [{ nickname: 'B', account: 'bob01', password: 'Secret123', access: 'king' }, 'access', 'allowed values'],
    [{ nickname: 'B', password: 'Secret123', access: 'admin' }, 'account', 'required'],
  ])('refuses bad input %#, naming the field, and writes nothing', async (body, field, reason) => {
    const before = await userCount();
    const result = await add(body);
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain(reason);
    expect(await userCount()).toBe(before);
  });

  it('refuses a duplicate account with the spec text', async () => {
    const result = await add({ nickname: 'Dup', account: 'admin', password: 'Secret123', access: 'admin' });
    expect(result).toMatchObject({ code: 4012, msg: 'Add failed, check whether the account already exists' });
  });

  it('updates, soft-deletes and restores a user', async () => {
    const created = (await add({ nickname: 'Carol', account: 'carol01', password: 'Secret123', access: 'merchant' })).data;
    const carolToken = await server.login('carol01', 'Secret123');
    const updated = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: created.id, nickname: 'Carol B', account: 'carol01', password: '', role: 'merchant' } });
    expect(updated.data.nickname).toBe('Carol B');
    expect((await server.call('GET', '/admin/deleteUser', { token: admin, query: { id: created.id } })).code).toBe(200);
    // A deleted user's session ends and the user no longer logs in.
    expect((await server.call('POST', '/user/getInfo', { token: carolToken })).code).toBe(1003);
    expect((await server.call('POST', '/user/login', { body: { userName: 'carol01', password: 'Secret123' } })).code).toBe(4001);
    const list = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 50, includeDeleted: true, account: 'carol' } });
    expect(list.data.list[0]).toMatchObject({ deleted: true });
    expect((await server.call('GET', '/admin/deleteUser', { token: admin, query: { id: created.id } })).code).toBe(4009);
    const restored = await server.call('POST', '/admin/repairUser', { token: admin, body: { userId: created.id, newAccountName: 'carol02' } });
    expect(restored.data).toMatchObject({ deleted: false, account: 'carol02' });
    expect(await server.login('carol02', 'Secret123')).toBeTruthy();
  });

  it('needs the second-level password to reset a payment password', async () => {
    const [merchant] = await server.database.db.select().from(users).where(eq(users.account, 'merchant'));
    const result = await server.call('GET', '/admin/resetPayPassword', { token: admin, query: { id: merchant.id } });
    expect(result.code).toBe(1024);
  });

  it('is refused to roles without the ability', async () => {
    const merchant = await server.login('merchant');
    const before = await userCount();
    expect((await server.call('GET', '/admin/getUserList', { token: merchant, query: { pageIndex: 1, pageNum: 10 } })).code).toBe(4003);
    expect((await server.call('POST', '/admin/addUser', { token: merchant, body: { nickname: 'X', account: 'x1', password: 'Secret123', access: 'admin' } })).code).toBe(4003);
    expect(await userCount()).toBe(before);
  });

  it('answers user options by role', async () => {
    const options = await server.call('GET', '/user/getUserOptions', { token: admin, query: { role: 'merchant' } });
    expect(options.data.some((o: any) => o.account === 'merchant')).toBe(true);
    expect(options.data.every((o: any) => typeof o.value === 'number' && typeof o.label === 'string')).toBe(true);
  });
});

describe('validation messages', () => {
  it('name the bound of a too-long value', async () => {
    const result = await server.call('POST', '/admin/addUser', { token: admin, body: { nickname: 'N'.repeat(65), account: 'long01', password: 'Secret123', access: 'admin' } });
    expect(result.code).toBe(4000);
    expect(result.msg).toBe('Invalid parameter: nickname must be at most 64 characters');
  });
});

describe('option lists', () => {
  it('are refused to merchants and scoped to its team for a supplier', async () => {
    const merchant = await server.login('merchant');
    expect((await server.call('GET', '/user/getUserOptions', { token: merchant, query: { role: 'merchant' } })).code).toBe(4003);
    const supplier = await server.login('supplier');
    const options = await server.call('GET', '/user/getUserOptions', { token: supplier });
    expect(options.code).toBe(200);
    const [me] = await server.database.db.select().from(users).where(eq(users.account, 'supplier'));
    const team = await server.database.db.select().from(users).where(eq(users.parentId, me.id));
    expect(options.data.map((o: any) => o.id).sort()).toEqual([me.id, ...team.map((u) => u.id)].sort());
  });
});
