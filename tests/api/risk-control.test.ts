/**
 * Risk control: the payout blacklist (superAdmin adds, searches, edits and removes names, card
 * numbers, UPI ids and wallet addresses; each kind's value format and duplicates refused) and the
 * detection records, fed by real payouts placed through the order API: a listed payee is held and
 * recorded with the rule that hit, a disabled entry holds nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, orders, riskBlacklist, users } from '../../server/db/schema/index.js';
import { useTestServer } from './harness.js';
import { create, grantProduct, signed } from './order-create-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const BL = '/riskControl/blacklist';
const DETECTIONS = '/riskControl/detections/getList';
const TRON = 'TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA';
const BANK = { productId: 3017, userName: 'Clean Payee', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };

let superAdmin = '';
const add = (body: Record<string, unknown>, token = superAdmin) => server.call('POST', `${BL}/add`, { token, body });
const list = (query: Record<string, unknown>, token = superAdmin) => server.call('GET', `${BL}/getList`, { token, query: { pageIndex: 1, pageSize: 100, ...query } });
const values = async (query: Record<string, unknown>) => (await list(query)).data.list.map((r: { value: string }) => r.value);
const detections = (query: Record<string, unknown>, token = superAdmin) => server.call('GET', DETECTIONS, { token, query: { pageIndex: 1, pageSize: 50, ...query } });

beforeAll(async () => {
  superAdmin = await server.login('superAdmin');
  const [merchant] = await db().select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
  await grantProduct(db(), merchant.id, 3017, 'merchant');
  await grantProduct(db(), merchant.id, 3016, 'merchant');
});

describe('payout blacklist', () => {
  it('adds an entry of each kind, stored trimmed, and finds them by kind, value and switch', async () => {
    for (const body of [
      { kind: 'name', value: '  Ravi   Fraudster ', remark: 'reported' },
      { kind: 'cardNumber', value: '998877665544' },
      { kind: 'upi', value: 'ravi.f@okhdfc', enabled: false },
      { kind: 'wallet', value: TRON },
    ]) {
      const answer = await add(body);
      expect(answer.code, answer.msg).toBe(200);
      expect(answer.data).toMatchObject({ kind: body.kind, value: body.value.trim(), enabled: body.enabled ?? true });
    }
    expect(await values({ kind: 'upi' })).toContain('ravi.f@okhdfc');
    expect(await values({ kind: 'upi', enabled: 'true' })).not.toContain('ravi.f@okhdfc');
    expect(await values({ value: 'RAVI' })).toEqual(expect.arrayContaining(['Ravi   Fraudster', 'ravi.f@okhdfc']));
    expect(await values({ value: 'ravi', kind: 'name' })).toEqual(['Ravi   Fraudster']);
    expect(await values({ value: 'VjsyZ7' })).toEqual([TRON]);
    expect((await list({ kind: 'phone' })).code).toBe(4000);
  });

  it('edits and removes an entry, each audited', async () => {
    const created = await add({ kind: 'upi', value: 'temp@ybl' });
    const id = created.data.id;
    const edited = await server.call('POST', `${BL}/update`, { token: superAdmin, body: { id, kind: 'upi', value: 'temp.two@ybl', remark: 'renamed', enabled: false } });
    expect(edited.data).toMatchObject({ value: 'temp.two@ybl', remark: 'renamed', enabled: false });
    expect((await server.call('GET', `${BL}/getOne`, { token: superAdmin, query: { id } })).data.value).toBe('temp.two@ybl');
    expect((await server.call('GET', `${BL}/delete`, { token: superAdmin, query: { id } })).code).toBe(200);
    expect(await values({ value: 'temp' })).toEqual([]);
    const audit = await db().select().from(auditRecords).where(sql`${auditRecords.target} = ${String(id)} and ${auditRecords.action} like 'riskBlacklist.%'`);
    expect(audit.map((a) => a.action).sort()).toEqual(['riskBlacklist.create', 'riskBlacklist.delete', 'riskBlacklist.update']);
  });

  it('refuses a value not of its kind, naming the field, and writes nothing', async () => {
    const [{ n: before }] = await db().select({ n: sql<number>`count(*)::int` }).from(riskBlacklist);
    for (const [body, field] of [
      [{ kind: 'cardNumber', value: '4000-1234' }, 'value'],
      [{ kind: 'cardNumber', value: '1'.repeat(21) }, 'value'],
      [{ kind: 'upi', value: 'no-at-sign' }, 'value'],
      [{ kind: 'upi', value: 'two words@bank' }, 'value'],
      [{ kind: 'wallet', value: 'TShort' }, 'value'],
      [{ kind: 'wallet', value: '0x123' }, 'value'],
      [{ kind: 'name', value: '   ' }, 'value'],
      [{ kind: 'name', value: 'x'.repeat(257) }, 'value'],
      [{ kind: 'phone', value: '12345' }, 'kind'],
      [{ value: 'Someone' }, 'kind'],
      [{ kind: 'name', value: 'Someone', enabled: 'yes' }, 'enabled'],
    ] as const) {
      const answer = await add(body);
      expect(answer.code, JSON.stringify(body)).toBe(4000);
      expect(answer.msg, JSON.stringify(body)).toContain(field);
    }
    const wrong = await server.call('POST', `${BL}/add`, { token: superAdmin, body: { kind: 'upi', value: 'nope' }, lang: 'zh-CN' });
    expect(wrong.msg).toContain('UPI');
    const [{ n: after }] = await db().select({ n: sql<number>`count(*)::int` }).from(riskBlacklist);
    expect(after).toBe(before);
  });

  it('lists a party once per kind, whatever its case and spaces', async () => {
    expect((await add({ kind: 'name', value: 'Dup  Payee' })).code).toBe(200);
    expect((await add({ kind: 'name', value: ' dup payee ' })).code).toBe(4012);
    expect((await add({ kind: 'name', value: 'DUP PAYEE' })).code).toBe(4012);
    const evm = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    expect((await add({ kind: 'wallet', value: evm })).code).toBe(200);
    expect((await add({ kind: 'wallet', value: evm.toLowerCase() })).code).toBe(4012);
    // Another kind is another entry; editing into a listed value is a duplicate too, editing itself is not.
    const card = await add({ kind: 'cardNumber', value: '11112222' });
    expect(card.code).toBe(200);
    expect((await add({ kind: 'name', value: '11112222' })).code).toBe(200);
    const other = await add({ kind: 'name', value: 'Other Payee' });
    const body = { id: other.data.id, kind: 'name', value: 'dup payee' };
    expect((await server.call('POST', `${BL}/update`, { token: superAdmin, body })).code).toBe(4012);
    expect((await server.call('POST', `${BL}/update`, { token: superAdmin, body: { ...body, value: 'other payee', remark: 'same party' } })).code).toBe(200);
  });

  it('is superAdmin only: admin, supplier and merchant are refused on both lists', async () => {
    const [entry] = await db().select().from(riskBlacklist).limit(1);
    for (const role of ['admin', 'supplier', 'merchant']) {
      const token = await server.login(role);
      expect((await list({}, token)).code, role).toBe(4003);
      expect((await add({ kind: 'name', value: `by ${role}` }, token)).code, role).toBe(4003);
      expect((await server.call('POST', `${BL}/update`, { token, body: { id: entry.id, kind: entry.kind, value: entry.value, enabled: false } })).code, role).toBe(4003);
      expect((await server.call('GET', `${BL}/delete`, { token, query: { id: entry.id } })).code, role).toBe(4003);
      expect((await detections({}, token)).code, role).toBe(4003);
    }
    expect((await db().select().from(riskBlacklist).where(eq(riskBlacklist.id, entry.id)))[0]).toEqual(entry);
  });
});

describe('detection records', () => {
  const payoutOf = async (code: string) => (await db().select().from(orders).where(eq(orders.orderCode, code)))[0];

  it('holds a payout to a listed wallet and lists the detection with its rule', async () => {
    const answer = await create(server, signed({ productId: 3016, amount: 10_000, address: TRON }));
    expect(answer.code, answer.msg).toBe(200);
    const orderCode = answer.data.orderCode;
    expect((await payoutOf(orderCode)).payoutStatus).toBe(8);
    const found = await detections({ orderCode });
    expect(found.code, found.msg).toBe(200);
    expect(found.data.list).toMatchObject([{ orderCode, merchantName: 'merchant', rule: 'wallet', value: TRON, outcome: 'held' }]);
    expect((await detections({ rule: 'wallet' })).data.list.map((d: { orderCode: string }) => d.orderCode)).toContain(orderCode);
    expect((await detections({ rule: 'name', orderCode })).data.list).toEqual([]);
    const shown = await server.call('GET', '/riskControl/detections/getOne', { token: superAdmin, query: { id: found.data.list[0].id } });
    expect(shown.data).toMatchObject({ orderCode, rule: 'wallet' });
  });

  it('holds a bank payout to a listed name whatever its spacing and case', async () => {
    const answer = await create(server, signed({ ...BANK, userName: 'ravi fraudster', amount: 10_000 }));
    expect(answer.code, answer.msg).toBe(200);
    expect((await payoutOf(answer.data.orderCode)).payoutStatus).toBe(8);
    expect((await detections({ orderCode: answer.data.orderCode })).data.list).toMatchObject([{ rule: 'name', value: 'Ravi   Fraudster' }]);
  });

  it('a disabled entry holds nothing', async () => {
    const listed = await add({ kind: 'cardNumber', value: '555566668888', enabled: false });
    expect(listed.code).toBe(200);
    const answer = await create(server, signed({ ...BANK, cardNumber: '555566668888', amount: 10_000 }));
    expect(answer.code, answer.msg).toBe(200);
    expect((await payoutOf(answer.data.orderCode)).payoutStatus).not.toBe(8);
    expect((await detections({ orderCode: answer.data.orderCode })).data.list).toEqual([]);
    // Enabled again, the next payout to it is held.
    await server.call('POST', `${BL}/update`, { token: superAdmin, body: { id: listed.data.id, kind: 'cardNumber', value: '555566668888', enabled: true } });
    const next = await create(server, signed({ ...BANK, cardNumber: '555566668888', amount: 10_000 }));
    expect((await payoutOf(next.data.orderCode)).payoutStatus).toBe(8);
    const rows = await db().select().from(orders).where(and(eq(orders.cardNumber, '555566668888'), eq(orders.payoutStatus, 8)));
    expect(rows).toHaveLength(1);
  });

  it('refuses malformed filters with the field named', async () => {
    for (const [query, field] of [
      [{ rule: 'phone' }, 'rule'],
      [{ merchantId: '0x1' }, 'merchantId'],
      [{ startTime: '2026-02-01 00:00:00', endTime: '2026-01-01 00:00:00' }, 'endTime'],
    ] as const) {
      const answer = await detections(query);
      expect(answer.code, JSON.stringify(query)).toBe(4000);
      expect(answer.msg).toContain(field);
    }
  });
});
