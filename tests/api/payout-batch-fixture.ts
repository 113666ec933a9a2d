/**
 * What the payout-batch tests share: payouts placed straight through placePayout in one
 * transaction (500 through the API would be slow), a funded demo merchant, a multipart body for
 * the result upload, and the ledger checks every batch test ends with.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ledgerEntries, orders, users } from '../../server/db/schema/index.js';
import { postBalanced } from '../../server/ledger/ledger.js';
import { findMerchant } from '../../server/orders/create/merchant.js';
import { placePayout } from '../../server/payouts/create.js';
import { payoutTransition } from '../../server/payouts/state-machine.js';
import { setSetting } from '../../server/settings/store.js';
import type { CreateOrderPayload } from '../../resources/orders/create-schema.js';
import type { Db } from '../../server/db/client.js';
import type { OrderRow } from '../../server/orders/order-row.js';
import { orderNo } from './order-create-fixture.js';
import { setPayoutRate } from './payout-fixture.js';

export const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db));

/** Rejects the demo data's open payouts (in the pool, no batch yet), so a new batch takes only what a test placed. */
export async function emptyPayoutPool(db: Db): Promise<void> {
  const open = await db.select().from(orders).where(and(eq(orders.orderType, 2), inArray(orders.payoutStatus, [1, 2]), isNull(orders.batchId)));
  await inTx(db, async (tx) => {
    for (const order of open) await payoutTransition(tx, order, { action: 'reject', to: 'revoked', actor: { userId: null }, reason: 'test setup' });
  });
}

export async function userIdOf(db: Db, account: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return row.id;
}

/** The demo merchant with the bank payout product, a large balance, and payouts left in the pool (no automatic assignment). */
export async function fundMerchant(db: Db): Promise<number> {
  const id = await userIdOf(db, 'merchant');
  await setPayoutRate(db, id);
  await setSetting(db, 'AutoAssignPayoutOrder', false);
  await inTx(db, (tx) =>
    postBalanced(tx, [
      { userId: id, amount: 500_000_000n, reason: 'opening', refType: 'test' },
      { account: 'platformEquity', amount: -500_000_000n, reason: 'opening', refType: 'test' },
    ]),
  );
  return id;
}

/** `count` bank payouts of the demo merchant, waiting in the pool; amounts vary so totals mean something. */
export async function placePayouts(db: Db, count: number, amount = (i: number) => 10_000 + i): Promise<OrderRow[]> {
  const merchant = await findMerchant(db, { mchId: '20001' });
  return inTx(db, async (tx) => {
    const placed: OrderRow[] = [];
    for (let i = 0; i < count; i++) {
      const payload = { mchId: '20001', productId: 3017, mchOrderNo: orderNo('B'), amount: amount(i), notifyUrl: 'https://shop.example.com/notify', userName: `Payee ${i}`, cardNumber: `5000${String(i).padStart(8, '0')}`, ifscCode: 'ICIC0001234', bankName: 'ICICI Bank', sign: '' } as CreateOrderPayload;
      placed.push(await placePayout(tx, merchant, payload, { actor: { userId: null } }));
    }
    return placed;
  });
}

export const ordersByIds = (db: Db, ids: readonly number[]) => db.select().from(orders).where(inArray(orders.id, [...ids]));

/** The causes among `codes` whose ledger rows do not sum to zero (expected: none). */
export async function unbalancedOrders(db: Db, codes: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ refId: ledgerEntries.refId })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.refType} = 'order' and ${inArray(ledgerEntries.refId, [...codes])}`)
    .groupBy(ledgerEntries.refId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  return rows.map((r) => r.refId!);
}

/** A member's or platform account's total over the rows of `codes`. */
export async function postedFor(db: Db, codes: readonly string[], who: { userId: number } | { account: string }): Promise<bigint> {
  const owner = 'userId' in who ? sql`${ledgerEntries.userId} = ${who.userId}` : sql`${ledgerEntries.account} = ${who.account}`;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(sql`${owner} and ${ledgerEntries.refType} = 'order' and ${inArray(ledgerEntries.refId, [...codes])}`);
  return BigInt(row.total);
}

/** A multipart/form-data body of text fields and one file. */
export function multipart(fields: Record<string, string | number>, file?: { name: string; type: string; content: string }) {
  const boundary = `----batch${Date.now()}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
