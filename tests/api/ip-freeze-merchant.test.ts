/**
 * A client IP is the merchant's word (the clientIp of its signed creations), so it is counted and
 * frozen per merchant: one merchant naming an address too often freezes it for its own orders only,
 * never for another merchant's payers, and the freeze list names the merchant that caused it. A
 * freeze by hand still holds for every merchant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { insertOrder, userIdOf } from './orders-fixture.js';
import { memberProfiles, users } from '../../server/db/schema/index.js';
import { plainKey } from '../../server/merchants/member-store.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const LIMIT = 3;
let admin = '';
let key2 = '';

/** A creation of the second demo merchant (mchId 20002), signed with its own key. */
const asMerchant2 = (fields: Record<string, unknown>) => signed({ mchId: '20002', ...fields }, key2);
const visit = (orderCode: string, ip: string) => server.app.inject({ method: 'GET', url: `/pay/order/${orderCode}`, remoteAddress: ip, headers: { 'accept-language': 'en-US' } });
const frozenList = async (ip: string) => {
  const answer = await server.call('GET', '/orderAnalysis/frozenIp/getList', { token: admin, query: { pageIndex: 1, pageSize: 10, ip } });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list;
};

/** A burst must fall in one minute: wait for the next one when this one is nearly over. */
async function startOfBurst() {
  const seconds = new Date().getSeconds();
  if (seconds >= 54) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
}

beforeAll(async () => {
  admin = await server.login('admin');
  const superAdmin = await server.login('superAdmin');
  const setting = await server.call('GET', '/system-config/getGlobalSecuritySetting', { token: superAdmin });
  expect((await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: superAdmin, body: { ...setting.data, perMinuteFreqCount: LIMIT } })).code).toBe(200);
  const [profile] = await db().select({ profile: memberProfiles }).from(users).innerJoin(memberProfiles, eq(memberProfiles.userId, users.id)).where(eq(users.account, 'merchant2'));
  key2 = plainKey(profile.profile);
});

describe('automatic freeze per merchant', () => {
  it("counts each merchant's requests for an address apart", async () => {
    await startOfBurst();
    const ip = '203.0.113.20';
    // Together over the limit, each within it.
    for (let n = 0; n < LIMIT; n++) expect((await create(server, signed({ clientIp: ip }))).code).toBe(200);
    for (let n = 0; n < LIMIT; n++) expect((await create(server, asMerchant2({ clientIp: ip }))).code).toBe(200);
    expect(await frozenList(ip)).toEqual([]);
  });

  it("freezes a merchant's own orders only: another merchant's creations, pay page and UTR go on", async () => {
    await startOfBurst();
    const ip = '127.0.0.1';
    for (let n = 0; n < LIMIT; n++) expect((await create(server, signed({ clientIp: ip }))).code).toBe(200);
    expect((await create(server, signed({ clientIp: ip }))).code).toBe(4150);
    expect((await create(server, signed({ clientIp: ip }))).code).toBe(4150);

    // The other merchant's payer at that address is served.
    expect((await create(server, asMerchant2({ clientIp: ip }))).code).toBe(200);
    const theirs = await insertOrder(db(), { merchant: 'merchant2' });
    const page = await visit(theirs.orderCode, ip);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/frozen/i);
    const utr = await server.app.inject({ method: 'POST', url: `/pay/order/${theirs.orderCode}/utr`, remoteAddress: ip, payload: { utr: 'UTR20260001' } });
    expect(utr.statusCode).toBe(303);

    // The merchant that caused it is refused at that address.
    const mine = await insertOrder(db());
    expect((await visit(mine.orderCode, ip)).statusCode).toBe(403);
  });

  it('names the merchant that caused the freeze on the freeze list, and filters by it', async () => {
    const merchantId = await userIdOf(db(), 'merchant');
    const [freeze] = await frozenList('127.0.0.1');
    expect(freeze).toMatchObject({ ip: '127.0.0.1', source: 'auto', frozen: true, merchantId, merchantName: 'merchant', requestCount: LIMIT + 1 });
    const byMerchant = await server.call('GET', '/orderAnalysis/frozenIp/getList', { token: admin, query: { pageIndex: 1, pageSize: 10, merchantId } });
    expect(byMerchant.data.list.map((r: { ip: string }) => r.ip)).toEqual(['127.0.0.1']);
    const cs = await server.call('GET', '/orderAnalysis/frozenIp/getList', { token: await server.login('customerService'), query: { pageIndex: 1, pageSize: 10, ip: '127.0.0.1' } });
    expect(cs.data.list[0]).toMatchObject({ merchantName: 'merchant' });
  });

  it('lets a freeze by hand hold for every merchant, beside a merchant freeze of the same address', async () => {
    const frozen = await server.call('POST', '/orderAnalysis/frozenIp/add', { token: admin, body: { ip: '127.0.0.1', reason: 'abuse' } });
    expect(frozen.code, frozen.msg).toBe(200);
    expect(frozen.data).toMatchObject({ source: 'manual', merchantId: null, frozen: true });
    expect((await create(server, asMerchant2({ clientIp: '127.0.0.1' }))).code).toBe(4150);
    expect((await visit((await insertOrder(db(), { merchant: 'merchant2' })).orderCode, '127.0.0.1')).statusCode).toBe(403);
    expect((await server.call('POST', '/orderAnalysis/frozenIp/add', { token: admin, body: { ip: '127.0.0.1', reason: 'again' } })).code).toBe(4151);
  });
});
