/**
 * The operators' payout actions: each is allowed in the states the payout table names and refused
 * in every other with 4113, changing nothing; rejecting, cancelling and reversing give the merchant
 * its money back exactly, and every payout's ledger rows sum to zero; a collection order's code is
 * not a payout.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutStartsFrom, PAYOUT_STATES, type PayoutAction } from '../../resources/payouts/states.js';
import { orders, riskBlacklist, users } from '../../server/db/schema/index.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import type { OrderRow } from '../../server/orders/order-row.js';
import { useTestServer } from './harness.js';
import { checkLedgerAfterAll } from './ledger-check.js';
import { ledgerSum, moveTo, payoutFeeFor, payoutOf, payoutSupplier, placeBankPayout, setPayoutRate } from './payout-fixture.js';
import { signed } from './order-create-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
checkLedgerAfterAll(server);
const db = () => server.database.db;
let admin: string;
// The money actions need the second-level token too: every call carries it.
let admin2: string;
let merchantId: number;
let supplier: { id: number; accountId: number | null };

beforeAll(async () => {
  admin = await server.login('admin');
  admin2 = await server.login2(admin);
  [{ id: merchantId }] = await db().select({ id: users.id }).from(users).where(eq(users.account, 'merchant'));
  await setPayoutRate(db(), merchantId);
  supplier = await payoutSupplier(db(), 'actsupplier');
});

const post = (url: string, body: Record<string, unknown>) => server.call('POST', url, { token: admin, token2: admin2, body });

/** A fresh payout brought into `state` by the moves a real payout makes. */
async function payoutIn(state: (typeof PAYOUT_STATES)[number]['code']): Promise<OrderRow> {
  const claimed = { action: 'claim', to: 'preparing', set: { supplierId: supplier.id, accountId: supplier.accountId, assignedAt: new Date() } } as const;
  if (state === 'held') {
    const name = `Held Payee ${Date.now()}${Math.random()}`;
    await db().insert(riskBlacklist).values({ kind: 'name', value: name });
    const held = await placeBankPayout(server, { userName: name });
    expect(held.payoutStatus).toBe(8);
    return held;
  }
  const order = await placeBankPayout(server);
  switch (state) {
    case 'waiting':
      return order;
    case 'preparing':
      return moveTo(db(), order, claimed);
    case 'paying':
      return moveTo(db(), order, claimed, { action: 'export', to: 'paying' });
    case 'completed':
      return moveTo(db(), order, claimed, { action: 'export', to: 'paying' }, { action: 'confirm', to: 'completed' });
    case 'revoked':
      return moveTo(db(), order, { action: 'reject', to: 'revoked' });
    case 'reversalCompleted':
      return moveTo(db(), order, claimed, { action: 'export', to: 'paying' }, { action: 'confirm', to: 'completed' }, { action: 'reverse', to: 'reversalCompleted' });
    case 'cancelled':
      return moveTo(db(), await payoutIn('held'), { action: 'cancel', to: 'cancelled' });
  }
}

/** Each action with its call and body (by the payout's code). */
const ACTIONS: { action: PayoutAction; url: string; body: (o: OrderRow) => Record<string, unknown>; to?: number }[] = [
  { action: 'reject', url: '/payProxyOrder/reject', body: (o) => ({ orderCode: o.orderCode, rejectReason: 'bankRefused' }), to: 5 },
  { action: 'release', url: '/payProxyOrder/release', body: (o) => ({ orderCode: o.orderCode }), to: 1 },
  { action: 'cancel', url: '/payProxyOrder/cancel', body: (o) => ({ orderCode: o.orderCode }), to: 6 },
  { action: 'reverse', url: '/payProxyOrder/reverse', body: (o) => ({ orderCode: o.orderCode }), to: 7 },
  { action: 'retry', url: '/payProxyOrder/retry', body: (o) => ({ orderCode: o.orderCode }) },
  // Repaired to revoked, or a revoked one to completed (a repair moves to another state).
  { action: 'repair', url: '/payProxyOrder/updateStatus', body: (o) => ({ orderCode: o.orderCode, status: o.payoutStatus === 5 ? 4 : 5, reason: 'bank confirmed it', payoutTime: '2026-01-05 10:30:00' }) },
  { action: 'reselect', url: '/payProxyOrder/reselect', body: (o) => ({ orderCode: o.orderCode, userName: 'Sunil Rao', cardNumber: '445566778899', ifscCode: 'KKBK0000123', bankName: 'Kotak' }) },
];

