/**
 * What the payout tests share: payouts placed through the creation API for the demo merchant (which
 * has the payout products and funds in the demo), suppliers with a payout account who can log in,
 * and a payout put straight into a state by the state machine.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, orders, userProducts, users } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/security/passwords.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { payoutTransition, type PayoutMove } from '../../server/payouts/state-machine.js';
import type { Db } from '../../server/db/client.js';
import type { OrderRow } from '../../server/orders/order-row.js';
import type { TestServer } from './harness.js';
import { create, makeAccount, makeSupplier, signed } from './order-create-fixture.js';

const BANK = { productId: 3017, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };

/** A bank payout of the demo merchant, in the pool. */
export async function placeBankPayout(server: TestServer, fields: Record<string, unknown> = {}): Promise<OrderRow> {
  const answer = await create(server, signed({ ...BANK, amount: 50_000, ...fields }));
  expect(answer.code, answer.msg).toBe(200);
  return payoutOf(server.database.db, answer.data.orderCode);
}

/**
 * The bank payout rate the money tests set for the demo merchant (1.2% + 3.00 per payout), and the fee
 * it gives, worked out here from the rate and the amount (half up) rather than read from the payout
 * the server placed: a wrong fee in the server then fails the tests instead of becoming their expectation.
 */
const PAYOUT_RATE = { rate: '0.012', fixedFee: 300, singleFee: 0 };
export const payoutFeeFor = (amount: number): number => Math.floor((amount * 12 + 500) / 1000) + 300;

/** Gives the merchant PAYOUT_RATE on the bank payout product (granted if it has none). */
export async function setPayoutRate(db: Db, merchantId: number): Promise<void> {
  const [held] = await db.select({ id: userProducts.id }).from(userProducts).where(and(eq(userProducts.userId, merchantId), eq(userProducts.productId, BANK.productId)));
  if (held) await db.update(userProducts).set(PAYOUT_RATE).where(eq(userProducts.id, held.id));
  else await db.insert(userProducts).values({ userId: merchantId, productId: BANK.productId, side: 'merchant', ...PAYOUT_RATE });
}

export async function payoutOf(db: Db, orderCode: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderCode, orderCode));
  return row;
}

/** A supplier who can log in with the demo password, with an enabled bank payout account. */
export async function payoutSupplier(db: Db, account: string, withAccount = true): Promise<{ id: number; accountId: number | null }> {
  const id = await makeSupplier(db, account, [3017]);
  await db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD) }).where(eq(users.id, id));
  const accountId = withAccount ? await makeAccount(db, id, 3017, { kind: 'indiaAutoPayout' }) : null;
  return { id, accountId };
}

/** Moves a payout by the state machine, as a batch or the system would (for tests that need it in a state). */
export async function moveTo(db: Db, order: OrderRow, ...moves: Omit<PayoutMove, 'actor'>[]): Promise<OrderRow> {
  let current = order;
  for (const move of moves) current = await db.transaction((tx) => payoutTransition(tx as unknown as Db, current, { ...move, actor: { userId: null } }));
  return current;
}

/** The sum of the payout's ledger rows (zero while the ledger is right). */
export async function ledgerSum(db: Db, orderCode: string): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.refType} = 'order' and ${ledgerEntries.refId} = ${orderCode}`);
  return BigInt(row.sum);
}
