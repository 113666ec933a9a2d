/**
 * The row actions that run allocation again, and the explanation of an allocation. Hand-written
 * routes: each is a transition of the state machine with the allocation module's decision.
 *  - reselect: an unpaid order moves to an account of the listed products (not its current one);
 *  - retry: an order no account could take is allocated again; when still none can, the order
 *    stays allocationFailed, the answer is the allocationFailed code, and the new reasons are
 *    recorded (after the refused request rolled back) so operators see why;
 *  - a reselect or retry for products no supplier has an account of answers supplierNotFound;
 *  - release: a timed-out order opens again on its own account with a new timeout, if the account
 *    still allows it (its pay amount kept when still free).
 * A locked order is worked by automation: manual actions are refused until it is unlocked.
 */
import { and, eq } from 'drizzle-orm';
import { orderApi } from '../../../resources/orders/api.js';
import { allocateInfoQuery, allocationActionBody, reselectBody } from '../../../resources/orders/allocation-rules.js';
import { statusCode, statusId } from '../../../resources/orders/statuses.js';
import type { Subject } from '../../../providers/ability-engine.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { route, type RouteContext } from '../../http/route.js';
import { allocate } from '../allocation/allocate.js';
import type { AllocateInfo, Allocation } from '../allocation/types.js';
import type { OrderRow } from '../order-row.js';
import { assertAllowed, auditOrder, transition, type Actor } from '../state-machine.js';
import { actorOf, ORDER_SUBJECTS, orderForAction, requireOrderRow } from '../actions/load.js';
import type { Db } from '../../db/client.js';

type Action = 'reselect' | 'retry' | 'release';

/** The order, locked, if the caller may take `action` on it now (its row, not locked for automation, a status the table lets the action start from). */
async function orderFor(ctx: RouteContext<unknown, unknown>, orderCode: string, action: Action): Promise<OrderRow> {
  const order = await orderForAction(ctx, orderCode, action);
  assertAllowed(order, action, 'allocated');
  return order;
}

const infoJson = (info: AllocateInfo) => info as unknown as Record<string, unknown>;

async function moveToAccount(ctx: RouteContext<unknown, unknown>, order: OrderRow, action: Action, allocation: Allocation, extra: Partial<OrderRow> = {}) {
  if (!allocation.set) return fail(allocation.info.outcome === 'noSupplier' ? 'supplierNotFound' : 'allocationFailed');
  const moved = await transition(ctx.db, order, { action, to: 'allocated', actor: actorOf(ctx), set: { ...allocation.set, allocateInfo: infoJson(allocation.info), ...extra } });
  return { orderCode: moved.orderCode, status: moved.status, accountId: moved.accountId, payAmount: moved.payAmount, expiresAt: moved.expiresAt };
}

const reselect = route({
  method: 'POST',
  url: orderApi.reselect,
  access: { action: 'reselect', subject: 'orders' },
  body: reselectBody,
  handler: async (ctx) => {
    const order = await orderFor(ctx, ctx.body.orderCode, 'reselect');
    const allocation = await allocate(ctx.db, { action: 'reselect', amount: order.amount, productIds: ctx.body.productIdList, orderId: order.id, excludeAccountId: order.accountId });
    // Corrected payer details replace the stored ones; details left out stay as they were.
    const { userName, cardNumber, ifscCode, bankName } = ctx.body;
    const details: Partial<OrderRow> = {
      ...(userName !== undefined ? { userName } : {}),
      ...(cardNumber !== undefined ? { cardNumber } : {}),
      ...(ifscCode !== undefined ? { ifscCode } : {}),
      ...(bankName !== undefined ? { extras: { ...order.extras, bankName } } : {}),
    };
    return moveToAccount(ctx, order, 'reselect', allocation, details);
  },
});

/** Records a retry that found no account: the new reasons, without a status change. */
const recordFailedRetry = (order: OrderRow, actor: Actor, info: AllocateInfo) => async (db: Db) => {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ allocateInfo: infoJson(info), updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, statusId('allocationFailed'))))
      .returning({ id: orders.id });
    if (updated) await auditOrder(tx as unknown as Db, actor, 'retryFailed', order, { status: 'allocationFailed' }, { status: 'allocationFailed', outcome: info.outcome });
  });
};

const retry = route({
  method: 'POST',
  url: orderApi.retry,
  access: { action: 'retry', subject: 'orders' },
  body: allocationActionBody,
  handler: async (ctx) => {
    const order = await orderFor(ctx, ctx.body.orderCode, 'retry');
    const allocation = await allocate(ctx.db, { action: 'retry', amount: order.amount, productIds: [order.productId], orderId: order.id });
    if (!allocation.set) ctx.afterRefusal(recordFailedRetry(order, actorOf(ctx), allocation.info));
    return moveToAccount(ctx, order, 'retry', allocation);
  },
});

const release = route({
  method: 'POST',
  url: orderApi.release,
  access: { action: 'release', subject: 'orders' },
  body: allocationActionBody,
  handler: async (ctx) => {
    const order = await orderFor(ctx, ctx.body.orderCode, 'release');
    if (order.accountId === null) return fail('allocationFailed');
    const allocation = await allocate(ctx.db, { action: 'release', amount: order.amount, productIds: [], onlyAccountId: order.accountId, orderId: order.id, preferredPayAmount: order.payAmount });
    return moveToAccount(ctx, order, 'release', allocation);
  },
});

/** Every order list reads allocation info of the rows it shows; operators' lists see every reason. */
const OPERATOR_READERS: readonly Subject[] = ['orders', 'orders-customerService'];

/**
 * What a merchant or supplier sees of the decision: its outcome and pay amount, not the other
 * accounts, suppliers and balances the platform weighed.
 */
const summaryOf = (info: AllocateInfo | null) => info && { action: info.action, at: info.at, outcome: info.outcome, amount: info.amount, payAmount: info.chosen?.payAmount ?? null };

const allocateInfo = route({
  method: 'GET',
  url: orderApi.allocateInfo,
  access: { action: 'show', subject: ORDER_SUBJECTS },
  query: allocateInfoQuery,
  handler: async (ctx) => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.orderCode, ctx.query.orderCode)).limit(1);
    if (!order) return fail('notFound');
    requireOrderRow(ctx, order, 'show', ORDER_SUBJECTS);
    const info = (order.allocateInfo as unknown as AllocateInfo | null) ?? null;
    const full = OPERATOR_READERS.some((s) => ctx.ability.can('show', s));
    return { orderCode: order.orderCode, status: order.status, statusCode: statusCode(order.status), allocateInfo: full ? info : summaryOf(info) };
  },
});

export const reallocateRoutes = [reselect, retry, release, allocateInfo];
