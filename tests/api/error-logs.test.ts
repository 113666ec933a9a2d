import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { errorLogs } from '../../server/db/schema/index.js';

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

  it('caps a huge message instead of storing megabytes', async () => {
    const token = await server.login('admin');
    const saved = await server.call('POST', '/save_error_logger', { token, body: { type: 'rejection', message: 'x'.repeat(50_000) } });
    expect(saved.code).toBe(200);
    const [row] = await server.database.db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(row.message.length).toBe(2000);
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
