/**
 * Placing a payout: the same creation API as collection orders (POST /api/order/create and
 * createBatch) with a payout product. In one transaction: the merchant's payout product and order
 * number are checked, the row is stored in the pool (waiting), the merchant's balance is reserved
 * for the amount and its fee (not enough balance: the payout failed refusal, nothing stored), the
 * risk check holds it if the payee is blacklisted, and otherwise AutoAssignPayoutOrder may give it
 * to a payout account at once.
 */
import { isPayoutProduct } from '../../resources/products/catalogue.js';
import { toMinorUnits, type CreateOrderPayload } from '../../resources/orders/create-schema.js';
import { statusId } from '../../resources/orders/statuses.js';
import { USDT_MICROS_PER_MINOR, USDT_PAYOUT } from '../../resources/products/payee-details.js';
import { ORDER_STATUS_OF, PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { orders } from '../db/schema/index.js';
import { fail } from '../errors.js';
import type { Db } from '../db/client.js';
import { eq } from 'drizzle-orm';
import { detectPayee } from '../risk-control/detect.js';
import { auditOrder } from '../orders/state-machine.js';
import type { OrderRow } from '../orders/order-row.js';
import { checkMerchantProduct, type Merchant } from '../orders/create/merchant.js';
import { insertOrder, isDuplicate, rowOf, type PlaceOptions } from '../orders/create/place.js';
import { autoAssign } from './assign.js';
import { payoutFee, postReserve } from './money.js';

export async function placePayout(tx: Db, merchant: Merchant, payload: CreateOrderPayload, options: PlaceOptions): Promise<OrderRow> {
  if (!isPayoutProduct(payload.productId)) throw new Error('placePayout needs a payout product');
  await checkMerchantProduct(tx, merchant, payload.productId, 'payout');
  if (await isDuplicate(tx, merchant.user.id, payload.mchOrderNo)) fail('duplicateOrder', { mchOrderNo: payload.mchOrderNo });
  const amount = toMinorUnits(payload.productId, payload.amount);
  const usdt = payload.productId === USDT_PAYOUT;
  const created = await insertOrder(tx, {
    ...rowOf(merchant, payload, options),
    orderType: PAYOUT,
    status: statusId(ORDER_STATUS_OF.waiting),
    payoutStatus: payoutStateId('waiting'),
    merchantFee: await payoutFee(tx, merchant.user.id, payload.productId, amount),
    usdtAddress: usdt ? (payload.address ?? null) : null,
    usdtCount: usdt ? amount * USDT_MICROS_PER_MINOR : null,
  });
  await postReserve(tx, created);
  await auditOrder(tx, options.actor, 'payout.create', created, null, { merchantId: created.merchantId, mchOrderNo: created.merchantOrderNo, productId: created.productId, amount: created.amount, merchantFee: created.merchantFee });
  if (await detectPayee(tx, created)) {
    // Held from the start: creation, not a move of the table (the payout was never in the pool).
    const [held] = await tx.update(orders).set({ payoutStatus: payoutStateId('held'), status: statusId(ORDER_STATUS_OF.held) }).where(eq(orders.id, created.id)).returning();
    await auditOrder(tx, options.actor, 'payout.hold', created, { payoutStatus: 'waiting' }, { payoutStatus: 'held' });
    return held;
  }
  return autoAssign(tx, created, options.actor);
}
