/**
 * Sessions: login lock, idle and absolute expiry, second-level login,
 * online users and force logout, Google binding and the per-action Google-code switches.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../server/db/client.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { allRoutes } from '../../server/routes.js';
import { route, type RouteSpec } from '../../server/http/route.js';
import { auditRecords, sessions, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { codeAt } from '../../server/security/totp.js';
import { hashPassword, hashToken } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { SNAPSHOT } from './global-setup.js';
import type { Envelope } from './harness.js';
import { googleSecretOf } from '../../server/users/google-secret.js';

/** Two routes only this file mounts: a second-level action and a Google-guarded one. */
const testRoutes = [
  route({ method: 'POST', url: '/test/secondLevel', access: 'authenticated', secondLevel: true, handler: async () => 'done' }),
  route({ method: 'POST', url: '/test/balance', access: 'authenticated', googleCode: 'BalanceOperation', handler: async () => 'moved' }),
] as RouteSpec[];

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
  app = await buildApp({ database, config: { ...readConfig({}), staticDir: '/nonexistent' }, routes: [...allRoutes, ...testRoutes] });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function call<T = any>(method: 'GET' | 'POST', url: string, options: { token?: string; token2?: string; body?: unknown; query?: Record<string, string> } = {}): Promise<Envelope<T>> {
  const search = new URLSearchParams(options.query ?? {});
  const response = await app.inject({
    method,
    url: `/v1.0${url}${search.size ? `?${search}` : ''}`,
    headers: { ...(options.token ? { token: options.token } : {}), ...(options.token2 ? { token2: options.token2 } : {}), lang: 'en-US' },
    ...(method === 'POST' ? { payload: (options.body ?? {}) as object } : {}),
  });
  return response.json();
}

const login = async (userName: string, password = DEMO_PASSWORD, googleCode = '') => call('POST', '/user/login', { body: { userName, password, googleCode } });
const tokenOf = async (account: string) => {
  const result = await login(account);
  expect(result.code, result.msg).toBe(200);
  return result.data.token as string;
};
const userOf = async (account: string) => (await database.db.select().from(users).where(eq(users.account, account)))[0];
const sessionOf = async (token: string) => (await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];
/** The second-level token of a session (login2), which the account switches need. */
const token2Of = async (token: string) => (await call('POST', '/user/login2', { token, body: { password: DEMO_PASSWORD, logInReason: 'test' } })).data.token2 as string;
const auditCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(auditRecords))[0].n;

describe('route registry', () => {
  it('refuses to start with a route that declares no access', async () => {
    const bad = { method: 'GET', url: '/test/open', handler: async () => null } as unknown as RouteSpec;
    await expect(buildApp({ database, config: { ...readConfig({}), staticDir: '/nonexistent' }, routes: [bad] })).rejects.toThrow(/declares no access/);
  });

  it('refuses to start with a subject or action the abilities file does not know', async () => {
    const unknown = route({ method: 'GET', url: '/test/x', access: { action: 'list', subject: 'noSuchScreen' }, handler: async () => null }) as RouteSpec;
    await expect(buildApp({ database, config: { ...readConfig({}), staticDir: '/nonexistent' }, routes: [unknown] })).rejects.toThrow(/noSuchScreen/);
    const badAction = route({ method: 'GET', url: '/test/y', access: { action: 'regenerateKey', subject: 'users' }, handler: async () => null }) as RouteSpec;
    await expect(buildApp({ database, config: { ...readConfig({}), staticDir: '/nonexistent' }, routes: [badAction] })).rejects.toThrow(/regenerateKey/);
  });
});

