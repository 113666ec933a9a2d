/**
 * The row actions of collection orders: each moves an order only from a status the transition table
 * allows (a refused move answers orderStateConflict and writes nothing), refuses locked orders,
 * refuses roles without the action, and keeps a supplier to its own orders.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orderApi } from '../../resources/orders/api.js';
import { statusId } from '../../resources/orders/statuses.js';
import { auditRecords, orderCallbacks, users } from '../../server/db/schema/index.js';
import { codeAt } from '../../server/security/totp.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, orderLedger, setSwitch } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
// The money actions need the second-level token too (tests/api/permissions-money.test.ts): every call carries it.
const tokens2: Record<string, string> = {};
const as = (role: string, path: string, body: unknown) => server.call('POST', path, { token: tokens[role], token2: tokens2[role], body });
const STATE_CONFLICT = 4113;
const LOCKED = 4112;

beforeAll(async () => {
  for (const role of ['admin', 'superAdmin', 'supplier', 'supplier2', 'customerService', 'merchant']) {
    tokens[role] = await server.login(role);
    tokens2[role] = await server.login2(tokens[role]);
  }
});

/** Runs `request` on an order in `from`, expecting a refusal with `code` that leaves the order, its money and its audit as they were. */
async function expectRefused(code: number, from: Parameters<typeof insertOrder>[1], request: (orderCode: string) => Promise<{ code: number }>) {
  const order = await insertOrder(db(), from);
  const audits = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(auditRecords).where(eq(auditRecords.target, order.orderCode)))[0].n;
  // A paid order already has its postings: a refusal adds none.
  const posted = (await orderLedger(db(), order.orderCode)).rows;
  const result = await request(order.orderCode);
  expect(result.code).toBe(code);
  expect(await orderByCode(db(), order.orderCode)).toEqual(order);
  expect((await orderLedger(db(), order.orderCode)).rows).toEqual(posted);
  expect(await audits()).toBe(0);
}

describe('supplement (/order/replenishmentOrder)', () => {
  it('completes an allocated order with the UTR, marked supplement, and posts its money', async () => {
    const order = await insertOrder(db());
    const result = await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: '  UTR123456  ' });
    expect(result).toMatchObject({ code: 200, data: { orderCode: order.orderCode, status: statusId('submitted'), mark: 3 } });
    const after = await orderByCode(db(), order.orderCode);
    expect(after).toMatchObject({ utr: 'UTR123456', supplemented: true, supplementType: 1, status: 13 });
    expect(after.completedAt).not.toBeNull();
    expect((await orderLedger(db(), order.orderCode)).sum).toBe(0n);
    const [audit] = await db().select().from(auditRecords).where(and(eq(auditRecords.target, order.orderCode), eq(auditRecords.action, 'order.supplement')));
    expect(audit).toMatchObject({ before: { status: 'allocated' }, after: { status: 'submitted', utr: 'UTR123456' } });
  });

  it('marks an offset supplement as such', async () => {
    const order = await insertOrder(db(), { state: 'allocationFailed', supplierId: null, accountId: null });
    expect((await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: 'U1', isOffsetReplenishmentOrder: true })).code).toBe(200);
    expect(await orderByCode(db(), order.orderCode)).toMatchObject({ supplementType: 2, status: 13 });
  });

  it('needs a UTR of at most 64 characters', async () => {
    const order = await insertOrder(db());
    expect(await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: '   ' })).toMatchObject({ code: 4000, msg: 'Invalid parameter: utr is required' });
    expect((await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: 'x'.repeat(65) })).code).toBe(4000);
    expect((await orderByCode(db(), order.orderCode)).status).toBe(statusId('allocated'));
  });

  it('is refused on a paid order and on a locked one', async () => {
    await expectRefused(STATE_CONFLICT, { state: 'submitted' }, (orderCode) => as('admin', orderApi.supplement, { orderCode, utr: 'U2' }));
    await expectRefused(LOCKED, { locked: true }, (orderCode) => as('admin', orderApi.supplement, { orderCode, utr: 'U2' }));
  });

  it('says which status refused it', async () => {
    const order = await insertOrder(db(), { state: 'callbackSucceeded' });
    expect(await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: 'U3' })).toMatchObject({ code: STATE_CONFLICT, msg: 'Not allowed: the order is Callback succeeded', data: null });
  });

  it('takes a timed-out order only while CanTimeoutSupplement is on', async () => {
    await setSwitch(server, 'CanTimeoutSupplement', false);
    await expectRefused(STATE_CONFLICT, { state: 'timedOut' }, (orderCode) => as('admin', orderApi.supplement, { orderCode, utr: 'U4' }));
    await setSwitch(server, 'CanTimeoutSupplement', true);
    const order = await insertOrder(db(), { state: 'timedOut' });
    expect((await as('admin', orderApi.supplement, { orderCode: order.orderCode, utr: 'U4' })).code).toBe(200);
  });

  it('needs a fresh Google code while the ManualSupplement switch is on', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db().insert(users).values({ account: 'supplementAdmin', nickname: 'supplementAdmin', role: 'admin', passwordHash: await hashPassword(DEMO_PASSWORD), googleSecret: secret, googleConfirmed: true });
    const token = await server.login('supplementAdmin');
    const token2 = await server.login2(token);
    await setSwitch(server, 'GoogleVerifyManualSupplement', true);
    try {
      await expectRefused(4010, {}, (orderCode) => server.call('POST', orderApi.supplement, { token, token2, body: { orderCode, utr: 'U5' } }));
      await expectRefused(4011, {}, (orderCode) => server.call('POST', orderApi.supplement, { token, token2, body: { orderCode, utr: 'U5', googleCode: '000000' } }));
      const order = await insertOrder(db());
      expect((await server.call('POST', orderApi.supplement, { token, token2, body: { orderCode: order.orderCode, utr: 'U5', googleCode: codeAt(secret) } })).code).toBe(200);
    } finally {
      await setSwitch(server, 'GoogleVerifyManualSupplement', false);
    }
    // With the switch off no code is asked.
    const order = await insertOrder(db());
    expect((await server.call('POST', orderApi.supplement, { token, token2, body: { orderCode: order.orderCode, utr: 'U6' } })).code).toBe(200);
  });
});

