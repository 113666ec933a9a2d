/**
 * The audit log: every change leaves a typed row with who, where, before and after; every refused
 * call and failed login leaves a failure row and changes nothing else; the log lists with filters,
 * exports as CSV, and nothing (no route, no SQL through the app) changes or removes a row.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, nameBlacklist, users } from '../../server/db/schema/index.js';
import { allRoutes } from '../../server/routes.js';

const server = useTestServer();
const db = () => server.database.db;
let boss = '';
let boss2 = '';
let merchant = '';
let bossId = 0;

// The server's jobs write rows of their own as they run (a seeded order timing out, with neither user
// nor account): the tests look at the rows of people, which only the test's calls write.
const byPeople = sql`(${auditRecords.userId} IS NOT NULL OR ${auditRecords.account} IS NOT NULL)`;
const lastRow = async (where = sql`true`) => (await db().select().from(auditRecords).where(and(byPeople, where)).orderBy(desc(auditRecords.id)).limit(1))[0];
const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(auditRecords).where(byPeople))[0].n;
const idOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
const list = (query: Record<string, unknown>, token = boss) => server.call('GET', '/auditRecord/getList', { token, query: { pageIndex: 1, pageSize: 50, ...query } });

beforeAll(async () => {
  boss = await server.login('superAdmin');
  boss2 = await server.login2(boss);
  merchant = await server.login('merchant');
  bossId = await idOf('superAdmin');
});

describe('typed success rows', () => {
  it('a create, an update and a delete, with before and after, the user, account and IP', async () => {
    const added = await server.call('POST', '/nameBlackList/add', { token: boss, body: { name: 'Audit Payee' } });
    expect(added.code).toBe(200);
    const id = added.data.id;
    expect(await lastRow()).toMatchObject({ action: 'nameBlacklist.create', type: 'create', success: true, target: String(id), userId: bossId, account: 'superAdmin', ip: '127.0.0.1', before: null });
    expect((await lastRow()).after).toMatchObject({ name: 'Audit Payee' });

    expect((await server.call('POST', '/nameBlackList/update', { token: boss, body: { id, name: 'Audit Payee 2' } })).code).toBe(200);
    const updated = await lastRow();
    expect(updated).toMatchObject({ action: 'nameBlacklist.update', type: 'update', success: true, account: 'superAdmin' });
    expect(updated.before).toMatchObject({ name: 'Audit Payee' });
    expect(updated.after).toMatchObject({ name: 'Audit Payee 2' });

    expect((await server.call('GET', '/nameBlackList/delete', { token: boss, query: { id } })).code).toBe(200);
    const deleted = await lastRow();
    expect(deleted).toMatchObject({ action: 'nameBlacklist.delete', type: 'update', success: true, after: null });
    expect(deleted.before).toMatchObject({ name: 'Audit Payee 2' });
  });

  it('a setting change, one row, typed update', async () => {
    const before = await count();
    expect((await server.call('POST', '/system-config/setOrderTimeoutMinutes', { token: boss, body: { value: 25 } })).code).toBe(200);
    expect(await count()).toBe(before + 1);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'systemConfig.set', target: 'OrderTimeoutMinutes', type: 'update', success: true, account: 'superAdmin' });
    expect(row.after).toMatchObject({ value: 25 });
  });

  it('a balance adjustment is a payment operation with the balances before and after', async () => {
    const target = await idOf('merchant2');
    const answer = await server.call('POST', '/merchant/adjustBalance', { token: boss, token2: boss2, body: { id: target, amount: 500, reason: 'audit check' }, headers: { 'idempotency-key': randomUUID() } });
    expect(answer.code, answer.msg).toBe(200);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'merchant.adjustBalance', type: 'paymentOperation', success: true, target: String(target) });
    expect(row.before).toBeTruthy();
    expect(row.after).toMatchObject({ reason: 'audit check' });
  });

  it('a second login and a logout carry their own types; secrets never reach a row', async () => {
    const token = await server.login('admin');
    await server.login2(token);
    expect(await lastRow()).toMatchObject({ action: 'user.login2', type: 'secondLogin', account: 'admin', success: true });
    expect((await server.call('POST', '/user/logout', { token })).code).toBe(200);
    expect(await lastRow()).toMatchObject({ action: 'session.logout', type: 'logout', account: 'admin' });
    const all = JSON.stringify(await db().select().from(auditRecords));
    expect(all).not.toContain('Demo@12345');
    expect(all).not.toContain(token);
  });
});

describe('failure rows', () => {
  it('a wrong password: a failed session.login against the account, nothing else changed', async () => {
    const before = (await db().select().from(users).where(eq(users.account, 'customerService')))[0];
    const answer = await server.call('POST', '/user/login', { body: { userName: 'customerService', password: 'wrong-password-9' } });
    expect(answer.code).toBe(4001);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'session.login', success: false, errorCode: 4001, userId: before.id, account: 'customerService', ip: '127.0.0.1' });
    expect(JSON.stringify(row)).not.toContain('wrong-password-9');
    // Only the failed-attempt counter moved.
    const after = (await db().select().from(users).where(eq(users.account, 'customerService')))[0];
    expect({ ...after, failedLogins: before.failedLogins }).toEqual(before);

    expect((await server.call('POST', '/user/login', { body: { userName: 'nobody-here', password: 'x' } })).code).toBe(4001);
    expect(await lastRow()).toMatchObject({ action: 'session.login', success: false, userId: null, account: 'nobody-here' });
  });

  it('a merchant calling an admin route, and a validation failure: failure rows, nothing written', async () => {
    const names = async () => (await db().select().from(nameBlacklist)).length;
    const rows = await names();
    const refused = await server.call('POST', '/nameBlackList/add', { token: merchant, body: { name: 'Sneaky' } });
    expect(refused.code).toBe(4003);
    expect(await lastRow()).toMatchObject({ action: 'nameBlacklist.create', type: 'create', success: false, errorCode: 4003, account: 'merchant', ip: '127.0.0.1', target: null });

    const invalid = await server.call('POST', '/nameBlackList/add', { token: boss, body: { name: '' } });
    expect(invalid.code).toBe(4000);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'nameBlacklist.create', success: false, errorCode: 4000, account: 'superAdmin' });
    expect(row.errorMsg).toContain('name');
    expect(await names()).toBe(rows);
  });
});

describe('the log list and export', () => {
  it('filters by user, type, result, action text and time, newest first', async () => {
    const byUser = await list({ userId: bossId });
    expect(byUser.code).toBe(200);
    expect(byUser.data.list.length).toBeGreaterThan(0);
    expect(byUser.data.list.every((r: any) => r.userId === bossId && r.account === 'superAdmin')).toBe(true);
    const ids = byUser.data.list.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const payments = (await list({ type: 'paymentOperation' })).data.list;
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((r: any) => r.type === 'paymentOperation')).toBe(true);

    const failures = (await list({ result: 'failure', actionText: 'login' })).data.list;
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures.every((r: any) => r.result === 'failure' && r.action.includes('login'))).toBe(true);
    expect(failures[0].errorMsg).toMatch(/^4001 /);

    expect((await list({ startTime: '2020-01-01 00:00:00', endTime: '2020-12-31 23:59:59' })).data.list).toEqual([]);
    expect((await list({ startTime: '2020-01-01 00:00:00', userId: bossId })).data.list.length).toBe(byUser.data.list.length);
  });

  it('refuses the list to a merchant (and records the refusal)', async () => {
    expect((await list({}, merchant)).code).toBe(4003);
    expect(await lastRow()).toMatchObject({ action: '/auditRecord/getList', type: 'fetch', success: false, account: 'merchant' });
  });

  it('exports CSV with formulas neutralised', async () => {
    expect((await server.call('POST', '/nameBlackList/add', { token: boss, body: { name: '=HYPERLINK("x")' } })).code).toBe(200);
    const exported = await server.download('/auditRecord/export', { token: boss, query: { actionText: 'nameBlacklist.create', result: 'success' } });
    expect(exported.code).toBe(200);
    const csv = exported.csv;
    expect(csv.split('\n')[0]).toContain('Action');
    expect(csv).toContain('Name blacklist: Create');
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe('nothing changes or removes a row', () => {
  it('no route whose path names the audit log changes anything', () => {
    const auditRoutes = allRoutes.filter((r) => /audit/i.test(r.url));
    expect(auditRoutes.length).toBeGreaterThan(0);
    for (const r of auditRoutes) {
      expect(r.method, r.url).toBe('GET');
      expect(r.mutates, r.url).toBeUndefined();
      expect(typeof r.access === 'object' && ['list', 'export'].includes(r.access.action), r.url).toBe(true);
    }
  });

  it('UPDATE, DELETE and TRUNCATE through the app database are refused', async () => {
    const before = await count();
    const row = await lastRow();
    // drizzle wraps the database's refusal: the trigger's message is the cause.
    const refused = async (attempt: Promise<unknown>) => {
      const error = (await attempt.then(() => null).catch((e: Error & { cause?: Error }) => e)) as (Error & { cause?: Error }) | null;
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    };
    await refused(db().execute(sql`UPDATE audit_records SET action = 'forged' WHERE id = ${row.id}`));
    await refused(db().execute(sql`DELETE FROM audit_records WHERE id = ${row.id}`));
    await refused(db().execute(sql`DELETE FROM audit_records`));
    await refused(db().execute(sql`TRUNCATE audit_records`));
    await refused(db().update(auditRecords).set({ success: false }).where(eq(auditRecords.id, row.id)));
    expect(await count()).toBe(before);
    expect((await db().select().from(auditRecords).where(and(eq(auditRecords.id, row.id))))[0]).toEqual(row);
  });
});