describe('login lock', () => {
  it('locks an account for 30 minutes after 10 failed logins, even with the right password', async () => {
    for (let i = 1; i < 10; i++) expect((await login('technicalSupport', 'wrong-password1')).code).toBe(4001);
    const tenth = await login('technicalSupport', 'wrong-password1');
    expect(tenth).toMatchObject({ code: 4029, msg: 'Too many failed attempts, the account is locked for 30 minutes' });
    expect((await login('technicalSupport')).code).toBe(4029);
    const locked = await userOf('technicalSupport');
    expect(locked.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    // Once the lock is over, the right password works again.
    await database.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, locked.id));
    expect((await login('technicalSupport')).code).toBe(200);
  });
});

describe('session expiry (server-side)', () => {
  it('expires a session unused for the idle time', async () => {
    const token = await tokenOf('merchant');
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(200);
    const idle = readConfig({}).idleMinutes;
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (idle + 1) * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(1003);
  });

  it('keeps a session in use alive, then expires it at its absolute end', async () => {
    const token = await tokenOf('merchant');
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(200);
    expect((await sessionOf(token)).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(1003);
  });

  it('revokes the session on logout', async () => {
    const token = await tokenOf('supplier');
    expect((await call('POST', '/user/logout', { token })).code).toBe(200);
    expect((await sessionOf(token)).revokedAt).not.toBeNull();
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(1003);
  });

  it('ends the session a browser held when it logs in again, and no other', async () => {
    const elsewhere = await tokenOf('supplier');
    const held = await tokenOf('supplier');
    const again = await call('POST', '/user/login', { token: held, body: { userName: 'supplier', password: DEMO_PASSWORD } });
    expect(again.code).toBe(200);
    expect((await sessionOf(held)).revokedAt).not.toBeNull();
    expect((await call('POST', '/user/getInfo', { token: held })).code).toBe(1003);
    expect((await call('POST', '/user/getInfo', { token: again.data.token })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token: elsewhere })).code).toBe(200);
  });
});

describe('second-level login', () => {
  it('answers 1024 without token2, issues token2 on login2, and 1025 once it expired', async () => {
    const token = await tokenOf('admin');
    expect((await call('POST', '/test/secondLevel', { token })).code).toBe(1024);
    expect((await call('POST', '/test/secondLevel', { token, token2: 'made-up' })).code).toBe(1024);

    const before = await auditCount();
    const second = await call('POST', '/user/login2', { token, body: { password: DEMO_PASSWORD, logInReason: 'reset a pay password' } });
    expect(second.code, second.msg).toBe(200);
    const token2 = second.data.token2 as string;
    const row = await sessionOf(token);
    expect(row.token2Hash).toBe(hashToken(token2));
    expect(row.token2ExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await auditCount()).toBe(before + 1);
    expect(await call('POST', '/test/secondLevel', { token, token2 })).toMatchObject({ code: 200, data: 'done' });

    // token2 belongs to its session: another session of the same user cannot use it.
    const other = await tokenOf('admin');
    expect((await call('POST', '/test/secondLevel', { token: other, token2 })).code).toBe(1024);

    await database.db.update(sessions).set({ token2ExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, row.id));
    expect((await call('POST', '/test/secondLevel', { token, token2 })).code).toBe(1025);
  });

  it('refuses a wrong password or a missing reason, and writes no token2', async () => {
    const token = await tokenOf('customerService');
    expect((await call('POST', '/user/login2', { token, body: { password: 'wrong-password1', logInReason: 'x' } })).code).toBe(4001);
    const missing = await call('POST', '/user/login2', { token, body: { password: DEMO_PASSWORD, logInReason: '  ' } });
    expect(missing.code).toBe(4000);
    expect(missing.msg).toContain('logInReason');
    expect((await sessionOf(token)).token2Hash).toBeNull();
    expect((await call('POST', '/user/login2', { body: { password: DEMO_PASSWORD, logInReason: 'x' } })).code).toBe(1003);
  });

  it('guards the account screen pay-password reset', async () => {
    const token = await tokenOf('admin');
    const merchant = await userOf('merchant');
    expect((await call('GET', '/admin/resetPayPassword', { token, query: { id: String(merchant.id) } })).code).toBe(1024);
  });
});

