/**
 * Orders for API tests, written straight into the orders table as allocation would leave them:
 * allocated to the demo supplier's card-to-card account for product 1034, for the demo merchant,
 * due to time out in 15 minutes. Tests of the row actions start from here, whatever creation does.
 * A collection order written as paid gets the postings and fees its payment would have given it
 * (server/orders/money.ts), so its money is what the routes would have left.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isSuccess, statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { postPaid } from '../../server/orders/money.js';
import { ledgerEntries, orders, receivingAccounts, users } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';
import type { OrderInsert, OrderRow } from '../../server/orders/order-row.js';

let sequence = 0;

export async function userIdOf(db: Db, account: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
  if (!row) throw new Error(`no user ${account}`);
  return row.id;
}

/** The enabled 1034 account of a supplier (the demo supplier has one). */
async function accountOf(db: Db, supplierId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.supplierId, supplierId), eq(receivingAccounts.productId, 1034)))
    .limit(1);
  return row?.id ?? null;
}

export interface OrderOptions extends Partial<OrderInsert> {
  /** Status by code (default allocated). */
  state?: OrderStatus;
  merchant?: string;
  supplier?: string;
}

/** Inserts one order and answers its row. */
export async function insertOrder(db: Db, { state = 'allocated', merchant = 'merchant', supplier = 'supplier', ...columns }: OrderOptions = {}): Promise<OrderRow> {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${sequence}`.toUpperCase();
  const merchantId = await userIdOf(db, merchant);
  const supplierId = await userIdOf(db, supplier);
  const [row] = await db
    .insert(orders)
    .values({
      orderCode: `T${unique}`,
      merchantId,
      merchantOrderNo: `M${unique}`,
      productId: 1034,
      supplierId,
      accountId: await accountOf(db, supplierId),
      status: statusId(state),
      amount: 10_000,
      payAmount: 10_000,
      notifyUrl: 'http://127.0.0.1:9/notify',
      expiresAt: new Date(Date.now() + 15 * 60_000),
      ...columns,
    })
    .returning();
  if (row.orderType !== 1 || !isSuccess(state)) return row;
  return db.transaction((tx) => postPaid(tx as unknown as Db, row));
}

export async function orderByCode(db: Db, orderCode: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderCode, orderCode)).limit(1);
  return row;
}

/** The order's ledger rows as [account, userId, amount] and their sum. */
export async function orderLedger(db: Db, orderCode: string) {
  const rows = await db
    .select({ account: ledgerEntries.account, userId: ledgerEntries.userId, amount: ledgerEntries.amount, reason: ledgerEntries.reason })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, 'order'), eq(ledgerEntries.refId, orderCode)))
    .orderBy(ledgerEntries.id);
  return { rows, sum: rows.reduce((total, r) => total + r.amount, 0n) };
}

/** Net amount of the order's rows per account key (`member:<id>`, `platformFee`...), zero entries left out. */
export async function orderNet(db: Db, orderCode: string): Promise<Record<string, number>> {
  const net: Record<string, number> = {};
  for (const row of (await orderLedger(db, orderCode)).rows) {
    const key = row.account === 'member' ? `member:${row.userId}` : row.account;
    net[key] = (net[key] ?? 0) + Number(row.amount);
    if (net[key] === 0) delete net[key];
  }
  return net;
}

/** Sum of every ledger row of a user, straight from the table. */
export async function rowsSum(db: Db, userId: number): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return BigInt(row.total);
}

/** Sum of a platform account's rows. */
export async function accountSum(db: Db, account: 'platformFee' | 'supplierClearing'): Promise<bigint> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries).where(eq(ledgerEntries.account, account));
  return BigInt(row.total);
}

interface Caller {
  call(method: 'GET' | 'POST', url: string, options?: { token?: string; token2?: string; body?: unknown }): Promise<{ code: number; data: any; msg: string }>;
  login(account: string): Promise<string>;
  login2(token: string): Promise<string>;
}

/** Sets an on/off setting as superAdmin would (POST /system-config/set<Name>, which needs the second-level token). */
export async function setSwitch(server: Caller, name: string, enable: boolean): Promise<void> {
  const token = await server.login('superAdmin');
  const token2 = await server.login2(token);
  const result = await server.call('POST', `/system-config/set${name}`, { token, token2, body: { enable } });
  if (result.code !== 200) throw new Error(`set ${name}: ${result.msg}`);
}
