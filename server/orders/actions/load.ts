/**
 * What every order row action starts with: the order, read by its code and locked for the rest of
 * the request's transaction (so two operators acting at once are served one after the other), the
 * caller's own row (someone else's is "not found"), and not locked for automation.
 */
import { inArray, or, type SQL } from 'drizzle-orm';
import type { Action, RowScope, Subject } from '../../../providers/ability-engine.js';
import { COLLECTION } from '../../../resources/orders/statuses.js';
import { orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { requireRow } from '../../http/access.js';
import type { RouteContext } from '../../http/route.js';
import { lockOrder, type OrderRow } from '../order-row.js';
import type { Actor } from '../state-machine.js';

/** Every screen of collection orders: the lists and lookups are open to a role that may read one of them. */
export const ORDER_SUBJECTS: readonly Subject[] = ['orders', 'orders-customerService', 'orders-supplier', 'orders-supplierProxy', 'orders-merchant'];

type Ctx = Pick<RouteContext<unknown, unknown>, 'db' | 'ability' | 'user' | 'ip'>;

export const actorOf = (ctx: Ctx): Actor => ({ userId: ctx.user.id, ip: ctx.ip });

/** A collection order the caller may take `action` on; anything else (a payout, someone else's) is not found. */
export function requireOrderRow(ctx: Ctx, order: OrderRow, action: Action, subject: Subject | readonly Subject[]): void {
  if (order.orderType !== COLLECTION) fail('notFound');
  requireRow(ctx.ability, action, subject, order as unknown as Record<string, unknown>);
}

/**
 * The order for a manual action. Locked orders are worked by automation: only unlocking and the
 * mark may touch them by hand (`allowLocked`).
 */
export async function orderForAction(ctx: Ctx, orderCode: string, action: Action, subject: Subject | readonly Subject[] = 'orders', allowLocked = false): Promise<OrderRow> {
  const order = await lockOrder(ctx.db, orderCode);
  requireOrderRow(ctx, order, action, subject);
  if (order.locked && !allowLocked) fail('orderLocked');
  return order;
}

/** A row scope of the abilities as a WHERE on orders (an order matching any owner field), or undefined for every row. */
export function scopeWhere(scope: RowScope): SQL | undefined {
  if (scope === false) return fail('forbidden');
  if (!scope) return undefined;
  const columns = { merchantId: orders.merchantId, supplierId: orders.supplierId } as const;
  const parts = Object.entries(scope).map(([field, ids]) => {
    const column = columns[field as keyof typeof columns];
    if (!column) throw new Error(`orders have no owner field ${field}`);
    return inArray(column, ids);
  });
  return or(...parts);
}

/** What an action answers: the order's state after it. */
export const actionResult = (order: OrderRow) => ({ id: order.id, orderCode: order.orderCode, status: order.status, mark: order.mark, locked: order.locked });
