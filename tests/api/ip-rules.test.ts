/**
 * IP rules: the platform whitelist (/ipRule) and a supplier's agent whitelist (/agentIpWhitelist).
 * One address rule for IPv4, IPv6 and CIDR on both sides; a Google code while the switch is on; an
 * account named by enabled rules (itself or through its role) signs in and works only from their
 * addresses, checked at login and on every request of a session already open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, ipRules, sessions, users } from '../../server/db/schema/index.js';
import { setSetting } from '../../server/settings/store.js';
import { codeAt } from '../../server/security/totp.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { ipOrCidr } from '../../resources/ip-rules/rules.js';

const server = useTestServer();
const db = () => server.database.db;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let admin = '';
let supplier = '';
let supplier2 = '';

type Call = { token?: string; body?: object; query?: Record<string, string | number>; ip?: string };
/** A call from a given client address (fastify inject's remoteAddress). */
async function call(method: 'GET' | 'POST', url: string, { token, body, query, ip = '127.0.0.1' }: Call = {}) {
  const search = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]));
  const response = await server.app.inject({
    method,
    url: `/v1.0${url}${search.size ? `?${search}` : ''}`,
    remoteAddress: ip,
    headers: { lang: 'en-US', ...(token ? { token } : {}) },
    ...(method === 'POST' ? { payload: body ?? {} } : {}),
  });
  return response.json();
}
const login = (userName: string, ip: string) => call('POST', '/user/login', { body: { userName, password: DEMO_PASSWORD }, ip });
const userOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0];
const addRule = (body: object, token = admin) => call('POST', '/ipRule/add', { token, body });
const deleteRule = (id: number, token = admin) => call('GET', '/ipRule/delete', { token, query: { id } });

beforeAll(async () => {
  // An administrator with a bound authenticator, for the Google-code switch.
  await db().insert(users).values({ account: 'ipadmin', nickname: 'ipadmin', role: 'admin', passwordHash: await hashPassword(DEMO_PASSWORD), googleSecret: SECRET, googleConfirmed: true });
  admin = (await login('ipadmin', '127.0.0.1')).data.token;
  supplier = (await login('supplier', '127.0.0.1')).data.token;
  supplier2 = (await login('supplier2', '127.0.0.1')).data.token;
});

