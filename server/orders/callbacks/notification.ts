/**
 * What a merchant's notify URL receives (docs/orders-callbacks.md): the order's facts in the
 * creation API's units, signed with the merchant's key by the platform's sign rule (./../sign.ts),
 * the same rule the merchant signs its orders with. A value holding `&` or `=` (refused at every
 * input that reaches one; a UTR stored before that) is never signed: the callback fails, unsent.
 */
import { eq, sql } from 'drizzle-orm';
import { isSuccess, statusCode } from '../../../resources/orders/statuses.js';
import { PAYOUT, payoutStateCode } from '../../../resources/payouts/states.js';
import { memberProfiles, orders } from '../../db/schema/index.js';
import { plainKey } from '../../merchants/member-store.js';
import type { Db } from '../../db/client.js';
import { signOf } from '../sign.js';
import type { OrderNotification } from '../../../resources/merchant-api/answers.js';

/** Product 1045 takes its amounts x10000 of the major unit (x100 of the stored minor units); callbacks answer in kind. */
const apiAmount = (productId: number, minor: number) => (productId === 1045 ? minor * 100 : minor);

/** Times as the platform writes them (YYYY-MM-DD HH:mm:ss, platform time zone: the database session's). */
const platformTime = (column: unknown) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The signed notification of an order as it stands now. Throws when the order or its merchant's
 * key cannot be read (the attempt is then recorded as failed, without a call).
 */
export async function notificationOf(db: Db, orderId: number): Promise<OrderNotification> {
  const [row] = await db
    .select({ order: orders, profile: memberProfiles, completedTime: platformTime(orders.completedAt), notifyTime: platformTime(sql`now()`) })
    .from(orders)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, orders.merchantId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new Error(`order ${orderId} does not exist`);
  const { order, profile } = row;
  if (!profile) throw new Error('the merchant has no merchant number and key');
  const status = statusCode(order.status);
  if (!status) throw new Error(`order ${orderId} has the unknown status ${order.status}`);
  const params: Omit<OrderNotification, 'sign'> = {
    mchId: profile.mchId,
    productId: order.productId,
    mchOrderNo: order.merchantOrderNo,
    orderCode: order.orderCode,
    amount: apiAmount(order.productId, order.amount),
    ...(order.receivedAmount !== null ? { receivedAmount: apiAmount(order.productId, order.receivedAmount) } : {}),
    // Paid orders say "success" whether or not an earlier notification got through.
    status: isSuccess(status) ? 'success' : status,
    ...(order.utr ? { utr: order.utr } : {}),
    // Payouts also say where the payout stands (completed, revoked, cancelled).
    ...(order.orderType === PAYOUT ? { payoutStatus: payoutStateCode(order.payoutStatus) } : {}),
    ...(row.completedTime ? { completedTime: row.completedTime } : {}),
    notifyTime: row.notifyTime!,
  };
  return { ...params, sign: signOf(params, plainKey(profile)) };
}