describe('online users and force logout', () => {
  it('lists live sessions without any token value, and force logout sends the user to 1003', async () => {
    const victim = await tokenOf('technicalMaintenance');
    const boss = await tokenOf('superAdmin');
    const list = await call('POST', '/user/getSessions', { token: boss });
    expect(list.code).toBe(200);
    const text = JSON.stringify(list.data);
    expect(text).not.toContain(victim);
    expect(text).not.toContain(hashToken(victim));
    const entry = list.data.list.find((s: any) => s.account === 'technicalMaintenance');
    expect(entry).toMatchObject({ role: 'technicalMaintenance', current: false });
    expect(entry.token).toMatch(/^[0-9a-f]{32}$/);
    expect(list.data.list.find((s: any) => s.current)).toMatchObject({ account: 'superAdmin' });

    const before = await auditCount();
    expect((await call('POST', '/user/forceLogout', { token: boss, body: { token: entry.token } })).code).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    expect((await call('POST', '/user/getInfo', { token: victim })).code).toBe(1003);
    expect((await call('POST', '/user/forceLogout', { token: boss, body: { token: entry.token } })).code).toBe(4004);
    const missing = await call('POST', '/user/forceLogout', { token: boss, body: {} });
    expect(missing.code).toBe(4000);
    expect(missing.msg).toContain('token');
  });

  it('pages through sessions seen in the same instant without repeating or skipping one', async () => {
    const boss = await tokenOf('superAdmin');
    for (let i = 0; i < 5; i++) await tokenOf('technicalMaintenance');
    // Every live session but the caller's own (its request touches it) seen at one instant, a minute ago.
    const instant = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await database.db.update(sessions).set({ lastSeenAt: instant }).where(sql`token_hash <> ${hashToken(boss)} and revoked_at is null`);
    const page = async (pageIndex: number, pageSize: number) => (await call('POST', '/user/getSessions', { token: boss, body: { pageIndex, pageSize } })).data;
    const all = await page(1, 100);
    expect(all.list.length).toBeGreaterThanOrEqual(6);
    const paged = [];
    for (let i = 1; i <= Math.ceil(all.list.length / 2); i++) paged.push(...(await page(i, 2)).list);
    expect(paged.map((s: { token: string }) => s.token)).toEqual(all.list.map((s: { token: string }) => s.token));
  });

  it('is superAdmin only', async () => {
    const admin = await tokenOf('admin');
    expect((await call('POST', '/user/getSessions', { token: admin })).code).toBe(4003);
    const sessionsBefore = (await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(sql`revoked_at is not null`))[0].n;
    expect((await call('POST', '/user/forceLogout', { token: admin, body: { token: '0'.repeat(32) } })).code).toBe(4003);
    const sessionsAfter = (await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(sql`revoked_at is not null`))[0].n;
    expect(sessionsAfter).toBe(sessionsBefore);
  });
});