describe('the address rule (shared by form and server)', () => {
  it('takes IPv4, IPv6 and CIDR of both, trimmed, IPv6 lower-cased', () => {
    for (const [typed, stored] of [
      ['203.0.113.7', '203.0.113.7'],
      [' 10.0.0.0/8 ', '10.0.0.0/8'],
      ['2001:DB8::1', '2001:db8::1'],
      ['2001:db8::/32', '2001:db8::/32'],
      ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ]) {
      expect(ipOrCidr.parse(typed)).toBe(stored);
    }
    for (const bad of ['', '256.1.1.1', '1.2.3', '01.2.3.4', '10.0.0.0/33', '2001:db8::/129', '2001:db8::g', 'localhost', '1.2.3.4/']) {
      expect(ipOrCidr.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses a bad address or target by name and writes nothing; stores the address normalised', async () => {
    const merchant = await userOf('merchant');
    const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(ipRules))[0].n;
    const before = await count();
    for (const [body, field] of [
      [{ address: '300.1.1.1', role: 'technicalSupport' }, 'address'],
      [{ address: '10.0.0.0/40', role: 'technicalSupport' }, 'address'],
      [{ address: '2001:db8::zz', role: 'technicalSupport' }, 'address'],
      [{ address: '10.0.0.1' }, 'userId'],
      [{ address: '10.0.0.1', role: 'technicalSupport', userId: merchant.id }, 'userId'],
      [{ address: '10.0.0.1', role: 'nobody' }, 'role'],
      [{ address: '10.0.0.1', userId: 999999 }, 'userId'],
    ] as const) {
      const answer = await addRule(body);
      expect(answer.code, JSON.stringify(body)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
    expect(await count()).toBe(before);
    const added = await addRule({ address: ' 2001:DB8:AA::/48 ', role: 'technicalSupport', enabled: false, note: 'lab' });
    expect(added.data).toMatchObject({ address: '2001:db8:aa::/48', role: 'technicalSupport', userId: null, enabled: false, note: 'lab', createdByName: 'ipadmin' });
    const audit = await db().select().from(auditRecords).where(and(eq(auditRecords.action, 'ipRule.create'), eq(auditRecords.target, String(added.data.id))));
    expect(audit).toHaveLength(1);
    expect((await deleteRule(added.data.id)).code).toBe(200);
  });

  it('refuses a rule that would shut its author out', async () => {
    const answer = await addRule({ address: '192.0.2.1', role: 'admin' });
    expect(answer.code).toBe(4231);
    expect(answer.msg).toContain('127.0.0.1');
    expect(await db().select().from(ipRules).where(eq(ipRules.role, 'admin'))).toHaveLength(0);
  });

  it('lets technical maintenance read the whitelist and change nothing', async () => {
    const tech = (await login('technicalMaintenance', '127.0.0.1')).data.token;
    expect((await call('GET', '/ipRule/getList', { token: tech, query: { pageIndex: 1 } })).code).toBe(200);
    expect((await addRule({ address: '10.0.0.1', role: 'technicalSupport' }, tech)).code).toBe(4003);
  });
});

describe('Google code for IP rule changes', () => {
  it('is asked to add, edit and delete while GoogleVerifyIpRule is on', async () => {
    await setSetting(db(), 'GoogleVerifyIpRule', true);
    try {
      const body = { address: '198.18.0.0/15', role: 'technicalSupport', enabled: false };
      expect((await addRule(body)).code).toBe(4010);
      const added = await addRule({ ...body, googleCode: codeAt(SECRET) });
      expect(added.code).toBe(200);
      expect((await call('POST', '/ipRule/update', { token: admin, body: { id: added.data.id, ...body, note: 'x' } })).code).toBe(4010);
      expect((await deleteRule(added.data.id)).code).toBe(4010);
      expect((await db().select().from(ipRules).where(eq(ipRules.id, added.data.id)))[0].note).toBe('');
    } finally {
      await setSetting(db(), 'GoogleVerifyIpRule', false);
    }
  });
});

describe('the server honours the rules', () => {
  it('refuses the merchant account from outside its rule at login (no session, no count) and admits it from inside', async () => {
    const merchant = await userOf('merchant');
    const rule = await addRule({ address: '198.51.100.0/24', userId: merchant.id, note: 'office' });
    expect(rule.code).toBe(200);
    const sessionsBefore = (await db().select().from(sessions).where(eq(sessions.userId, merchant.id))).length;
    const refused = await login('merchant', '203.0.113.9');
    expect(refused).toMatchObject({ code: 4230, data: null });
    expect(refused.msg).toContain('203.0.113.9');
    // The refusal is in the audit log: who, from where, refused with what.
    const [refusal] = await db().select().from(auditRecords).where(eq(auditRecords.errorCode, 4230)).orderBy(sql`${auditRecords.id} desc`).limit(1);
    expect(refusal).toMatchObject({ success: false, ip: '203.0.113.9', errorMsg: refused.msg });
    expect(refusal.account === 'merchant' || refusal.userId === merchant.id).toBe(true);
    expect((await db().select().from(sessions).where(eq(sessions.userId, merchant.id))).length).toBe(sessionsBefore);
    expect((await userOf('merchant')).failedLogins).toBe(0);
    expect((await login('merchant', '198.51.100.20')).code).toBe(200);
    // An IPv4 client as a dual-stack socket reports it.
    expect((await login('merchant', '::ffff:198.51.100.21')).code).toBe(200);
    expect((await login('merchant', '::ffff:203.0.113.9')).code).toBe(4230);
    // A disabled rule names no one.
    await call('POST', '/ipRule/update', { token: admin, body: { id: rule.data.id, address: '198.51.100.0/24', userId: merchant.id, enabled: false } });
    expect((await login('merchant', '203.0.113.9')).code).toBe(200);
    expect((await deleteRule(rule.data.id)).code).toBe(200);
  });

  it('applies a role rule to every account of the role', async () => {
    const rule = await addRule({ address: '192.0.2.10', role: 'customerService' });
    expect((await login('customerService', '192.0.2.10')).code).toBe(200);
    expect((await login('customerService', '192.0.2.11')).code).toBe(4230);
    // Other roles are not named.
    expect((await login('technicalSupport', '192.0.2.11')).code).toBe(200);
    await deleteRule(rule.data.id);
  });

  it('matches IPv6 addresses and blocks whatever way they are written, and refuses an open session once a rule is added', async () => {
    const merchant2 = await userOf('merchant2');
    const token = (await login('merchant2', '203.0.113.50')).data.token;
    expect((await call('POST', '/user/getInfo', { token, ip: '203.0.113.50' })).code).toBe(200);
    const block = await addRule({ address: '2001:db8::/32', userId: merchant2.id });
    const single = await addRule({ address: '2001:db8:ffff::1', userId: merchant2.id });
    expect(block.code).toBe(200);
    const refused = await call('POST', '/user/getInfo', { token, ip: '203.0.113.50' });
    expect(refused.code).toBe(4230);
    expect((await call('POST', '/user/getInfo', { token, ip: '2001:db8:0:1::7' })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token, ip: '2001:db9::1' })).code).toBe(4230);
    await deleteRule(block.data.id);
    expect((await call('POST', '/user/getInfo', { token, ip: '2001:DB8:FFFF:0:0:0:0:1' })).code).toBe(200);
    expect((await call('POST', '/user/getInfo', { token, ip: '2001:db8::7' })).code).toBe(4230);
    await deleteRule(single.data.id);
    expect((await call('POST', '/user/getInfo', { token, ip: '203.0.113.50' })).code).toBe(200);
  });
});

describe("a supplier's agent whitelist", () => {
  const add = (body: object, token = supplier) => call('POST', '/agentIpWhitelist/add', { token, body });
  const list = (token = supplier) => call('GET', '/agentIpWhitelist/getList', { token, query: { pageIndex: 1 } });

  it('keeps a supplier to rules naming its own agents, refused to others', async () => {
    const [agent01, agent03, me] = [await userOf('agent01'), await userOf('agent03'), await userOf('supplier')];
    expect((await add({ address: '10.1.0.0/16', userId: agent03.id })).code).toBe(4003);
    expect((await add({ address: '10.1.0.0/16', userId: me.id })).code).toBe(4000);
    expect((await add({ address: '10.1.0.300', userId: agent01.id })).code).toBe(4000);
    const mine = await add({ address: '10.1.0.0/16', userId: agent01.id, note: 'branch' });
    expect(mine.data).toMatchObject({ address: '10.1.0.0/16', userId: agent01.id, enabled: true });
    expect((await list()).data.list.map((r: { id: number }) => r.id)).toEqual([mine.data.id]);
    // Another supplier neither sees nor changes it; the platform list does not hold it.
    expect((await list(supplier2)).data.total).toBe(0);
    expect((await call('GET', '/agentIpWhitelist/getOne', { token: supplier2, query: { id: mine.data.id } })).code).toBe(4004);
    expect((await call('POST', '/agentIpWhitelist/update', { token: supplier2, body: { id: mine.data.id, address: '0.0.0.0/0', userId: agent01.id } })).code).toBe(4004);
    expect((await call('GET', '/agentIpWhitelist/delete', { token: supplier2, query: { id: mine.data.id } })).code).toBe(4004);
    expect((await call('GET', '/ipRule/getList', { token: admin, query: { pageIndex: 1 } })).data.list.some((r: { id: number }) => r.id === mine.data.id)).toBe(false);
    // The platform whitelist is not a supplier's.
    expect((await addRule({ address: '10.0.0.1', userId: agent01.id }, supplier)).code).toBe(4003);
  });

  it('refuses the agent outside its whitelist and admits it inside; an agent does not keep the list', async () => {
    expect((await login('agent01', '192.0.2.99')).code).toBe(4230);
    const token = (await login('agent01', '10.1.2.3')).data.token;
    expect(token).toBeTruthy();
    expect((await call('GET', '/agentIpWhitelist/getList', { token, query: { pageIndex: 1 }, ip: '10.1.2.3' })).code).toBe(4003);
    // Other agents of the team are not named.
    expect((await login('agent02', '192.0.2.99')).code).toBe(200);
  });

  it('asks a Google code while GoogleVerifyIpWhitelist is on', async () => {
    const agent02 = await userOf('agent02');
    await setSetting(db(), 'GoogleVerifyIpWhitelist', true);
    try {
      expect((await add({ address: '10.2.0.1', userId: agent02.id })).code).toBe(4010);
      const rows = await db().select().from(ipRules).where(eq(ipRules.userId, agent02.id));
      expect(rows).toHaveLength(0);
    } finally {
      await setSetting(db(), 'GoogleVerifyIpWhitelist', false);
    }
  });
});
