/**
 * Order analysis on the real server: order-creation requests counted per payer IP, the automatic
 * freeze at perMinuteFreqCount (the next creation from that IP refused, nothing stored), the pay
 * page refused to a frozen IP, unfreezing (audited) letting it through, freezing by hand, and the
 * aggregates agreeing with the orders placed; roles and bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { create, orderCount, signed } from './order-create-fixture.js';
import { insertOrder } from './orders-fixture.js';
import { auditRecords, frozenIps, ipRequests } from '../../server/db/schema/index.js';
import { purgeIpRequests } from '../../server/order-analysis/purge.js';

const server = useTestServer();
const db = () => server.database.db;
let admin = '';
let cs = '';
let merchant = '';
const LIMIT = 3;
const IP = '198.51.100.7';

const ipRow = async (ip: string, token = admin) => {
  const page = await server.call('GET', '/orderAnalysis/getIpAnalysisList', { token, query: { pageIndex: 1, pageSize: 10, ip } });
  expect(page.code).toBe(200);
  return page.data.list.find((r: { ip: string }) => r.ip === ip);
};
const activeFreeze = async (ip: string) => (await db().select().from(frozenIps).where(eq(frozenIps.ip, ip))).find((r) => r.unfrozenAt === null);

/** A burst must fall in one minute: wait for the next one when this one is nearly over. */
async function startOfBurst() {
  const seconds = new Date().getSeconds();
  if (seconds >= 54) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
}

beforeAll(async () => {
  admin = await server.login('admin');
  cs = await server.login('customerService');
  merchant = await server.login('merchant');
  const superAdmin = await server.login('superAdmin');
  const setting = await server.call('GET', '/system-config/getGlobalSecuritySetting', { token: superAdmin });
  const saved = await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: superAdmin, body: { ...setting.data, perMinuteFreqCount: LIMIT } });
  expect(saved.code).toBe(200);
});