describe('confirm (/order/confirmOrder)', () => {
  it('pays a pending confirmation and refuses anything else', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation', utr: 'PAYER1' });
    expect(await as('admin', orderApi.confirm, { orderCode: order.orderCode })).toMatchObject({ code: 200, data: { status: statusId('submitted') } });
    expect((await orderLedger(db(), order.orderCode)).rows.length).toBeGreaterThan(0);
    await expectRefused(STATE_CONFLICT, { state: 'allocated' }, (orderCode) => as('admin', orderApi.confirm, { orderCode }));
    await expectRefused(STATE_CONFLICT, { state: 'submitted' }, (orderCode) => as('admin', orderApi.confirm, { orderCode }));
    await expectRefused(LOCKED, { state: 'pendingConfirmation', locked: true }, (orderCode) => as('admin', orderApi.confirm, { orderCode }));
  });

  it('lets a supplier confirm its own orders only', async () => {
    const own = await insertOrder(db(), { state: 'pendingConfirmation' });
    expect((await as('supplier', orderApi.confirm, { orderCode: own.orderCode })).code).toBe(200);
    // Another supplier's order is not found for it, and stays as it was.
    await expectRefused(4004, { state: 'pendingConfirmation' }, (orderCode) => as('supplier2', orderApi.confirm, { orderCode }));
  });
});

describe('reject (/order/reject)', () => {
  it('rejects an unpaid order with a reason of the list', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    expect((await as('admin', orderApi.reject, { orderCode: order.orderCode, rejectReason: 'amountMismatch', googleCode: '' })).code).toBe(200);
    expect(await orderByCode(db(), order.orderCode)).toMatchObject({ status: statusId('rejected'), rejectReason: 'amountMismatch' });
  });

  it('needs the specific reason when "other" is chosen, and a reason of the list', async () => {
    const order = await insertOrder(db());
    expect(await as('admin', orderApi.reject, { orderCode: order.orderCode, rejectReason: 'other' })).toMatchObject({
      code: 4000,
      msg: 'Invalid parameter: otherReason is required: a specific reason is required when "other" is chosen',
    });
    expect(await as('admin', orderApi.reject, { orderCode: order.orderCode, rejectReason: 'bored' })).toMatchObject({ code: 4000, msg: 'Invalid parameter: rejectReason is not one of the allowed values' });
    expect((await as('admin', orderApi.reject, { orderCode: order.orderCode, rejectReason: 'other', otherReason: ' Payer asked to cancel ' })).code).toBe(200);
    expect(await orderByCode(db(), order.orderCode)).toMatchObject({ status: statusId('rejected'), rejectReason: 'Payer asked to cancel' });
  });

  it('refuses a paid order', async () => {
    await expectRefused(STATE_CONFLICT, { state: 'submitted' }, (orderCode) => as('admin', orderApi.reject, { orderCode, rejectReason: 'suspectedFraud' }));
  });
});

describe('free resource (/order/freeResource)', () => {
  it('closes an unpaid order as timed out, and refuses one already closed', async () => {
    const order = await insertOrder(db());
    expect((await as('admin', orderApi.freeResource, { orderCode: order.orderCode, isOffsetReplenishmentOrder: false })).data.status).toBe(statusId('timedOut'));
    await expectRefused(STATE_CONFLICT, { state: 'timedOut' }, (orderCode) => as('admin', orderApi.freeResource, { orderCode }));
    await expectRefused(LOCKED, { locked: true }, (orderCode) => as('admin', orderApi.freeResource, { orderCode }));
  });
});