describe('Google verification', () => {
  it('binds, confirms with a device code, then login needs a fresh code (replay refused)', async () => {
    const admin = await tokenOf('admin');
    const admin2 = await token2Of(admin);
    const merchant = await userOf('merchant');
    expect((await call('POST', '/user/enableGoogleVerify', { token: admin, token2: admin2, body: { userId: merchant.id, enableGoogleVerify: true } })).code).toBe(200);

    // Not bound yet: the merchant logs in with the password and binds on /googleVerify.
    const token = await tokenOf('merchant');
    const bound = await call('POST', '/user/bindUserForProfile', { token, body: { userAccount: 'merchant' } });
    expect(bound.code, bound.msg).toBe(200);
    const secret = bound.data.secret as string;
    expect(bound.data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await call('POST', '/user/getInfo', { token })).data).toMatchObject({ enableGoogleVerify: true, confirmBind: false, googleSecret: secret });
    // Stored encrypted with the secrets key: a copy of the database cannot mint codes.
    const stored = (await userOf('merchant')).googleSecret!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    // Someone else's account cannot be bound through the profile call.
    expect((await call('POST', '/user/bindUserForProfile', { token, body: { userAccount: 'admin' } })).code).toBe(4003);

    expect((await call('POST', '/user/confirmBind', { token, body: { userAccount: 'merchant', googleCode: '' } })).code).toBe(4010);
    expect((await call('POST', '/user/confirmBind', { token, body: { userAccount: 'merchant', googleCode: '000000' } })).code).toBe(4011);
    const now = Date.now();
    // A session opened elsewhere with the password alone ends when the owner confirms the new factor; this one stays.
    const elsewhere = await tokenOf('merchant');
    expect((await call('POST', '/user/confirmBind', { token, body: { userAccount: 'merchant', googleCode: codeAt(secret, now) } })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token })).data).toMatchObject({ confirmBind: true, googleSecret: null });
    expect((await call('POST', '/user/getInfo', { token: elsewhere })).code).toBe(1003);

    expect(await login('merchant')).toMatchObject({ code: 4010, msg: 'Google code cannot be empty' });
    expect(await login('merchant', DEMO_PASSWORD, '123456')).toMatchObject({ code: 4011, msg: 'Google code verification failed' });
    // The code used to confirm is spent; a code two steps old is refused; the next step's code works once.
    expect((await login('merchant', DEMO_PASSWORD, codeAt(secret, now))).code).toBe(4011);
    expect((await login('merchant', DEMO_PASSWORD, codeAt(secret, now - 60_000))).code).toBe(4011);
    await database.db.update(users).set({ googleLastStep: Math.floor(now / 30_000) - 1 }).where(eq(users.id, merchant.id));
    const fresh = codeAt(secret, now);
    expect((await login('merchant', DEMO_PASSWORD, ` ${fresh} `)).code).toBe(200);
    expect((await login('merchant', DEMO_PASSWORD, fresh)).code).toBe(4011);

    // An admin resets the binding; the user is signed out and binds a new device.
    expect((await call('POST', '/user/bindUser', { token: admin, body: { userAccount: 'merchant', needToLogout: true } })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(1003);
    expect((await login('merchant')).code).toBe(200);
    expect((await call('POST', '/user/unbind', { token: admin, body: { userAccount: 'merchant' } })).code).toBe(200);
    expect((await call('POST', '/user/enableGoogleVerify', { token: admin, token2: admin2, body: { userId: merchant.id, enableGoogleVerify: false } })).code).toBe(200);
  });

  it('lets only account managers switch verification or reset bindings', async () => {
    const merchantToken = await tokenOf('merchant');
    const admin = await userOf('admin');
    expect((await call('POST', '/user/enableGoogleVerify', { token: merchantToken, body: { userId: admin.id, enableGoogleVerify: true } })).code).toBe(4003);
    expect((await call('POST', '/user/unbind', { token: merchantToken, body: { userAccount: 'admin' } })).code).toBe(4003);
    expect((await call('POST', '/user/confirmBind', { token: merchantToken, body: { userAccount: 'admin', googleCode: '123456' } })).code).toBe(4003);
    const adminToken = await tokenOf('admin');
    const bad = await call('POST', '/user/enableGoogleVerify', { token: adminToken, token2: await token2Of(adminToken), body: { userId: 'x', enableGoogleVerify: true } });
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('userId');
    expect((await userOf('admin')).googleEnabled).toBe(false);
  });

  it('honours the per-action switch declared on the route', async () => {
    const token = await tokenOf('supplier');
    expect(await call('POST', '/test/balance', { token, body: {} })).toMatchObject({ code: 200, data: 'moved' });
    await setSetting(database.db, 'GoogleVerifyBalanceOperation', true);
    try {
      expect((await call('POST', '/test/balance', { token, body: {} })).code).toBe(4010);
      expect((await call('POST', '/test/balance', { token, body: { googleCode: '123456' } })).code).toBe(4013);
      const supplier = await userOf('supplier');
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await database.db.update(users).set({ googleSecret: secret, googleConfirmed: true, googleEnabled: true, googleLastStep: 0 }).where(eq(users.id, supplier.id));
      expect((await call('POST', '/test/balance', { token, body: { googleCode: '000000' } })).code).toBe(4011);
      const code = codeAt(secret);
      expect((await call('POST', '/test/balance', { token, body: { googleCode: code } })).code).toBe(200);
      expect((await call('POST', '/test/balance', { token, body: { googleCode: code } })).code).toBe(4011);
      await database.db.update(users).set({ googleSecret: null, googleConfirmed: false, googleEnabled: false }).where(eq(users.id, supplier.id));
    } finally {
      await setSetting(database.db, 'GoogleVerifyBalanceOperation', false);
    }
  });
});

