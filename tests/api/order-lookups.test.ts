/**
 * Locking, marks, the order lookups and the detail: lock and unlock take several orders all or
 * nothing, a locked order refuses manual actions but its mark and unlocking; the lookups and the
 * detail show only what the caller's row scope allows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { orderApi } from '../../resources/orders/api.js';
import { ORDER_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { auditRecords, orders, receivingAccounts } from '../../server/db/schema/index.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, setSwitch, userIdOf } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
// Confirming needs the second-level token too: the admin's calls carry it.
let admin2 = '';
const as = (role: string, path: string, body: unknown) => server.call('POST', path, { token: tokens[role], token2: role === 'admin' ? admin2 : undefined, body });
const get = (role: string, path: string, query: Record<string, unknown> = {}) => server.call('GET', path, { token: tokens[role], query });
const lockedOf = async (codes: string[]) => (await db().select({ locked: orders.locked }).from(orders).where(inArray(orders.orderCode, codes))).map((r) => r.locked);

beforeAll(async () => {
  for (const role of ['admin', 'supplier', 'supplier2', 'customerService', 'merchant', 'merchant2', 'technicalSupport']) tokens[role] = await server.login(role);
  admin2 = await server.login2(tokens.admin);
});

describe('lock and unlock', () => {
  it('lock several orders at once, each audited, and unlock them again', async () => {
    const a = await insertOrder(db());
    const b = await insertOrder(db(), { state: 'pendingConfirmation' });
    const codes = [a.orderCode, b.orderCode];
    expect(await as('admin', orderApi.lock, { orderCodes: codes })).toMatchObject({ code: 200, data: { locked: true } });
    expect(await lockedOf(codes)).toEqual([true, true]);
    const audits = await db().select().from(auditRecords).where(and(inArray(auditRecords.target, codes), eq(auditRecords.action, 'order.lock')));
    expect(audits.map((r) => r.after)).toEqual([{ locked: true }, { locked: true }]);

    // Locked orders are worked by automation: manual actions are refused, the mark is not.
    expect(await as('admin', orderApi.confirm, { orderCode: b.orderCode })).toMatchObject({ code: 4112, msg: 'The order is locked and worked by automation; unlock it first' });
    expect((await as('admin', orderApi.updateMark, { id: a.id, orderMark: 1 })).code).toBe(200);
    // Locking again is refused for the whole request.
    expect((await as('admin', orderApi.lock, { orderCodes: codes })).code).toBe(4112);

    expect((await as('admin', orderApi.unlock, { orderCodes: codes })).code).toBe(200);
    expect(await lockedOf(codes)).toEqual([false, false]);
    expect((await as('admin', orderApi.confirm, { orderCode: b.orderCode })).code).toBe(200);
  });

  it('is all or nothing: an unknown code refuses every order of the request', async () => {
    const a = await insertOrder(db());
    expect((await as('admin', orderApi.lock, { orderCodes: [a.orderCode, 'NOSUCHORDER'] })).code).toBe(4004);
    expect(await lockedOf([a.orderCode])).toEqual([false]);
    const b = await insertOrder(db(), { locked: true });
    expect((await as('admin', orderApi.lock, { orderCodes: [a.orderCode, b.orderCode] })).code).toBe(4112);
    expect(await lockedOf([a.orderCode])).toEqual([false]);
  });

  it('takes 1 to 100 codes', async () => {
    expect((await as('admin', orderApi.unlock, { orderCodes: [] })).code).toBe(4000);
    expect((await as('admin', orderApi.unlock, { orderCodes: Array.from({ length: 101 }, (_, i) => `C${i}`) })).code).toBe(4000);
    expect((await as('admin', orderApi.unlock, { orderCodes: 'ABC' })).code).toBe(4000);
  });
});

describe('update mark', () => {
  it('sets one of the marks, audited', async () => {
    const order = await insertOrder(db());
    expect(await as('admin', orderApi.updateMark, { id: order.id, orderMark: 4 })).toMatchObject({ code: 200, data: { mark: 4 } });
    const [audit] = await db().select().from(auditRecords).where(and(eq(auditRecords.target, order.orderCode), eq(auditRecords.action, 'order.updateMark')));
    expect(audit).toMatchObject({ before: { mark: 0 }, after: { mark: 4 } });
    expect((await as('admin', orderApi.updateMark, { id: order.id, orderMark: 5 })).code).toBe(4000);
    expect((await as('admin', orderApi.updateMark, { id: 99_999_999, orderMark: 1 })).code).toBe(4004);
    expect((await as('customerService', orderApi.updateMark, { id: order.id, orderMark: 1 })).code).toBe(4003);
    expect((await orderByCode(db(), order.orderCode)).mark).toBe(4);
  });
});

describe('lookups', () => {
  it('lists every status and mark with its id', async () => {
    const statuses = await get('merchant', orderApi.statusList);
    expect(statuses.data).toHaveLength(ORDER_STATUSES.length);
    expect(statuses.data).toContainEqual({ id: 10, code: 'timedOut' });
    expect((await get('customerService', orderApi.markList)).data).toEqual([
      { id: 0, code: 'ordinary' },
      { id: 1, code: 'suspicious' },
      { id: 2, code: 'test' },
      { id: 3, code: 'supplement' },
      { id: 4, code: 'malicious' },
    ]);
    expect((await get('technicalSupport', orderApi.statusList)).code).toBe(4003);
  });

  it('says whether batch upload is offered (ShowBatchButton)', async () => {
    expect((await get('merchant', orderApi.uploadFlag)).data).toEqual({ enable: true });
    await setSwitch(server, 'ShowBatchButton', false);
    expect((await get('merchant', orderApi.uploadFlag)).data).toEqual({ enable: false });
    await setSwitch(server, 'ShowBatchButton', true);
  });

  it("answers the newest order within the caller's rows", async () => {
    const mine = await insertOrder(db(), { merchant: 'merchant2', supplier: 'supplier2', createdAt: new Date(Date.now() + 60_000) });
    const other = await insertOrder(db(), { createdAt: new Date(Date.now() + 30_000) });
    expect((await get('admin', orderApi.lastOrder)).data.orderCode).toBe(mine.orderCode);
    expect((await get('merchant2', orderApi.lastOrder)).data.orderCode).toBe(mine.orderCode);
    expect((await get('supplier', orderApi.lastOrder)).data.orderCode).toBe(other.orderCode);
    expect((await get('merchant', orderApi.lastOrder)).data).toMatchObject({ orderCode: other.orderCode, createTime: expect.any(String) });
  });
});

describe('detail (/order/getDetail)', () => {
  it('shows the order with its ledger rows and audit trail', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await as('admin', orderApi.confirm, { orderCode: order.orderCode });
    const detail = await get('admin', orderApi.one, { orderCode: order.orderCode });
    expect(detail.data).toMatchObject({ orderCode: order.orderCode, status: statusId('submitted'), supplierFee: 30, merchantFee: 150 });
    expect(detail.data.ledger.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0)).toBe(0);
    expect(detail.data.audit).toEqual([expect.objectContaining({ action: 'confirm', before: { status: 'pendingConfirmation' }, after: { status: 'submitted' }, operator: 'admin' })]);
    expect((await get('admin', orderApi.one, { id: order.id })).data.orderCode).toBe(order.orderCode);
  });

  it("shows a merchant its own order without the supplier's side, and no one else's", async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await as('admin', orderApi.confirm, { orderCode: order.orderCode });
    const merchantId = await userIdOf(db(), 'merchant');
    const detail = (await get('merchant', orderApi.one, { orderCode: order.orderCode })).data;
    expect(detail).not.toHaveProperty('supplierFee');
    expect(detail).not.toHaveProperty('supplierId');
    expect(detail.ledger).toEqual([expect.objectContaining({ userId: merchantId, amount: 9850 })]);
    expect(detail.audit[0]).not.toHaveProperty('operator');
    expect((await get('merchant2', orderApi.one, { orderCode: order.orderCode })).code).toBe(4004);
    expect((await get('supplier2', orderApi.one, { orderCode: order.orderCode })).code).toBe(4004);
    expect((await get('supplier', orderApi.one, { orderCode: order.orderCode })).data).not.toHaveProperty('merchantFee');
    expect((await get('admin', orderApi.one, {})).code).toBe(4000);
  });

  it('names every party the caller may see, and the receiving account by its name and number', async () => {
    const order = await insertOrder(db());
    const [account] = await db().select().from(receivingAccounts).where(eq(receivingAccounts.id, order.accountId!));
    const named = `${account.accountName} · ${account.cardNumber}`;
    expect((await get('admin', orderApi.one, { orderCode: order.orderCode })).data).toMatchObject({ merchantName: 'merchant', supplierName: 'supplier', receivingAccount: named });
    expect((await get('customerService', orderApi.one, { orderCode: order.orderCode })).data).toMatchObject({ merchantName: 'merchant', supplierName: 'supplier', receivingAccount: named });
    expect((await get('supplier', orderApi.one, { orderCode: order.orderCode })).data).toMatchObject({ supplierName: 'supplier', receivingAccount: named });
    // The merchant sees neither the supplier nor where its payer's money went.
    const merchant = (await get('merchant', orderApi.one, { orderCode: order.orderCode })).data;
    for (const key of ['supplierName', 'receivingAccount', 'accountId']) expect(merchant).not.toHaveProperty(key);
    // An order no account took names none.
    const unallocated = await insertOrder(db(), { state: 'allocationFailed', supplierId: null, accountId: null });
    expect((await get('admin', orderApi.one, { orderCode: unallocated.orderCode })).data).toMatchObject({ merchantName: 'merchant', supplierName: null });
    expect((await get('admin', orderApi.one, { orderCode: unallocated.orderCode })).data.receivingAccount ?? null).toBeNull();
  });
});
