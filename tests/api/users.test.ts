import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, users } from '../../server/db/schema/index.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';

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
    [{ nickname: 'B', account: 'bob01', password: 'Secret1', access: 'admin' }, 'password', 'at least 8'],
    [{ nickname: 'B', account: 'bob01', password: `Secret1${'x'.repeat(58)}`, access: 'admin' }, 'password', 'at most 64'],
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

  it('takes a password of 64 characters, the longest, and logs in with it as typed', async () => {
    const long = `Secret1${'x'.repeat(57)}`;
    expect(long).toHaveLength(64);
    expect((await add({ nickname: 'Long', account: 'long01', password: long, access: 'admin' })).code).toBe(200);
    expect(await server.login('long01', long)).toBeTruthy();
  });

  it('refuses a duplicate account with the platform text', async () => {
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
    // Restoring an account is a balance operation: without the second-level password nothing changes.
    expect((await server.call('POST', '/admin/repairUser', { token: admin, body: { userId: created.id, newAccountName: 'carol02' } })).code).toBe(1024);
    const restored = await server.call('POST', '/admin/repairUser', { token: admin, token2: await server.login2(admin), body: { userId: created.id, newAccountName: 'carol02' } });
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
    expect(result.msg).toBe('Invalid parameter: Nickname (nickname) must be at most 64 characters');
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

describe('an admin never reaches superAdmin', () => {
  const superAdminRow = async () => (await server.database.db.select().from(users).where(eq(users.account, 'superAdmin')))[0];
  const adminRow = async () => (await server.database.db.select().from(users).where(eq(users.account, 'admin')))[0];
  const fingerprint = async () => JSON.stringify(await superAdminRow());

  it('cannot create a superAdmin', async () => {
    const before = await userCount();
    const result = await add({ nickname: 'Boss', account: 'boss01', password: 'Secret123', access: 'superAdmin' });
    expect(result.code).toBe(4003);
    expect(await userCount()).toBe(before);
  });

  it('cannot promote itself or anyone to superAdmin, nor change its own role', async () => {
    const me = await adminRow();
    const promote = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: me.id, nickname: me.nickname, account: me.account, password: '', role: 'superAdmin' } });
    expect(promote.code).toBe(4003);
    const demote = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: me.id, nickname: me.nickname, account: me.account, password: '', role: 'customerService' } });
    expect(demote.code).toBe(4003);
    const other = (await add({ nickname: 'Dan', account: 'dan01', password: 'Secret123', access: 'customerService' })).data;
    const raise = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: other.id, nickname: 'Dan', account: 'dan01', password: '', role: 'superAdmin' } });
    expect(raise.code).toBe(4003);
    expect((await adminRow()).role).toBe('admin');
    expect((await server.database.db.select().from(users).where(eq(users.id, other.id)))[0].role).toBe('customerService');
    // Its own nickname it may still change.
    const rename = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: me.id, nickname: 'Admin A', account: me.account, password: '', role: 'admin' } });
    expect(rename.code, rename.msg).toBe(200);
  });

  it('cannot edit, delete, reset, restore or switch Google off for a superAdmin, but sees it', async () => {
    const boss = await superAdminRow();
    const before = await fingerprint();
    expect((await server.call('GET', '/admin/getUser', { token: admin, query: { id: boss.id } })).data).toMatchObject({ account: 'superAdmin' });
    const edit = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: boss.id, nickname: 'x', account: 'superAdmin', password: 'Taken1234', role: 'superAdmin' } });
    expect(edit.code).toBe(4004);
    const demote = await server.call('POST', '/admin/updateUser', { token: admin, body: { id: boss.id, nickname: 'x', account: 'superAdmin', password: '', role: 'admin' } });
    expect(demote.code).toBe(4004);
    expect((await server.call('GET', '/admin/deleteUser', { token: admin, query: { id: boss.id } })).code).toBe(4004);
    const adminToken2 = await server.login2(admin);
    expect((await server.call('POST', '/user/setAllowModify', { token: admin, token2: adminToken2, body: { userId: boss.id, allowModify: false } })).code).toBe(4004);
    expect((await server.call('POST', '/user/enableGoogleVerify', { token: admin, token2: adminToken2, body: { userId: boss.id, enableGoogleVerify: false } })).code).toBe(4004);
    expect((await server.call('POST', '/user/bindUser', { token: admin, body: { userAccount: 'superAdmin', needToLogout: true } })).code).toBe(4004);
    expect((await server.call('POST', '/user/unbind', { token: admin, body: { userAccount: 'superAdmin' } })).code).toBe(4004);
    expect((await server.call('POST', '/user/confirmBind', { token: admin, body: { userAccount: 'superAdmin', googleCode: '123456' } })).code).toBe(4004);
    // The pay-password reset is refused on the row too, even with the second-level token.
    const token2 = (await server.call('POST', '/user/login2', { token: admin, body: { password: DEMO_PASSWORD, logInReason: 'test' } })).data.token2;
    expect((await server.call('GET', '/admin/resetPayPassword', { token: admin, token2, query: { id: boss.id } })).code).toBe(4004);
    expect(await fingerprint()).toBe(before);
  });

  it('cannot restore a deleted superAdmin', async () => {
    const boss = await server.login('superAdmin');
    const created = (await server.call('POST', '/admin/addUser', { token: boss, body: { nickname: 'B2', account: 'boss02', password: 'Secret123', access: 'superAdmin' } })).data;
    expect((await server.call('GET', '/admin/deleteUser', { token: boss, query: { id: created.id } })).code).toBe(200);
    expect((await server.call('POST', '/admin/repairUser', { token: admin, token2: await server.login2(admin), body: { userId: created.id, newAccountName: 'boss03' } })).code).toBe(4004);
    expect((await server.call('POST', '/admin/repairUser', { token: boss, token2: await server.login2(boss), body: { userId: created.id, newAccountName: 'boss03' } })).code).toBe(200);
  });

  it('cannot use the member lists to reset a superAdmin binding, nor reset its own without a code', async () => {
    const me = await adminRow();
    expect((await server.call('POST', '/user/unbind', { token: admin, body: { userAccount: 'admin' } })).code).toBe(4003);
    expect((await server.call('POST', '/user/enableGoogleVerify', { token: admin, token2: await server.login2(admin), body: { userId: me.id, enableGoogleVerify: false } })).code).toBe(4003);
    // superAdmin manages superAdmins.
    const boss = await server.login('superAdmin');
    const other = (await server.call('POST', '/admin/addUser', { token: boss, body: { nickname: 'B4', account: 'boss04', password: 'Secret123', access: 'superAdmin' } })).data;
    expect((await server.call('POST', '/user/enableGoogleVerify', { token: boss, token2: await server.login2(boss), body: { userId: other.id, enableGoogleVerify: true } })).code).toBe(200);
  });
});
