/**
 * The Google-code switches guard routes that name them in their declaration (`googleCode` on the
 * route, like `access`): the registry checks the request's code before the handler runs. No
 * production route names one yet, so the routes here are declared by the test; the switches are
 * set through the API as an administrator would.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../server/db/client.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { allRoutes } from '../../server/routes.js';
import { route, type RouteSpec } from '../../server/http/route.js';
import { auditRecords, users } from '../../server/db/schema/index.js';
import { codeAt } from '../../server/security/totp.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { SNAPSHOT } from './global-setup.js';
import type { Envelope } from './harness.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const testRoutes = [
  route({
    method: 'POST',
    url: '/test/supplement',
    access: 'authenticated',
    googleCode: 'ManualSupplement',
    handler: async ({ audit }) => {
      await audit('test.supplement', null);
      return 'supplemented';
    },
  }),
  route({ method: 'GET', url: '/test/batch', access: 'authenticated', googleCode: 'BatchOperations', handler: async () => 'batched' }),
] as RouteSpec[];

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const config = { ...readConfig({}), staticDir: '/nonexistent' };

beforeAll(async () => {
  database = await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
  app = await buildApp({ database, config, routes: [...allRoutes, ...testRoutes] });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Options = { token?: string; token2?: string; body?: unknown; query?: Record<string, string> };
async function call<T = any>(method: 'GET' | 'POST', url: string, { token, token2, body, query }: Options = {}): Promise<Envelope<T>> {
  const search = new URLSearchParams(query ?? {});
  const response = await app.inject({
    method,
    url: `/v1.0${url}${search.size ? `?${search}` : ''}`,
    headers: { ...(token ? { token } : {}), ...(token2 ? { token2 } : {}), lang: 'en-US' },
    ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const login = async (userName: string, googleCode?: string) => (await call('POST', '/user/login', { body: { userName, password: DEMO_PASSWORD, googleCode } })).data.token as string;
const auditCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(auditRecords).where(eq(auditRecords.action, 'test.supplement')))[0].n;
const userRow = async (account: string) => (await database.db.select().from(users).where(eq(users.account, account)))[0];

/** Turns a switch on or off through POST /system-config/setGoogleVerify<X>, which needs the second-level token. */
async function setSwitch(name: 'ManualSupplement' | 'BatchOperations', enable: boolean) {
  const token = await login('superAdmin');
  const token2 = (await call('POST', '/user/login2', { token, body: { password: DEMO_PASSWORD, logInReason: 'test' } })).data.token2 as string;
  expect(await call('POST', `/system-config/setGoogleVerify${name}`, { token, token2, body: { enable } })).toMatchObject({ code: 200, data: { enable } });
}

describe('a route that names a Google-code switch', () => {
  it('runs without a code while the switch is off', async () => {
    const token = await login('customerService');
    expect(await call('POST', '/test/supplement', { token })).toMatchObject({ code: 200, data: 'supplemented' });
    expect(await call('GET', '/test/batch', { token })).toMatchObject({ code: 200, data: 'batched' });
  });

  it('with the switch on, needs a bound authenticator and a fresh code, and a refusal writes nothing', async () => {
    await database.db.insert(users).values({ account: 'guarded01', nickname: 'guarded01', role: 'customerService', passwordHash: await hashPassword(DEMO_PASSWORD) });
    const token = await login('guarded01');
    await setSwitch('ManualSupplement', true);
    const audits = await auditCount();

    expect(await call('POST', '/test/supplement', { token })).toMatchObject({ code: 4010, data: null, msg: 'Google code cannot be empty' });
    expect((await call('POST', '/test/supplement', { token, body: { googleCode: '   ' } })).code).toBe(4010);
    expect((await call('POST', '/test/supplement', { token, body: { googleCode: '123456' } })).code).toBe(4013);
    expect(await call('POST', '/test/supplement', { token, body: { googleCode: 123456 } })).toMatchObject({ code: 4000, msg: 'Invalid parameter: googleCode has the wrong type' });

    // Bound but not confirmed is not bound yet.
    await database.db.update(users).set({ googleSecret: SECRET, googleConfirmed: false }).where(eq(users.account, 'guarded01'));
    expect((await call('POST', '/test/supplement', { token, body: { googleCode: codeAt(SECRET) } })).code).toBe(4013);

    await database.db.update(users).set({ googleConfirmed: true, googleLastStep: 0 }).where(eq(users.account, 'guarded01'));
    expect((await call('POST', '/test/supplement', { token, body: { googleCode: '000000' } })).code).toBe(4011);
    // The wrong code counts toward the account lock although its request rolled back.
    expect((await userRow('guarded01')).failedLogins).toBe(1);
    expect(await auditCount()).toBe(audits);

    const code = codeAt(SECRET);
    expect(await call('POST', '/test/supplement', { token, body: { googleCode: code } })).toMatchObject({ code: 200, data: 'supplemented' });
    expect(await auditCount()).toBe(audits + 1);
    expect(await call('POST', '/test/supplement', { token, body: { googleCode: code } })).toMatchObject({ code: 4011, msg: 'Google code verification failed' });
    expect(await auditCount()).toBe(audits + 1);
    // The session survives every refusal.
    expect((await call('POST', '/user/getInfo', { token })).code).toBe(200);

    await setSwitch('ManualSupplement', false);
    expect((await call('POST', '/test/supplement', { token })).code).toBe(200);
  });

  it('reads the code of a GET from its query, and each switch guards only its own routes', async () => {
    await database.db.insert(users).values({ account: 'guarded02', nickname: 'guarded02', role: 'customerService', passwordHash: await hashPassword(DEMO_PASSWORD), googleSecret: SECRET, googleConfirmed: true });
    const token = await login('guarded02');
    await setSwitch('BatchOperations', true);
    try {
      expect((await call('GET', '/test/batch', { token })).code).toBe(4010);
      expect((await call('POST', '/test/supplement', { token })).code).toBe(200);
      expect(await call('GET', '/test/batch', { token, query: { googleCode: codeAt(SECRET) } })).toMatchObject({ code: 200, data: 'batched' });
    } finally {
      await setSwitch('BatchOperations', false);
    }
  });

  it('refuses to start with a switch no caller can pass', async () => {
    const declare = (extra: Partial<RouteSpec>) => buildApp({ database, config, routes: [route({ method: 'POST', url: '/test/x', access: 'authenticated', handler: async () => null, ...extra })] as RouteSpec[] });
    await expect(declare({ access: 'public', googleCode: 'IpRule' })).rejects.toThrow('a public route cannot require a Google code');
    await expect(declare({ googleCode: 'Everything' as never })).rejects.toThrow('unknown Google-code switch "Everything"');
  });
});
