/**
 * The account switches staff and owners flip on an account's protection: Google verification on or
 * off and allowModify (account management), and removing one's own authenticator (the profile).
 * Each is taken behind the second-level password: without token2 the call is refused with the
 * second-level code and nothing changes, not even an audit row; with it the change is made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, users } from '../../server/db/schema/index.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { hashPassword } from '../../server/security/passwords.js';
import { codeAt } from '../../server/security/totp.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let admin = '';
beforeAll(async () => {
  admin = await server.login('admin');
});

async function account(name: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await server.database.db
    .insert(users)
    .values({ account: name, nickname: name, role: 'merchant', passwordHash: await hashPassword(DEMO_PASSWORD), ...extra })
    .returning();
  return row;
}
const rowOf = async (id: number) => (await server.database.db.select().from(users).where(eq(users.id, id)))[0];
const auditCount = async (action: string) => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(auditRecords).where(eq(auditRecords.action, action)))[0].n;

const REFUSED = { code: 1024, msg: 'A second-level password is required for this action' };

describe('account management switches need the second-level password', () => {
  it('switches Google verification off and on only with token2', async () => {
    const user = await account('switchg01', { googleEnabled: true });
    const audits = await auditCount('user.enableGoogleVerify');
    const off = { userId: user.id, enableGoogleVerify: false };
    expect(await server.call('POST', '/user/enableGoogleVerify', { token: admin, body: off })).toMatchObject(REFUSED);
    expect((await rowOf(user.id)).googleEnabled).toBe(true);
    expect(await auditCount('user.enableGoogleVerify')).toBe(audits);

    const token2 = await server.login2(admin);
    expect((await server.call('POST', '/user/enableGoogleVerify', { token: admin, token2, body: off })).code).toBe(200);
    expect((await rowOf(user.id)).googleEnabled).toBe(false);
    expect((await server.call('POST', '/user/enableGoogleVerify', { token: admin, token2, body: { ...off, enableGoogleVerify: true } })).code).toBe(200);
    expect((await rowOf(user.id)).googleEnabled).toBe(true);
    expect(await auditCount('user.enableGoogleVerify')).toBe(audits + 2);
  });

  it('switches allowModify only with token2', async () => {
    const user = await account('switchm01');
    const audits = await auditCount('user.setAllowModify');
    const body = { userId: user.id, allowModify: false };
    expect(await server.call('POST', '/user/setAllowModify', { token: admin, body })).toMatchObject(REFUSED);
    expect((await rowOf(user.id)).allowModify).toBe(true);
    expect(await auditCount('user.setAllowModify')).toBe(audits);

    expect((await server.call('POST', '/user/setAllowModify', { token: admin, token2: await server.login2(admin), body })).code).toBe(200);
    expect((await rowOf(user.id)).allowModify).toBe(false);
    const list = await server.call('GET', '/admin/getUserList', { token: admin, query: { pageIndex: 1, pageNum: 10, account: 'switchm01' } });
    expect(list.data.list[0]).toMatchObject({ account: 'switchm01', allowModify: false });
  });
});

describe('removing one\'s own authenticator', () => {
  it('needs the second-level password as well as a current code', async () => {
    const user = await account('unbindme01', { googleSecret: SECRET, googleConfirmed: true, googleEnabled: true });
    const signedIn = await server.call('POST', '/user/login', { body: { userName: 'unbindme01', password: DEMO_PASSWORD, googleCode: codeAt(SECRET) } });
    expect(signedIn.code, signedIn.msg).toBe(200);
    const token = signedIn.data.token as string;
    const audits = await auditCount('user.unbindForProfile');
    // The login's code is spent: the device shows a new one by the time the owner removes it.
    await server.database.db.update(users).set({ googleLastStep: 0 }).where(eq(users.id, user.id));
    const next = codeAt(SECRET);

    expect(await server.call('POST', '/user/unbindForProfile', { token, body: { googleCode: next } })).toMatchObject(REFUSED);
    expect(await rowOf(user.id)).toMatchObject({ googleConfirmed: true, failedLogins: 0 });
    expect((await rowOf(user.id)).googleSecret).not.toBeNull();
    expect(await auditCount('user.unbindForProfile')).toBe(audits);

    const removed = await server.call('POST', '/user/unbindForProfile', { token, token2: await server.login2(token), body: { googleCode: next } });
    expect(removed.code, removed.msg).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ googleConfirmed: false, googleSecret: null });
    expect((await server.call('GET', '/profile/get', { token })).data).toMatchObject({ googleBound: false });
    expect(await auditCount('user.unbindForProfile')).toBe(audits + 1);
  });
});
