/**
 * To-do items: changes held for review while ReviewSupplierAccounts / ReviewAgentChanges is on,
 * decided once by a reviewer, each decision audited and told to the submitter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, messages, receivingAccounts, todoItems, users } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/security/passwords.js';
import { accountApi } from '../../resources/receiving-accounts/kind.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const tokens: Record<string, string> = {};
const api = accountApi('indiaAutoPayout');
const SECRET = 'Login#Secret1';

const accountBody = (cardNumber: string) => ({
  productId: 3024,
  mode: 'manual',
  bankName: 'Review Bank',
  accountName: 'Review Account',
  cardNumber,
  ifscCode: 'ABCD0123456',
  upiAccount: 'review@upi',
  loginPassword: SECRET,
  minAmount: 10_000,
  maxAmount: 5_000_000,
  dailyCountLimit: 100,
  dailyAmountLimit: 10_000_000,
});

const setSwitch = async (name: string, enable: boolean) => expect((await server.call('POST', `/system-config/set${name}`, { token: tokens.superAdmin, body: { enable } })).code).toBe(200);
const accountsWithCard = (cardNumber: string) => server.database.db.select().from(receivingAccounts).where(eq(receivingAccounts.cardNumber, cardNumber));
const idOf = async (account: string) => (await server.database.db.select().from(users).where(eq(users.account, account)))[0].id;
const messagesOf = async (account: string) => server.database.db.select().from(messages).where(eq(messages.userId, await idOf(account))).orderBy(desc(messages.id));

beforeAll(async () => {
  for (const account of ['superAdmin', 'admin', 'supplier', 'supplier2', 'agent01']) tokens[account] = await server.login(account);
});

describe('a supplier’s new receiving account while ReviewSupplierAccounts is on', () => {
  it('is created at once while the switch is off (unchanged behaviour)', async () => {
    const result = await server.call('POST', api.create, { token: tokens.supplier, body: accountBody('700000000001') });
    expect(result).toMatchObject({ code: 200, msg: 'success' });
    expect(await accountsWithCard('700000000001')).toHaveLength(1);
  });

  let itemId = 0;
  it('is held as a pending to-do item, with the review msg, and nothing created', async () => {
    await setSwitch('ReviewSupplierAccounts', true);
    const result = await server.call('POST', api.create, { token: tokens.supplier, body: accountBody('700000000002') });
    expect(result.code).toBe(200);
    expect(result.msg).toBe('Submission successful, awaiting admin review');
    expect(result.data).toMatchObject({ pendingReview: true });
    itemId = result.data.todoItemId;
    expect(await accountsWithCard('700000000002')).toHaveLength(0);
    const zh = await server.call('POST', api.create, { token: tokens.supplier, body: accountBody('700000000003'), lang: 'zh-CN' });
    expect(zh.msg).toBe('提交成功，等待管理员审核');
    // The secret is stored encrypted, and neither lists nor the audit show it.
    const [item] = await server.database.db.select().from(todoItems).where(eq(todoItems.id, itemId));
    expect(item).toMatchObject({ state: 'pending', kind: 'accountCreate' });
    expect(JSON.stringify(item)).not.toContain(SECRET);
    const list = await server.call('GET', '/todoItems/getList', { token: tokens.admin, query: { pageIndex: 1, pageSize: 50, state: 'pending' } });
    expect(list.data.list.map((r: any) => r.id)).toContain(itemId);
    expect(JSON.stringify(list.data)).not.toContain(SECRET);
    expect(JSON.stringify(list.data)).not.toContain('v1:');
    const audits = await server.database.db.select().from(auditRecords).where(like(auditRecords.action, 'todoItem.%'));
    expect(JSON.stringify(audits)).not.toContain(SECRET);
  });

  it('shows staff the pending count; staff accounts are never held', async () => {
    const count = await server.call('GET', '/todoItems/pendingCount', { token: tokens.admin });
    expect(count.data.count).toBeGreaterThanOrEqual(2);
    expect((await server.call('GET', '/todoItems/pendingCount', { token: tokens.supplier })).code).toBe(4003);
    const staff = await server.call('POST', api.create, { token: tokens.admin, body: { ...accountBody('700000000004'), supplierId: await idOf('supplier') } });
    expect(staff.msg).toBe('success');
    expect(await accountsWithCard('700000000004')).toHaveLength(1);
  });

  it('keeps each supplier to its own items, and a supplier decides none', async () => {
    const own = await server.call('GET', '/todoItems/getList', { token: tokens.supplier, query: { pageIndex: 1, pageSize: 50 } });
    expect(own.data.list.map((r: any) => r.id)).toContain(itemId);
    const other = await server.call('GET', '/todoItems/getList', { token: tokens.supplier2, query: { pageIndex: 1, pageSize: 50 } });
    expect(other.data.list).toEqual([]);
    expect((await server.call('GET', '/todoItems/getOne', { token: tokens.supplier2, query: { id: itemId } })).code).toBe(4004);
    expect((await server.call('POST', '/todoItems/approve', { token: tokens.supplier, body: { id: itemId } })).code).toBe(4003);
    expect((await server.call('POST', '/todoItems/reject', { token: tokens.supplier, body: { id: itemId, reason: 'mine' } })).code).toBe(4003);
  });

  it('approving creates the account exactly once, audited and told to the supplier', async () => {
    const [first, second] = await Promise.all([
      server.call('POST', '/todoItems/approve', { token: tokens.admin, body: { id: itemId } }),
      server.call('POST', '/todoItems/approve', { token: tokens.superAdmin, body: { id: itemId } }),
    ]);
    expect([first.code, second.code].sort()).toEqual([200, 4260]);
    const accounts = await accountsWithCard('700000000002');
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ supplierId: await idOf('supplier'), enabled: false });
    // Stored as a direct creation stores it: the secret encrypted, readable by the kit.
    expect(accounts[0].secrets.loginPassword).toMatch(/^v1:/);
    const [item] = await server.database.db.select().from(todoItems).where(eq(todoItems.id, itemId));
    expect(item).toMatchObject({ state: 'approved', targetId: accounts[0].id });
    const audit = await server.database.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'todoItem.approve'), eq(auditRecords.target, String(itemId))));
    expect(audit).toHaveLength(1);
    expect((await messagesOf('supplier'))[0].title).toBe('Your submission was approved');
    expect((await server.call('POST', '/todoItems/reject', { token: tokens.admin, body: { id: itemId, reason: 'late' } })).code).toBe(4260);
  });

  it('rejecting needs a reason, creates nothing and tells the supplier why', async () => {
    const held = await server.call('POST', api.create, { token: tokens.supplier, body: accountBody('700000000005') });
    const id = held.data.todoItemId;
    expect((await server.call('POST', '/todoItems/reject', { token: tokens.admin, body: { id } })).code).toBe(4000);
    expect((await server.call('POST', '/todoItems/reject', { token: tokens.admin, body: { id, reason: '   ' } })).code).toBe(4000);
    const rejected = await server.call('POST', '/todoItems/reject', { token: tokens.admin, body: { id, reason: 'IFSC does not match the bank' } });
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: 'IFSC does not match the bank' });
    expect(await accountsWithCard('700000000005')).toHaveLength(0);
    expect((await messagesOf('supplier'))[0].content).toContain('IFSC does not match the bank');
    expect((await server.database.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'todoItem.reject'), eq(auditRecords.target, String(id))))).length).toBe(1);
    expect((await server.call('POST', '/todoItems/approve', { token: tokens.admin, body: { id } })).code).toBe(4260);
    const seen = await server.call('GET', '/todoItems/getOne', { token: tokens.supplier, query: { id } });
    expect(seen.data).toMatchObject({ state: 'rejected', reason: 'IFSC does not match the bank' });
    await setSwitch('ReviewSupplierAccounts', false);
  });
});

describe('a supplier’s agent changes while ReviewAgentChanges is on', () => {
  it('creates agents at once while the switch is off', async () => {
    const result = await server.call('POST', '/supplierProxy/add', { token: tokens.supplier, body: { nickname: 'Direct', account: 'reviewAgent1', password: 'Secret123' } });
    expect(result).toMatchObject({ code: 200, msg: 'success' });
  });

  it('holds create, edit and delete; approval re-checks against the current state', async () => {
    await setSwitch('ReviewAgentChanges', true);
    const created = await server.call('POST', '/supplierProxy/add', { token: tokens.supplier, body: { nickname: 'Held', account: 'reviewAgent2', password: 'Secret123' } });
    expect(created.msg).toBe('Submission successful, awaiting admin review');
    expect((await server.database.db.select().from(users).where(eq(users.account, 'reviewAgent2'))).length).toBe(0);
    const [stored] = await server.database.db.select().from(todoItems).where(eq(todoItems.id, created.data.todoItemId));
    expect(JSON.stringify(stored)).not.toContain('Secret123');

    const agentId = await idOf('reviewAgent1');
    const edited = await server.call('POST', '/supplierProxy/update', { token: tokens.supplier, body: { id: agentId, nickname: 'Renamed', account: 'reviewAgent1', password: '' } });
    expect(edited.data).toMatchObject({ pendingReview: true });
    const deleted = await server.call('GET', '/supplierProxy/delete', { token: tokens.supplier, query: { id: agentId } });
    expect(deleted.data).toMatchObject({ pendingReview: true });
    expect((await server.database.db.select().from(users).where(eq(users.id, agentId)))[0]).toMatchObject({ nickname: 'Direct', deletedAt: null });

    // Meanwhile another account takes the same name: the held agent is now a duplicate, refused as a direct creation is.
    await server.database.db.insert(users).values({ account: 'reviewAgent2', nickname: 'Taken', role: 'merchant', passwordHash: await hashPassword('Secret123') });
    const refused = await server.call('POST', '/todoItems/approve', { token: tokens.admin, body: { id: created.data.todoItemId } });
    expect(refused.code).toBe(4261);
    const [item] = await server.database.db.select().from(todoItems).where(eq(todoItems.id, created.data.todoItemId));
    expect(item).toMatchObject({ state: 'pending', reviewerId: null });
    expect(item.failure).toContain(refused.msg.split(': ').pop());
    expect((await server.database.db.select().from(users).where(eq(users.account, 'reviewAgent2'))).length).toBe(1);

    expect((await server.call('POST', '/todoItems/approve', { token: tokens.admin, body: { id: edited.data.todoItemId } })).code).toBe(200);
    expect((await server.database.db.select().from(users).where(eq(users.id, agentId)))[0].nickname).toBe('Renamed');
    expect((await server.call('POST', '/todoItems/approve', { token: tokens.superAdmin, body: { id: deleted.data.todoItemId } })).code).toBe(200);
    expect((await server.database.db.select().from(users).where(eq(users.id, agentId)))[0].deletedAt).not.toBeNull();
    expect(await server.database.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'agent.delete'), eq(auditRecords.target, String(agentId))))).toHaveLength(1);
  });

  it('approves a held agent with its password, which then logs in', async () => {
    const held = await server.call('POST', '/supplierProxy/add', { token: tokens.supplier, body: { nickname: 'Night', account: 'reviewAgent3', password: 'Secret123' } });
    expect((await server.call('POST', '/todoItems/approve', { token: tokens.admin, body: { id: held.data.todoItemId } })).code).toBe(200);
    expect(await server.login('reviewAgent3', 'Secret123')).toBeTruthy();
    const [agent] = await server.database.db.select().from(users).where(eq(users.account, 'reviewAgent3'));
    expect(agent.parentId).toBe(await idOf('supplier'));
    await setSwitch('ReviewAgentChanges', false);
  });
});