describe('automatic freeze of a client IP', () => {
  it('lets perMinuteFreqCount creations through, freezes the IP on the next and refuses it without storing anything', async () => {
    await startOfBurst();
    for (let n = 0; n < LIMIT; n++) expect((await create(server, signed({ clientIp: IP }))).code).toBe(200);
    const before = await orderCount(db());
    const refused = await create(server, signed({ clientIp: IP }));
    expect(refused.code).toBe(4150);
    expect(refused.msg).toMatch(/frozen/i);
    expect(await orderCount(db())).toBe(before);
    expect(await activeFreeze(IP)).toMatchObject({ source: 'auto', requestCount: LIMIT + 1, frozenBy: null });
    // Frozen, the IP's further requests are refused before they are counted.
    expect((await create(server, signed({ clientIp: IP }))).code).toBe(4150);
    // Another payer's address is not affected.
    expect((await create(server, signed({ clientIp: '198.51.100.8' }))).code).toBe(200);
  });

  it('counts the requests and orders of the IP in the frequency list', async () => {
    expect(await ipRow(IP)).toMatchObject({ createRequests: LIMIT + 1, ordersCreated: LIMIT, ordersPaid: 0, successRate: '0.00%', merchants: 1, frozen: true });
    const frozenOnly = await server.call('GET', '/orderAnalysis/getIpAnalysisList', { token: cs, query: { pageIndex: 1, pageSize: 50, frozen: 'true' } });
    expect(frozenOnly.data.list.map((r: { ip: string }) => r.ip)).toContain(IP);
    expect(frozenOnly.data.list.every((r: { frozen: boolean }) => r.frozen)).toBe(true);
  });

  it('refuses the frozen IP its pay page, and counts the visits of others', async () => {
    const order = await insertOrder(db(), { clientIp: '198.51.100.9' });
    const refused = await server.app.inject({ method: 'GET', url: `/pay/order/${order.orderCode}`, remoteAddress: IP, headers: { 'accept-language': 'en-US' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/frozen/i);
    const shown = await server.app.inject({ method: 'GET', url: `/pay/order/${order.orderCode}`, remoteAddress: '198.51.100.10' });
    expect(shown.statusCode).toBe(200);
    expect(await ipRow('198.51.100.10')).toMatchObject({ payPageVisits: 1, createRequests: 0 });
  });

  it('unfreezes for an admin with a reason (audited, kept as history); the next creation goes through', async () => {
    const freeze = (await activeFreeze(IP))!;
    expect((await server.call('POST', '/orderAnalysis/frozenIp/unfreeze', { token: cs, body: { id: freeze.id, reason: 'x' } })).code).toBe(4003);
    const noReason = await server.call('POST', '/orderAnalysis/frozenIp/unfreeze', { token: admin, body: { id: freeze.id } });
    expect(noReason.code).toBe(4000);
    expect(noReason.msg).toContain('reason');
    const done = await server.call('POST', '/orderAnalysis/frozenIp/unfreeze', { token: admin, body: { id: freeze.id, reason: 'payer confirmed' } });
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({ frozen: false, unfrozenBy: 'admin', unfreezeReason: 'payer confirmed' });
    expect((await server.call('POST', '/orderAnalysis/frozenIp/unfreeze', { token: admin, body: { id: freeze.id, reason: 'again' } })).code).toBe(4009);
    const audits = await db().select().from(auditRecords).where(and(eq(auditRecords.action, 'frozenIps.unfreeze'), eq(auditRecords.target, String(freeze.id))));
    expect(audits).toHaveLength(1);
    expect((await create(server, signed({ clientIp: IP }))).code).toBe(200);
    const history = await server.call('GET', '/orderAnalysis/frozenIp/getList', { token: cs, query: { pageIndex: 1, pageSize: 10, ip: IP } });
    expect(history.data.list).toEqual([expect.objectContaining({ ip: IP, source: 'auto', frozen: false, unfrozenBy: 'admin' })]);
  });
});

describe('freezing by hand', () => {
  it('freezes with a reason, refuses a second freeze, bad input and other roles', async () => {
    const body = { ip: '192.0.2.55', reason: 'chargebacks' };
    expect((await server.call('POST', '/orderAnalysis/frozenIp/add', { token: cs, body })).code).toBe(4003);
    expect((await server.call('POST', '/orderAnalysis/frozenIp/add', { token: merchant, body })).code).toBe(4003);
    const frozen = await server.call('POST', '/orderAnalysis/frozenIp/add', { token: admin, body });
    expect(frozen.code).toBe(200);
    expect(frozen.data).toMatchObject({ ip: '192.0.2.55', source: 'manual', reason: 'chargebacks', frozenBy: 'admin', frozen: true });
    expect((await server.call('POST', '/orderAnalysis/frozenIp/add', { token: admin, body })).code).toBe(4151);
    for (const bad of [{ ip: '300.1.1.1', reason: 'x' }, { ip: '192.0.2.56' }, { ip: 7, reason: 'x' }]) {
      const answer = await server.call('POST', '/orderAnalysis/frozenIp/add', { token: admin, body: bad });
      expect(answer.code, JSON.stringify(bad)).toBe(4000);
    }
    expect((await create(server, signed({ clientIp: '192.0.2.55' }))).code).toBe(4150);
  });
});

describe('lost orders and order sources', () => {
  // A day no other test places orders on.
  const period = { startTime: '2024-03-01 00:00:00', endTime: '2024-03-01 23:59:59' };
  const at = new Date('2024-03-01T12:00:00+05:30');

  beforeAll(async () => {
    const common = { createdAt: at, clientIp: '203.0.113.200', returnUrl: 'https://Shop.example.com/back?x=1' };
    await insertOrder(db(), { ...common, state: 'timedOut', amount: 12_345 });
    await insertOrder(db(), { ...common, state: 'timedOut', amount: 10_000 });
    await insertOrder(db(), { ...common, state: 'allocationFailed', amount: 5_000, supplierId: null, accountId: null });
    await insertOrder(db(), { ...common, state: 'callbackSucceeded', amount: 20_000, clientIp: '203.0.113.201', returnUrl: null });
    // Test orders stay out of every figure.
    await insertOrder(db(), { ...common, state: 'timedOut', amount: 99_999, isTest: true });
  });

  const list = (url: string, query: Record<string, unknown>, token = admin) => server.call('GET', url, { token, query: { pageIndex: 1, pageSize: 20, ...period, ...query } });

  it('groups the unpaid orders by reason and merchant with amounts and shares', async () => {
    const byReason = await list('/orderAnalysis/getLostOrderList', { groupBy: 'reason' });
    expect(byReason.code).toBe(200);
    expect(byReason.data.total).toBe(2);
    expect(byReason.data.list).toEqual([
      expect.objectContaining({ status: 10, lost: 2, lostAmount: 22_345, orders: 2, lostShare: '50.00%' }),
      expect.objectContaining({ status: 5, lost: 1, lostAmount: 5_000, lostShare: '25.00%' }),
    ]);
    const byMerchant = await list('/orderAnalysis/getLostOrderList', { groupBy: 'merchant' }, cs);
    expect(byMerchant.data.list).toEqual([expect.objectContaining({ name: 'merchant', orders: 4, lost: 3, lostAmount: 27_345, lostRate: '75.00%', lostShare: '75.00%' })]);
  });

  it('groups the orders by client IP and return-URL host with success rates', async () => {
    const byIp = await list('/orderAnalysis/getOrderSourceList', { groupBy: 'clientIp', sortField: 'paid', sortOrder: 'desc' });
    expect(byIp.data.list).toEqual([
      expect.objectContaining({ name: '203.0.113.201', orders: 1, paid: 1, paidAmount: 20_000, successRate: '100.00%' }),
      expect.objectContaining({ name: '203.0.113.200', orders: 3, paid: 0, successRate: '0.00%' }),
    ]);
    const byHost = await list('/orderAnalysis/getOrderSourceList', { groupBy: 'returnHost' });
    expect(byHost.data.list.map((r: { name: string | null; orders: number }) => [r.name, r.orders])).toEqual([
      ['shop.example.com', 3],
      [null, 1],
    ]);
  });

  it('refuses other roles and bad filters', async () => {
    expect((await list('/orderAnalysis/getLostOrderList', {}, merchant)).code).toBe(4003);
    expect((await list('/orderAnalysis/getOrderSourceList', {}, await server.login('supplier'))).code).toBe(4003);
    for (const [query, field] of [
      [{ groupBy: 'clientIp' }, 'groupBy'],
      [{ startTime: '2024-03-02 00:00:00' }, 'endTime'],
      [{ sortField: 'name' }, 'sortField'],
      [{ pageSize: '1e1' }, 'pageSize'],
    ] as const) {
      const answer = await list('/orderAnalysis/getLostOrderList', query);
      expect(answer.code, JSON.stringify(query)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
  });
});

describe('keeping the request counts bounded', () => {
  it('sorts the frequency list by a figure', async () => {
    const page = await server.call('GET', '/orderAnalysis/getIpAnalysisList', { token: admin, query: { pageIndex: 1, pageSize: 100, sortField: 'ordersCreated', sortOrder: 'desc' } });
    const counts = page.data.list.map((r: { ordersCreated: number }) => r.ordersCreated);
    expect(counts.length).toBeGreaterThan(2);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('purges counts older than DataClearCycle days and keeps the recent ones', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    await db().insert(ipRequests).values({ ip: '192.0.2.200', minute: old, kind: 'create', merchantId: 0, count: 5 });
    const recent = (await db().select().from(ipRequests)).length;
    await purgeIpRequests(db());
    const left = await db().select().from(ipRequests);
    expect(left.some((r) => r.ip === '192.0.2.200')).toBe(false);
    expect(left).toHaveLength(recent - 1);
  });
});