describe('callback (/order/callback)', () => {
  it("schedules a paid order's notification again, without changing its status", async () => {
    const order = await insertOrder(db(), { state: 'callbackFailed' });
    expect(await as('admin', orderApi.callback, { orderCode: order.orderCode })).toMatchObject({ code: 200, data: { status: statusId('callbackFailed') } });
    const [task] = await db().select().from(orderCallbacks).where(eq(orderCallbacks.orderId, order.id));
    expect(task).toMatchObject({ state: 'pending', url: order.notifyUrl });
    expect((await db().select().from(auditRecords).where(and(eq(auditRecords.target, order.orderCode), eq(auditRecords.action, 'order.callback')))).length).toBe(1);
  });

  it('refuses an unpaid order', async () => {
    await expectRefused(STATE_CONFLICT, { state: 'allocated' }, (orderCode) => as('admin', orderApi.callback, { orderCode }));
  });
});

describe('reverse (/order/reverseOrder)', () => {
  it('undoes a paid order and refuses an unpaid one', async () => {
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    await as('admin', orderApi.confirm, { orderCode: order.orderCode });
    expect(await as('admin', orderApi.reverse, { orderCode: order.orderCode })).toMatchObject({ code: 200, data: { status: statusId('rejected') } });
    expect((await orderByCode(db(), order.orderCode)).reversedAt).not.toBeNull();
    await expectRefused(STATE_CONFLICT, { state: 'allocated' }, (orderCode) => as('admin', orderApi.reverse, { orderCode }));
    await expectRefused(STATE_CONFLICT, { state: 'rejected' }, (orderCode) => as('admin', orderApi.reverse, { orderCode }));
  });
});

describe('repair status (/order/updateOrderStatus)', () => {
  it('sets a repair target with a reason', async () => {
    const order = await insertOrder(db(), { state: 'processingError' });
    expect((await as('superAdmin', orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('callbackSucceeded'), reason: 'bank confirmed by phone' })).code).toBe(200);
    const [audit] = await db().select().from(auditRecords).where(and(eq(auditRecords.target, order.orderCode), eq(auditRecords.action, 'order.repair')));
    expect(audit.after).toMatchObject({ status: 'callbackSucceeded', reason: 'bank confirmed by phone' });
  });

  it('needs a reason and a target of the table, and refuses the status the order already has', async () => {
    const order = await insertOrder(db());
    expect(await as('admin', orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('rejected'), reason: ' ' })).toMatchObject({ code: 4000, msg: 'Invalid parameter: reason is required' });
    expect((await as('admin', orderApi.repairStatus, { orderCode: order.orderCode, status: statusId('pendingConfirmation'), reason: 'x' })).code).toBe(4000);
    await expectRefused(STATE_CONFLICT, { state: 'rejected' }, (orderCode) => as('admin', orderApi.repairStatus, { orderCode, status: statusId('rejected'), reason: 'again' }));
    await expectRefused(STATE_CONFLICT, { state: 'created' }, (orderCode) => as('admin', orderApi.repairStatus, { orderCode, status: statusId('timedOut'), reason: 'stuck' }));
    await expectRefused(LOCKED, { locked: true }, (orderCode) => as('admin', orderApi.repairStatus, { orderCode, status: statusId('timedOut'), reason: 'stuck' }));
  });
});

describe('who may act', () => {
  const actions: [string, (orderCode: string) => Record<string, unknown>][] = [
    [orderApi.supplement, (orderCode) => ({ orderCode, utr: 'U9' })],
    [orderApi.confirm, (orderCode) => ({ orderCode })],
    [orderApi.reject, (orderCode) => ({ orderCode, rejectReason: 'notReceived' })],
    [orderApi.freeResource, (orderCode) => ({ orderCode })],
    [orderApi.callback, (orderCode) => ({ orderCode })],
    [orderApi.reverse, (orderCode) => ({ orderCode })],
    [orderApi.lock, (orderCode) => ({ orderCodes: [orderCode] })],
    [orderApi.unlock, (orderCode) => ({ orderCodes: [orderCode] })],
    [orderApi.repairStatus, (orderCode) => ({ orderCode, status: statusId('timedOut'), reason: 'x' })],
  ];
  it.each(actions)('%s is refused to customer service and merchants', async (path, body) => {
    for (const role of ['customerService', 'merchant']) {
      await expectRefused(4003, { state: 'pendingConfirmation' }, (orderCode) => as(role, path, body(orderCode)));
    }
  });

  it('leaves supplier actions but confirm to admins', async () => {
    for (const [path, body] of actions.filter(([path]) => path !== orderApi.confirm)) {
      await expectRefused(4003, { state: 'pendingConfirmation' }, (orderCode) => as('supplier', path, body(orderCode)));
    }
  });

  it('answers not found for an unknown order', async () => {
    expect((await as('admin', orderApi.confirm, { orderCode: 'NOSUCHORDER' })).code).toBe(4004);
  });
});