/** A throwaway account of its own, so locking it disturbs no other test. */
async function freshUser(account: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(users)
    .values({ account, nickname: account, role: 'customerService', passwordHash: await hashPassword(DEMO_PASSWORD), ...extra })
    .returning();
  return row;
}

describe('failed attempts count atomically toward one lock', () => {
  it('locks after 30 parallel wrong passwords, and the right password is then refused', async () => {
    const user = await freshUser('parallel01');
    const results = await Promise.all(Array.from({ length: 30 }, () => login('parallel01', 'wrong-password1')));
    expect(results.every((r) => r.code === 4001 || r.code === 4029)).toBe(true);
    const row = await userOf('parallel01');
    expect(row.failedLogins).toBeGreaterThanOrEqual(10);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await login('parallel01')).code).toBe(4029);
    expect(user.id).toBe(row.id);
  });

  it('counts wrong Google codes at confirmBind toward the lock, outside the refused transaction', async () => {
    await freshUser('guess01', { googleSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', googleEnabled: true });
    const token = await tokenOf('guess01');
    for (let i = 1; i < 10; i++) expect((await call('POST', '/user/confirmBindForProfile', { token, body: { googleCode: '000000' } })).code).toBe(4011);
    expect((await userOf('guess01')).failedLogins).toBe(9);
    expect((await call('POST', '/user/confirmBind', { token, body: { googleCode: '000000' } })).code).toBe(4029);
    // Locked: even the right code is refused now, and so is the password at login.
    expect((await call('POST', '/user/confirmBind', { token, body: { googleCode: codeAt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') } })).code).toBe(4029);
    expect((await userOf('guess01')).googleConfirmed).toBe(false);
    expect((await login('guess01')).code).toBe(4029);
  });

  it('ends the owner\'s other sessions, not this one, when it removes its authenticator', async () => {
    await freshUser('unbind01', { googleSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', googleConfirmed: false, googleEnabled: true });
    const [here, elsewhere] = [(await login('unbind01')).data.token as string, (await login('unbind01')).data.token as string];
    expect((await call('POST', '/user/unbindForProfile', { token: here, token2: await token2Of(here), body: {} })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token: here })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token: elsewhere })).code).toBe(1003);
  });

  it('refuses codes, counted, for a secret the secrets key no longer reads, instead of failing', async () => {
    await freshUser('rekeyed01', { googleSecret: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA', googleConfirmed: true, googleEnabled: true });
    expect(await login('rekeyed01', DEMO_PASSWORD, '123456')).toMatchObject({ code: 4011 });
    expect((await userOf('rekeyed01')).failedLogins).toBe(1);
  });

  it('counts wrong codes at unbindForProfile and at a Google-guarded action', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await freshUser('guess02', { googleSecret: secret, googleConfirmed: true, googleEnabled: true });
    const first = await login('guess02', DEMO_PASSWORD, codeAt(secret));
    expect(first.code, first.msg).toBe(200);
    const token = first.data.token as string;
    expect((await call('POST', '/user/unbindForProfile', { token, token2: await token2Of(token), body: { googleCode: '000000' } })).code).toBe(4011);
    expect((await userOf('guess02')).failedLogins).toBe(1);
    await setSetting(database.db, 'GoogleVerifyBalanceOperation', true);
    try {
      for (let i = 2; i < 10; i++) expect((await call('POST', '/test/balance', { token, body: { googleCode: '000000' } })).code).toBe(4011);
      expect((await call('POST', '/test/balance', { token, body: { googleCode: '000000' } })).code).toBe(4029);
      expect((await call('POST', '/test/balance', { token, body: { googleCode: codeAt(secret, Date.now() + 30_000) } })).code).toBe(4029);
    } finally {
      await setSetting(database.db, 'GoogleVerifyBalanceOperation', false);
    }
    expect((await userOf('guess02')).googleConfirmed).toBe(true);
  });

  it('accepts the same code only once when it arrives twice at the same time', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await freshUser('replay01', { googleSecret: secret, googleConfirmed: true, googleEnabled: true });
    const code = codeAt(secret);
    const results = await Promise.all([login('replay01', DEMO_PASSWORD, code), login('replay01', DEMO_PASSWORD, code)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 4011]);
    // A secret stored in clear before encryption is stored encrypted at its first accepted code, the same secret.
    const resealed = await userOf('replay01');
    expect(resealed.googleSecret).toMatch(/^v1:/);
    expect(googleSecretOf(resealed)).toBe(secret);
  });

  it('throttles login per client IP, answering the envelope', async () => {
    const throttled = await buildApp({ database, config: { ...readConfig({ LOGIN_RATE_LIMIT: '3' }), staticDir: '/nonexistent' } });
    try {
      const attempt = () => throttled.inject({ method: 'POST', url: '/v1.0/user/login', headers: { lang: 'en-US' }, payload: { userName: 'nobody', password: 'x' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe(4001);
      const refused = await attempt();
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ code: 4030, data: null });
      expect(refused.json().msg).toMatch(/^Too many requests, try again in \d+ seconds$/);
      // Recorded as a warning once per address and minute, however many are refused.
      await attempt();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const warnings = await database.db.select().from(auditRecords).where(eq(auditRecords.action, 'session.throttled'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ type: 'warningDetection', target: '/v1.0/user/login', ip: '127.0.0.1', success: false, errorCode: 4030 });
      // Other routes are not throttled.
      expect((await throttled.inject({ method: 'GET', url: '/v1.0/health' })).json().code).toBe(200);
    } finally {
      await throttled.close();
    }
  });
});

describe('audit of sessions and bindings', () => {
  const lastAudit = async (action: string) => (await database.db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(desc(auditRecords.id)).limit(1))[0];

  it('records login and logout with the address', async () => {
    const token = await tokenOf('technicalMaintenance');
    const user = await userOf('technicalMaintenance');
    expect(await lastAudit('session.login')).toMatchObject({ userId: user.id, target: String(user.id), ip: '127.0.0.1' });
    expect((await call('POST', '/user/logout', { token })).code).toBe(200);
    expect(await lastAudit('session.logout')).toMatchObject({ userId: user.id, ip: '127.0.0.1' });
  });

  it('records issuing a Google secret without the secret, and a reset with the true after-state', async () => {
    await freshUser('audit01');
    const token = await tokenOf('audit01');
    const bound = await call('POST', '/user/bindUserForProfile', { token, body: {} });
    const issued = await lastAudit('user.bindUserForProfile');
    expect(issued).toMatchObject({ target: String((await userOf('audit01')).id), after: { secretIssued: true } });
    expect(JSON.stringify(issued)).not.toContain(bound.data.secret);
    const boss = await tokenOf('superAdmin');
    expect((await call('POST', '/user/bindUser', { token: boss, body: { userAccount: 'audit01' } })).code).toBe(200);
    expect((await lastAudit('user.bindUser')).after).toMatchObject({ confirmed: false, enabled: true });
    expect((await userOf('audit01')).googleEnabled).toBe(true);
  });
});
