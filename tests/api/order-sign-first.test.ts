/**
 * A creation whose sign does not hold reads nothing beyond the merchant's key: an attacker who
 * knows an mchId but not its key must not make the server run creation's read of the accounts per
 * request. And a key regenerated, here or on another process, stops signing at once.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditRecords, memberProfiles, users } from '../../server/db/schema/index.js';
import { keyColumns } from '../../server/merchants/member-store.js';
import { RECHECK_MS } from '../../server/merchants/signing-keys.js';
import { useTestServer } from './harness.js';
import { create, DEMO_KEY, orderCount, signed } from './order-create-fixture.js';
import { countStatements } from './statement-counter.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const statements = countStatements(server);
const SIGN_INVALID = 4101;
const UNKNOWN_MERCHANT = 4102;

/** Rows of refused creations in the audit log. */
const refusals = () => server.database.db.select({ errorCode: auditRecords.errorCode, minute: sql<string>`date_trunc('minute', ${auditRecords.createdAt})::text` }).from(auditRecords).where(and(eq(auditRecords.action, '/api/order/create'), eq(auditRecords.success, false)));

/**
 * A creation's answer code and the statements it sent besides its refusal's audit row (one
 * statement, written at most once per client, code and minute: see the last test).
 */
async function attempt(body: Record<string, unknown>): Promise<{ code: number; sent: number }> {
  const rowsBefore = (await refusals()).length;
  statements.reset();
  const { code } = await create(server, body);
  const sent = statements.sent();
  return { code, sent: sent - ((await refusals()).length - rowsBefore) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What another process does when it regenerates the demo merchant's key: a write this process is not told of. */
async function keyChangedElsewhere(key: string): Promise<void> {
  const [demo] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
  await server.database.db.update(memberProfiles).set(keyColumns(key)).where(eq(memberProfiles.userId, demo.id));
}

// The demo merchant leaves with the key it came with.
afterAll(() => keyChangedElsewhere(DEMO_KEY));

describe('order creation checks the sign before it reads', () => {
  it('refuses a wrong sign with no statement once the key is known, and with one small read a second after', async () => {
    const before = await orderCount(server.database.db);
    // Each good order confirms the key held here as the stored one: the second starts again.
    expect((await create(server, signed({}))).code).toBe(200);
    expect(await attempt(signed({}, 'notTheMerchantKey'))).toEqual({ code: SIGN_INVALID, sent: 0 });
    expect((await create(server, signed({}))).code).toBe(200);
    expect(await attempt({ ...signed({}), amount: 99_999 })).toEqual({ code: SIGN_INVALID, sent: 0 });
    await pause(RECHECK_MS + 50);
    // The key is read again (it may have changed elsewhere), and only the key.
    expect(await attempt(signed({}, 'notTheMerchantKey'))).toEqual({ code: SIGN_INVALID, sent: 1 });
    expect(await attempt(signed({}, 'notTheMerchantKey'))).toEqual({ code: SIGN_INVALID, sent: 0 });

    expect(await orderCount(server.database.db)).toBe(before + 2);
  });

  it('answers an unknown mchId, and a supplier\'s, after one small read', async () => {
    expect(await attempt(signed({ mchId: '99999999' }))).toEqual({ code: UNKNOWN_MERCHANT, sent: 1 });
    const [supplier] = await server.database.db.select({ mchId: memberProfiles.mchId }).from(memberProfiles).innerJoin(users, eq(users.id, memberProfiles.userId)).where(eq(users.role, 'supplier')).limit(1);
    expect(await attempt(signed({ mchId: supplier.mchId }))).toEqual({ code: UNKNOWN_MERCHANT, sent: 1 });
  });

  it('stops taking a key regenerated on another process at once, and takes the new one', async () => {
    expect((await create(server, signed({}))).code).toBe(200);
    await keyChangedElsewhere('keyFromElsewhere0001');
    // The old key still held here verifies, but the merchant's own read finds another key.
    expect((await create(server, signed({}))).code).toBe(SIGN_INVALID);
    expect((await create(server, signed({}, 'keyFromElsewhere0001'))).code).toBe(200);

    // A new key signed before this process read it: taken once the held key is a second old.
    await keyChangedElsewhere('keyFromElsewhere0002');
    const early = await create(server, signed({}, 'keyFromElsewhere0002'));
    expect([200, SIGN_INVALID]).toContain(early.code);
    await pause(RECHECK_MS + 50);
    expect((await create(server, signed({}, 'keyFromElsewhere0002'))).code).toBe(200);
    expect((await create(server, signed({}, 'keyFromElsewhere0001'))).code).toBe(SIGN_INVALID);
    await keyChangedElsewhere(DEMO_KEY);
    await pause(RECHECK_MS + 50);
  });

  it('takes a key regenerated on this process at once, and refuses the old one', async () => {
    await pause(RECHECK_MS + 50);
    expect((await create(server, signed({}))).code).toBe(200);
    const admin = await server.login('admin');
    const admin2 = await server.login2(admin);
    const [demo] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
    const fresh = await server.call('POST', '/merchant/regenerateKey', { token: admin, token2: admin2, body: { id: demo.id } });
    expect(fresh.code).toBe(200);
    expect((await create(server, signed({}, fresh.data))).code).toBe(200);
    expect((await create(server, signed({}))).code).toBe(SIGN_INVALID);
  });
});

describe('refused creations in the audit log', () => {
  it('keeps one row per client, code and minute, however many requests are refused', async () => {
    for (let i = 0; i < 5; i++) expect((await create(server, signed({}, `wrongKey${i}`))).code).toBe(SIGN_INVALID);
    for (let i = 0; i < 3; i++) expect((await create(server, signed({ mchId: `8888800${i}` }))).code).toBe(UNKNOWN_MERCHANT);
    const rows = await refusals();
    const perMinute = new Map<string, number>();
    for (const row of rows) perMinute.set(`${row.errorCode} ${row.minute}`, (perMinute.get(`${row.errorCode} ${row.minute}`) ?? 0) + 1);
    expect(new Set(rows.map((row) => row.errorCode))).toEqual(new Set([SIGN_INVALID, UNKNOWN_MERCHANT]));
    expect([...perMinute.values()].every((count) => count === 1)).toBe(true);
  });

  it('counts an IPv6 client by its /64, as the rate limiter does: one host holds all of it', async () => {
    const from = (remoteAddress: string, i: number) => server.app.inject({ method: 'POST', url: '/v1.0/api/order/create', remoteAddress, payload: signed({}, `otherKey${i}`) as object });
    const addresses = ['2001:db8:1:2::5', '2001:db8:1:2::6', '2001:db8:1:2:ffff:ffff:ffff:1', '2001:db8:1:3::1'];
    for (const [i, address] of addresses.entries()) expect((await from(address, i)).json().code).toBe(SIGN_INVALID);
    const rows = await server.database.db
      .select({ ip: auditRecords.ip, minute: sql<string>`date_trunc('minute', ${auditRecords.createdAt})::text` })
      .from(auditRecords)
      .where(and(eq(auditRecords.action, '/api/order/create'), like(auditRecords.ip, '2001:db8:%')));
    const perNetwork = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.ip!.split(':').slice(0, 4).join(':')} ${row.minute}`;
      perNetwork.set(key, (perNetwork.get(key) ?? 0) + 1);
    }
    expect(new Set(rows.map((row) => row.ip!.split(':').slice(0, 4).join(':')))).toEqual(new Set(['2001:db8:1:2', '2001:db8:1:3']));
    expect([...perNetwork.values()].every((count) => count === 1)).toBe(true);
  });
});
