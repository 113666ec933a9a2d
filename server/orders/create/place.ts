/**
 * Stores a new order and allocates it, in the caller's transaction: the merchant's product and the
 * order number are checked, allocation decides, and only then is the row written (status created)
 * and moved by the state machine to allocated or allocationFailed. An amount no working account's
 * range admits is refused before anything is written.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { extrasOf, toMinorUnits, type CreateOrderPayload } from '../../../resources/orders/create-schema.js';
import { allows, COLLECTION, COLLECTION_TRANSITIONS, markId, statusId, type TestStatus } from '../../../resources/orders/statuses.js';
import { auditRecords, orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { allocate } from '../allocation/allocate.js';
import type { AccountRow } from '../allocation/read.js';
import type { Limits } from '../allocation/types.js';
import { orderAuditEntry, type Actor } from '../state-machine.js';
import { auditRows, auditWritten } from '../../audit/write.js';
import type { Db } from '../../db/client.js';
import { insertValues, placeholdersFor, Statements, withRows } from '../../db/prepared.js';
import type { OrderInsert, OrderRow } from '../order-row.js';
import { checkMerchantProduct, type Merchant } from './merchant.js';
import { isPayoutProduct } from '../../../resources/products/catalogue.js';
import { countOrder } from '../../metrics/scope.js';

export interface PlaceOptions {
  actor: Actor;
  /** Orders placed from the test screens: marked test, kept out of statistics. */
  test?: { status: TestStatus };
  /** The transaction locked the accounts of its products up front (batch creation, lockAccountsOf): allocation waits for no other. */
  accountsLocked?: boolean;
  /** The order's accounts as read before the transaction (read-ahead.ts): allocation uses them when their limit settings still hold. */
  accounts?: { rows: AccountRow[]; limits: Limits };
  /** Where allocation notes the account it holds, for the caller to count out once the transaction ended (allocation/rotation.ts). */
  held?: number[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'P' + the local time to the second (platform time zone) + 6 random digits; unique by the orders_code_idx index. */
function newOrderCode(now = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `P${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

export async function isDuplicate(tx: Db, merchantId: number, mchOrderNo: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.merchantOrderNo, mchOrderNo)))
    .limit(1);
  return Boolean(row);
}

/**
 * The order's insert, built once per set of columns given (server/db/prepared.ts): creation's
 * busiest statement. With audit rows (shape `columns|count|auditColumns`), they are written by the
 * same statement when the order is.
 */
const orderInserts = new Statements<OrderRow[], Record<string, unknown>>((db, shape) => {
  const [columns, count, auditColumns] = shape.split('|');
  const insert = db
    .insert(orders)
    .values(placeholdersFor(orders, columns) as unknown as OrderInsert)
    .onConflictDoNothing()
    .returning();
  return count ? withRows(insert, auditRecords, auditColumns, Number(count)) : insert;
});

/** The audit rows of an order written with it: built from its code, once drawn. */
type AuditOf = (orderCode: string) => Parameters<typeof auditRows>[0];

/** The database refused the number as one an order used before, now archived (merchant_order_numbers, migration 0015). */
function usedBefore(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505' && e.constraint === 'merchant_order_numbers_pkey') return true;
  }
  return false;
}

/**
 * Inserts the row. ON CONFLICT DO NOTHING keeps the transaction usable: a taken mchOrderNo (also
 * one a simultaneous request committed a moment ago) is the duplicate refusal; a taken order code
 * (a one-in-a-million draw in the same second) is drawn again. A number whose order was archived
 * fails the statement itself (the trigger's insert into merchant_order_numbers): the transaction
 * is then spent, and the refusal rolls the whole creation back.
 */
export async function insertOrder(tx: Db, values: Omit<OrderInsert, 'orderCode'>, audit?: AuditOf): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const orderCode = newOrderCode();
    const { columns, values: filled } = insertValues(orders, { ...values, orderCode });
    const rows = audit ? auditRows(audit(orderCode)).map((row, i) => insertValues(auditRecords, row, `r${i}_`)) : [];
    const shape = rows.length ? `${columns}|${rows.length}|${rows[0].columns}` : columns;
    const [row] = await orderInserts.run(tx, shape, Object.assign(filled, ...rows.map((r) => r.values))).catch((error: unknown) => {
      if (usedBefore(error)) fail('duplicateOrder', { mchOrderNo: values.merchantOrderNo });
      throw error;
    });
    if (row) {
      if (rows.length) auditWritten();
      // Every order, collection or payout, is stored here: /metrics counts it once the transaction commits.
      countOrder('created', row.productId);
      return row;
    }
    if (await isDuplicate(tx, values.merchantId, values.merchantOrderNo)) fail('duplicateOrder', { mchOrderNo: values.merchantOrderNo });
  }
  throw new Error('no free order code after 5 draws');
}

/** The order as the payload asks for it (amounts in minor units; bank, VPA, mode, address and free extras in extras). */
export function rowOf(merchant: Merchant, payload: CreateOrderPayload, options: PlaceOptions): Omit<OrderInsert, 'orderCode'> {
  const amount = toMinorUnits(payload.productId, payload.amount);
  const named = { bankName: payload.bankName, vpa: payload.vpa, mode: payload.mode, address: payload.address };
  const extras = { ...extrasOf(payload), ...Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined)) } as Record<string, string>;
  return {
    orderType: COLLECTION,
    merchantId: merchant.user.id,
    merchantOrderNo: payload.mchOrderNo,
    productId: payload.productId,
    status: statusId('created'),
    mark: markId(options.test ? 'test' : 'ordinary'),
    amount,
    payAmount: amount,
    notifyUrl: payload.notifyUrl,
    returnUrl: payload.returnUrl ?? null,
    subject: payload.subject ?? null,
    body: payload.body ?? null,
    clientIp: payload.clientIp ?? null,
    userName: payload.userName ?? null,
    cardNumber: payload.cardNumber ?? null,
    ifscCode: payload.ifscCode ?? null,
    extras,
    isTest: Boolean(options.test),
    testStatus: options.test?.status ?? null,
  };
}

/**
 * How an order of a payout product is placed. Payouts build on orders (the row, its insert and
 * audit), so orders cannot import them back: the app, above both, hands the payouts' placer in
 * (server/app.ts), as it hands the framework its hooks.
 */
export type PayoutPlacer = (tx: Db, merchant: Merchant, payload: CreateOrderPayload, options: PlaceOptions) => Promise<OrderRow>;
let placePayout: PayoutPlacer = () => {
  throw new Error('No payout placer: server/app.ts hands it to orders with usePayoutPlacer');
};
export function usePayoutPlacer(placer: PayoutPlacer): void {
  placePayout = placer;
}

/**
 * Checks, allocates and stores one order. Returns the order as allocated or as allocationFailed
 * (stored either way: operators see failed allocations and can retry them). The row is written once,
 * as the state machine's created -> allocated (or allocationFailed) move leaves it, with the audit
 * rows of both steps in one insert: creation is the busiest path of the platform.
 */
export async function placeOrder(tx: Db, merchant: Merchant, payload: CreateOrderPayload, options: PlaceOptions): Promise<OrderRow> {
  if (isPayoutProduct(payload.productId)) return placePayout(tx, merchant, payload, options);
  await checkMerchantProduct(tx, merchant, payload.productId);
  const values = rowOf(merchant, payload, options);
  const allocation = await allocate(tx, { action: 'allocate', amount: values.amount, productIds: [payload.productId], noWait: options.accountsLocked, fresh: !options.accountsLocked, held: options.held }, options.accounts);
  if (allocation.info.outcome === 'amountOutOfRange') fail('amountOutOfRange');
  const to = allocation.set ? 'allocated' : 'allocationFailed';
  if (!allows(COLLECTION_TRANSITIONS, 'allocate', 'created', to)) throw new Error(`created -> ${to} is not a move of the state machine`);
  const allocateInfo = allocation.info as unknown as Record<string, unknown>;
  // A taken mchOrderNo is refused here (insertOrder), after allocation: rare, and rolled back whole.
  // The audit rows of both steps are written by the order's own statement.
  const { actor } = options;
  const set = { ...values, ...allocation.set, status: statusId(to), allocateInfo };
  return insertOrder(tx, set, (orderCode) => [
    orderAuditEntry(actor, 'create', { orderCode }, null, { merchantId: set.merchantId, mchOrderNo: set.merchantOrderNo, productId: set.productId, amount: set.amount, isTest: set.isTest }),
    orderAuditEntry(actor, 'allocate', { orderCode }, { status: 'created' }, { status: to, ...allocation.set, allocateInfo }),
  ]);
}