describe('payout actions by state', () => {
  for (const { action, url, body, to } of ACTIONS) {
    it(`${action}: allowed from ${payoutStartsFrom(action).join(', ')}, refused with 4113 elsewhere`, async () => {
      for (const state of PAYOUT_STATES) {
        const order = await payoutIn(state.code);
        const allowed = payoutStartsFrom(action).includes(state.id);
        const answer = await post(url, body(order));
        const after = await payoutOf(db(), order.orderCode);
        if (allowed && !(action === 'retry' && state.code === 'held')) {
          expect(answer.code, `${action} from ${state.code}: ${answer.msg}`).toBe(200);
          if (to) expect(after.payoutStatus).toBe(to);
        } else if (!allowed) {
          expect(answer.code, `${action} from ${state.code}`).toBe(4113);
          expect(after).toEqual(order);
        }
        expect(await ledgerSum(db(), order.orderCode)).toBe(0n);
      }
    });
  }
});

describe('payout actions', () => {
  it('gives the merchant exactly its money back on reject, cancel and reverse', async () => {
    for (const [state, url] of [
      ['waiting', '/payProxyOrder/reject'],
      ['held', '/payProxyOrder/cancel'],
      ['completed', '/payProxyOrder/reverse'],
    ] as const) {
      const before = await balanceOf(db(), merchantId);
      const order = await payoutIn(state);
      expect(order.merchantFee, state).toBe(payoutFeeFor(order.amount));
      expect(await balanceOf(db(), merchantId), state).toBe(before - BigInt(order.amount + payoutFeeFor(order.amount)));
      const answer = await post(url, { orderCode: order.orderCode, rejectReason: 'other', otherReason: 'Wrong account' });
      expect(answer.code, answer.msg).toBe(200);
      expect(await balanceOf(db(), merchantId)).toBe(before);
      expect(await ledgerSum(db(), order.orderCode)).toBe(0n);
    }
  });

  it('stores the reject reason, the specific text of "other"', async () => {
    const order = await payoutIn('preparing');
    expect((await post('/payProxyOrder/reject', { orderCode: order.orderCode, rejectReason: 'other' })).code).toBe(4000);
    expect((await post('/payProxyOrder/reject', { orderCode: order.orderCode, rejectReason: 'other', otherReason: 'Payee closed the account' })).code).toBe(200);
    expect((await payoutOf(db(), order.orderCode)).rejectReason).toBe('Payee closed the account');
  });

  it('holds a payout reselected to a blacklisted payee, and returns a held one reselected clear to the pool', async () => {
    const name = `Reselect Block ${Date.now()}`;
    await db().insert(riskBlacklist).values({ kind: 'name', value: name });
    const claimed = await payoutIn('preparing');
    const payee = { cardNumber: '445566778899', ifscCode: 'KKBK0000123', bankName: 'Kotak' };
    expect((await post('/payProxyOrder/reselect', { orderCode: claimed.orderCode, userName: name, ...payee })).code).toBe(200);
    expect(await payoutOf(db(), claimed.orderCode)).toMatchObject({ payoutStatus: 8, supplierId: null, accountId: null, userName: name });
    // Retried while still blacklisted: refused, still held.
    expect((await post('/payProxyOrder/retry', { orderCode: claimed.orderCode })).code).toBe(4113);
    expect((await payoutOf(db(), claimed.orderCode)).payoutStatus).toBe(8);
    expect((await post('/payProxyOrder/reselect', { orderCode: claimed.orderCode, userName: 'Clean Payee', ...payee })).code).toBe(200);
    expect(await payoutOf(db(), claimed.orderCode)).toMatchObject({ payoutStatus: 1, userName: 'Clean Payee', extras: expect.objectContaining({ bankName: 'Kotak' }) });
  });

  it('reselects bank details only on a bank payout', async () => {
    const answer = await server.call('POST', '/api/order/create', { body: signed({ productId: 3016, amount: 10_000, address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }) });
    expect(answer.code, answer.msg).toBe(200);
    const reselect = await post('/payProxyOrder/reselect', { orderCode: answer.data.orderCode, userName: 'A', cardNumber: '445566778899', ifscCode: 'KKBK0000123', bankName: 'Kotak' });
    expect(reselect.code).toBe(4009);
    expect((await payoutOf(db(), answer.data.orderCode)).userName).toBeNull();
  });

  it('retries a held payout back to the pool once its payee is off the blacklist', async () => {
    const held = await payoutIn('held');
    await db().delete(riskBlacklist).where(eq(riskBlacklist.value, held.userName!));
    const answer = await post('/payProxyOrder/retry', { orderCode: held.orderCode });
    expect(answer.code, answer.msg).toBe(200);
    expect((await payoutOf(db(), held.orderCode)).payoutStatus).toBe(1);
  });

  it('releases only an unbatched claim, and requires a reason to repair', async () => {
    const claimed = await payoutIn('preparing');
    await db().update(orders).set({ batchId: 4242 }).where(eq(orders.id, claimed.id));
    expect((await post('/payProxyOrder/release', { orderCode: claimed.orderCode })).code).toBe(4113);
    await db().update(orders).set({ batchId: null }).where(eq(orders.id, claimed.id));
    expect((await post('/payProxyOrder/release', { orderCode: claimed.orderCode })).code).toBe(200);
    expect(await payoutOf(db(), claimed.orderCode)).toMatchObject({ payoutStatus: 1, supplierId: null, accountId: null });
    expect((await post('/payProxyOrder/updateStatus', { orderCode: claimed.orderCode, status: 5 })).code).toBe(4000);
    expect((await post('/payProxyOrder/updateStatus', { orderCode: claimed.orderCode, status: 2, reason: 'x' })).code).toBe(4000);
  });

  it('rejects only an unbatched payout: one in a batch, maybe in the bank file, leaves through the batch', async () => {
    for (const state of ['preparing', 'paying'] as const) {
      const payout = await payoutIn(state);
      await db().update(orders).set({ batchId: 4242 }).where(eq(orders.id, payout.id));
      const balance = await balanceOf(db(), merchantId);
      expect((await post('/payProxyOrder/reject', { orderCode: payout.orderCode, rejectReason: 'bankRefused' })).code, state).toBe(4113);
      expect((await payoutOf(db(), payout.orderCode)).payoutStatus, state).toBe(payout.payoutStatus);
      expect(await balanceOf(db(), merchantId), state).toEqual(balance);
    }
  });

  it('marks a payout paid by hand only with its payout time, a real one, which becomes its completion time', async () => {
    const payout = await payoutIn('revoked');
    const balance = await balanceOf(db(), merchantId);
    const repair = (extra: Record<string, unknown>) => post('/payProxyOrder/updateStatus', { orderCode: payout.orderCode, status: 4, reason: 'bank statement shows it paid', ...extra });
    expect(await repair({})).toMatchObject({ code: 4000, msg: 'Invalid parameter: Payout time (payoutTime) is required' });
    expect(await repair({ payoutTime: '' })).toMatchObject({ code: 4000, msg: 'Invalid parameter: Payout time (payoutTime) is required' });
    for (const payoutTime of ['2026-02-30 10:00:00', '2026-01-05T10:30:00', '2026-01-05 24:00:00', 20260105]) {
      const refused = await repair({ payoutTime });
      expect(refused.code, String(payoutTime)).toBe(4000);
      expect(refused.msg).toContain('Payout time (payoutTime)');
    }
    expect(await payoutOf(db(), payout.orderCode)).toMatchObject({ payoutStatus: 5, completedAt: null });
    expect(await balanceOf(db(), merchantId)).toEqual(balance);

    const paid = await repair({ payoutTime: '2026-01-05 10:30:00' });
    expect(paid.code, paid.msg).toBe(200);
    const [row] = await db().select({ payoutStatus: orders.payoutStatus, at: sql<string>`to_char(${orders.completedAt}, 'YYYY-MM-DD HH24:MI:SS')` }).from(orders).where(eq(orders.id, payout.id));
    expect(row).toEqual({ payoutStatus: 4, at: '2026-01-05 10:30:00' });
    // Another target needs no payout time.
    const back = await payoutIn('completed');
    expect((await post('/payProxyOrder/updateStatus', { orderCode: back.orderCode, status: 5, reason: 'bank returned it' })).code).toBe(200);
  });

  it('repairs a batched payout back to the pool out of its batch, free for another', async () => {
    const payout = await payoutIn('paying');
    await db().update(orders).set({ batchId: 4242 }).where(eq(orders.id, payout.id));
    const answer = await post('/payProxyOrder/updateStatus', { orderCode: payout.orderCode, status: 1, reason: 'the bank never received the file' });
    expect(answer.code, answer.msg).toBe(200);
    expect(await payoutOf(db(), payout.orderCode)).toMatchObject({ payoutStatus: 1, batchId: null, supplierId: null, accountId: null });
  });

  it('sets the mark, and refuses collection orders as not found', async () => {
    const order = await payoutIn('waiting');
    expect((await post('/payProxyOrder/updateMark', { id: order.id, orderMark: 1 })).code).toBe(200);
    expect((await payoutOf(db(), order.orderCode)).mark).toBe(1);
    const [collection] = await db().select().from(orders).where(eq(orders.orderType, 1)).limit(1);
    for (const { url, body } of ACTIONS) expect((await post(url, body(collection))).code, url).toBe(4004);
    expect((await post('/payProxyOrder/updateMark', { id: collection.id, orderMark: 1 })).code).toBe(4004);
  });

  it('keeps merchants and suppliers off the operator actions', async () => {
    const order = await payoutIn('waiting');
    for (const account of ['merchant', 'supplier']) {
      const token = await server.login(account);
      const answer = await server.call('POST', '/payProxyOrder/reject', { token, body: { orderCode: order.orderCode, rejectReason: 'bankRefused' } });
      expect(answer.code).not.toBe(200);
    }
    expect((await payoutOf(db(), order.orderCode)).payoutStatus).toBe(1);
  });
});
