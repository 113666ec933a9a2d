/**
 * What an order does to balances. Paying an order writes one balanced posting (rows that sum to
 * zero) across the merchant, the supplier and the platform's accounts; undoing it writes the exact
 * opposite of whatever the order's rows still net to. Called only by the state machine, inside the
 * transaction that changes the status, so money and status never disagree. docs/orders.md
 * has the model with a worked example.
 */
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, orders, userProducts } from '../db/schema/index.js';
import { postBalanced, type Leg, type PlatformAccount } from '../ledger/ledger.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import type { OrderRow } from './order-row.js';

export interface Rate {
  /** Decimal text, 0.005 = 5 per mille. */
  rate: string;
  fixedFee: number;
  singleFee: number;
}

const RATE_SCALE = 1_000_000n;

/** A decimal rate text as an integer of millionths, exactly ("0.005" -> 5000). */
function rateMicros(rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole || '0') * RATE_SCALE + BigInt((fraction + '000000').slice(0, 6));
}

/**
 * The fee on an amount (minor units): amount x rate rounded half up, plus the fixed fee per
 * transaction; the single transaction fee is the least a transaction costs. Integers only.
 */
export function feeOf(amount: number, rate: Rate | null): number {
  if (!rate) return 0;
  const proportional = (BigInt(amount) * rateMicros(rate.rate) + RATE_SCALE / 2n) / RATE_SCALE;
  const fee = Number(proportional) + rate.fixedFee;
  return Math.max(fee, rate.singleFee);
}

/** A member's rate for a product (merchant or supplier side), or null when it has none. */
export async function rateOf(db: Db, userId: number | null, productId: number): Promise<Rate | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ rate: userProducts.rate, fixedFee: userProducts.fixedFee, singleFee: userProducts.singleFee })
    .from(userProducts)
    .where(and(eq(userProducts.userId, userId), eq(userProducts.productId, productId)))
    .limit(1);
  return row ?? null;
}

export const ref = (order: OrderRow) => ({ refType: 'order', refId: order.orderCode });

/**
 * The posting of a paid collection order. The payer's money (received) sits with the supplier who
 * owns the receiving account; the merchant is credited the order amount less its fee; the
 * supplier keeps its commission (its fee); the platform earns the difference:
 *
 *   merchant            +(amount - merchantFee)
 *   supplier            -(received - supplierFee)          (IsSupplierRemoveBalanceOnOrderFinished on)
 *   or supplier         +supplierFee and supplierClearing -received   (off: the supplier settles later)
 *   platformFee         the rest, so the rows sum to zero
 *
 * The fees are stored on the order in the same step; answers the order as paid.
 */
export async function postPaid(tx: Db, order: OrderRow): Promise<OrderRow> {
  const received = order.receivedAmount ?? order.payAmount;
  const merchantFee = feeOf(order.amount, await rateOf(tx, order.merchantId, order.productId));
  const supplierFee = feeOf(received, await rateOf(tx, order.supplierId, order.productId));
  const removeFromSupplier = (await getSetting(tx, 'IsSupplierRemoveBalanceOnOrderFinished')).enable === true;
  const legs: Leg[] = [{ userId: order.merchantId, amount: order.amount - merchantFee, reason: 'collection', ...ref(order) }];
  if (order.supplierId !== null && removeFromSupplier) {
    legs.push({ userId: order.supplierId, amount: -(received - supplierFee), reason: 'collection', ...ref(order) });
  } else {
    if (order.supplierId !== null) legs.push({ userId: order.supplierId, amount: supplierFee, reason: 'fee', ...ref(order) });
    legs.push({ account: 'supplierClearing', amount: -received, reason: 'settlement', ...ref(order) });
  }
  const rest = -legs.reduce((sum, l) => sum + Number(l.amount), 0);
  legs.push({ account: 'platformFee', amount: rest, reason: 'fee', ...ref(order) });
  await postBalanced(tx, legs);
  // The fees posted are the order's own: a paid order's row and its ledger rows never disagree.
  const [paid] = await tx.update(orders).set({ merchantFee, supplierFee }).where(eq(orders.id, order.id)).returning();
  return paid;
}

/**
 * Undoes an order's money: posts the opposite of what its rows still net to, per account. A member
 * it takes money back from must have it (insufficientBalance, nothing posted): the merchant may have
 * paid the credit out since. The one balance allowed below zero is the supplier's while
 * IsSupplierRemoveBalanceOnOrderFinished is on (server/ledger/invariants.ts).
 */
export async function postReversal(tx: Db, order: OrderRow): Promise<void> {
  const supplierMayOwe = (await getSetting(tx, 'IsSupplierRemoveBalanceOnOrderFinished')).enable === true;
  const rows = await tx
    .select({ userId: ledgerEntries.userId, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, order.orderCode)));
  const net = new Map<string, { userId: number | null; account: string; amount: bigint }>();
  for (const row of rows) {
    const key = `${row.account}:${row.userId ?? ''}`;
    const entry = net.get(key) ?? { userId: row.userId, account: row.account, amount: 0n };
    entry.amount += row.amount;
    net.set(key, entry);
  }
  const legs: Leg[] = [...net.values()].map((n) =>
    n.account === 'member'
      ? { userId: n.userId!, amount: -n.amount, reason: 'reversal', requireCover: supplierMayOwe && n.userId === order.supplierId ? false : 'insufficientBalance', ...ref(order) }
      : { account: n.account as PlatformAccount, amount: -n.amount, reason: 'reversal', ...ref(order) },
  );
  await postBalanced(tx, legs);
}
