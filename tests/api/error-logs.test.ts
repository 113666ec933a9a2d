import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, errorLogs, users } from '../../server/db/schema/index.js';

const server = useTestServer();

describe('save_error_logger', () => {
  it('stores an error of the signed-in user in the error records', async () => {
    const token = await server.login('merchant');
    const saved = await server.call('POST', '/save_error_logger', {
      token,
      body: { type: 'error', message: 'Boom in a screen', url: 'http://localhost/home', stack: 'Error: Boom\n  at Screen' },
    });
    expect(saved.code).toBe(200);
    const [row] = await server.database.db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(row).toMatchObject({ type: 'error', message: 'Boom in a screen', url: 'http://localhost/home', id: saved.data.id });
    expect(row.userId).toEqual(expect.any(Number));
  });

  it('refuses an unknown type or an empty message, and a caller without a session', async () => {
    const token = await server.login('admin');
    const badType = await server.call('POST', '/save_error_logger', { token, body: { type: 'nope', message: 'x' } });
    expect(badType.code).toBe(4000);
    expect(badType.msg).toContain('type');
    expect((await server.call('POST', '/save_error_logger', { token, body: { type: 'error', message: ' ' } })).code).toBe(4000);
    expect((await server.call('POST', '/save_error_logger', { body: { type: 'error', message: 'x' } })).code).toBe(1003);
  });

  it('refuses a field over its bound, naming it, and stores nothing', async () => {
    const token = await server.login('admin');
    const count = async () => (await server.database.db.select({ id: errorLogs.id }).from(errorLogs)).length;
    const before = await count();
    const refusals: [Record<string, unknown>, string][] = [
      [{ message: 'x'.repeat(100_000) }, 'message must be at most 2000 characters'],
      [{ message: 'Boom', stack: 's'.repeat(8001) }, 'stack must be at most 8000 characters'],
      [{ message: 'Boom', url: `http://localhost/${'u'.repeat(2000)}` }, 'url must be at most 2000 characters'],
      [{ message: 'Boom', url: 'javascript:alert(1)' }, 'url has an invalid format'],
    ];
    for (const [body, msg] of refusals) {
      const refused = await server.call('POST', '/save_error_logger', { token, body: { type: 'error', ...body } });
      expect(refused).toMatchObject({ code: 4000, data: null, msg: `Invalid parameter: ${msg}` });
    }
    expect(await count()).toBe(before);
    const atBounds = await server.call('POST', '/save_error_logger', { token, body: { type: 'error', message: 'm'.repeat(2000), stack: 's'.repeat(8000) } });
    expect(atBounds.code, atBounds.msg).toBe(200);
  });

  it('limits each user to 20 saves a minute: the next is refused, stores nothing, and leaves one warning row', async () => {
    const supplier = await server.login('supplier');
    const [{ id: supplierId }] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier'));
    const own = async () => (await server.database.db.select({ id: errorLogs.id }).from(errorLogs).where(eq(errorLogs.userId, supplierId))).length;
    for (let i = 0; i < 20; i++) expect((await server.call('POST', '/save_error_logger', { token: supplier, body: { type: 'error', message: `Flood ${i}` } })).code).toBe(200);
    const stored = await own();
    const audited = async () => (await server.database.db.select({ id: auditRecords.id }).from(auditRecords).where(eq(auditRecords.userId, supplierId))).length;
    const auditBefore = await audited();
    for (let i = 0; i < 5; i++) {
      const refused = await server.call('POST', '/save_error_logger', { token: supplier, body: { type: 'error', message: `Flood more ${i}`, stack: 's'.repeat(8000) } });
      expect(refused).toMatchObject({ code: 4030, data: null });
      expect(refused.msg).toMatch(/^Too many requests, try again in \d+ seconds$/);
    }
    expect(await own()).toBe(stored);
    // Five refusals, one warning row (written after the answer): the refusals cannot fill the audit log either.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await audited()) - auditBefore).toBe(1);
    const [warning] = await server.database.db.select().from(auditRecords).where(and(eq(auditRecords.userId, supplierId), eq(auditRecords.action, 'session.throttled')));
    expect(warning).toMatchObject({ type: 'warningDetection', target: '/v1.0/save_error_logger', success: false, errorCode: 4030, errorMsg: 'user rate limit' });
    // The limit is the user's own: another user behind the same address still saves.
    expect((await server.call('POST', '/save_error_logger', { token: await server.login('merchant'), body: { type: 'error', message: 'Not me' } })).code).toBe(200);
  });

  it('lists a user its own records and superAdmin everyone\'s, newest first', async () => {
    const merchant = await server.login('merchant');
    const admin = await server.login('admin');
    await server.call('POST', '/save_error_logger', { token: merchant, body: { type: 'render', message: 'Merchant screen broke' } });
    await server.call('POST', '/save_error_logger', { token: admin, body: { type: 'error', message: 'Admin screen broke' } });

    const own = await server.call('GET', '/errorLog/getList', { token: merchant, query: { pageIndex: 1, pageSize: 50 } });
    expect(own.code).toBe(200);
    const messages = own.data.list.map((r: { message: string }) => r.message);
    expect(messages).toContain('Merchant screen broke');
    expect(messages).not.toContain('Admin screen broke');
    expect(own.data.total).toBe(own.data.list.length);

    const all = await server.call('GET', '/errorLog/getList', { token: await server.login('superAdmin'), query: { pageIndex: 1, pageSize: 2 } });
    expect(all.data.list.map((r: { message: string; account: string }) => [r.message, r.account])).toEqual([
      ['Admin screen broke', 'admin'],
      ['Merchant screen broke', 'merchant'],
    ]);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
  });
});
