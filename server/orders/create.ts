/**
 * Placing orders: the merchant's signed POST /api/order/create, and the test orders and test
 * payouts the admin places through the very same path (signed here with the merchant's own key,
 * which never leaves the server). Hand-written routes: creation is a transition with its own checks, not CRUD.
 * They declare no request transaction: the creation path runs its own, so an order whose
 * allocation failed is committed before the allocationFailed code is answered.
 * Batch creation (./create/batch.ts) and the allocation actions (./create/reallocate.ts) are
 * listed here too, so the route registry imports one module for all of it.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { orderApi } from '../../resources/orders/api.js';
import { adminTestOrderSchema, adminTestPayoutSchema, createOrderSchema, testOrderFields, testOrderSchema, testPayoutSchema } from '../../resources/orders/create-schema.js';
import { MONEY_MOVE_GUARD } from '../finance/guard.js';
import { route, type RouteContext } from '../http/route.js';
import { parseInput } from '../http/validation.js';
import { signOf } from './sign.js';
import { findMerchant, keyOf, type Merchant } from './create/merchant.js';
import { submitOrder } from './create/submit.js';
import { batchRoutes } from './create/batch.js';
import { reallocateRoutes } from './create/reallocate.js';

/** The merchant's order creation (also described by the merchant API document, server/api-docs). */
export const createOrderRoute = route({
  method: 'POST',
  url: orderApi.create,
  // The merchant's system calls this with no session: the sign with its key proves who it is.
  access: 'public',
  refusalsAudited: 'firstPerMinute',
  transaction: false,
  body: createOrderSchema,
  handler: (ctx) => submitOrder(ctx.services, ctx.body, ctx.request.body as Record<string, unknown>, { actor: { userId: null, ip: ctx.ip } }),
});

const ipRule = z.union([z.ipv4(), z.ipv6()]);

/**
 * A test order for `merchant`: the fields the screen sent (blank ones left out), the merchant's
 * mchId, an order number when the screen left it out, the caller's address, and the sign made with
 * the merchant's key; then the same validation and creation path as the API.
 */
async function placeTest(ctx: RouteContext<unknown, unknown>, merchant: Merchant) {
  const sent = ctx.request.body as Record<string, unknown>;
  const raw: Record<string, unknown> = Object.fromEntries(Object.keys(testOrderFields).flatMap((k) => (sent[k] === undefined || sent[k] === null || sent[k] === '' ? [] : [[k, sent[k]]])));
  raw.mchId = merchant.profile.mchId;
  raw.mchOrderNo ??= `T${Date.now()}${randomInt(0, 1000)}`;
  if (raw.clientIp === undefined && ipRule.safeParse(ctx.ip).success) raw.clientIp = ctx.ip;
  raw.sign = signOf(raw, keyOf(merchant));
  const payload = parseInput(createOrderSchema, raw, ctx.lang, 'body') as z.infer<typeof createOrderSchema>;
  return submitOrder(ctx.services, payload, raw, { actor: { userId: ctx.user.id, ip: ctx.ip }, test: { status: 'testReady' } });
}

/** The API-test screen: a merchant places a test order on itself. */
const testOrder = route({
  method: 'POST',
  url: orderApi.testOrder,
  access: { action: 'create', subject: 'orderTest' },
  transaction: false,
  body: testOrderSchema,
  handler: async (ctx) => placeTest(ctx, await findMerchant(ctx.services.db, { userId: ctx.user.id })),
});

/** An operator places a test order for the merchant it names (user id or mchId). */
const adminTestOrder = route({
  method: 'POST',
  url: orderApi.adminTestOrder,
  access: { action: 'create', subject: 'orderTestAdmin' },
  transaction: false,
  body: adminTestOrderSchema,
  handler: async (ctx) => placeTest(ctx, await findMerchant(ctx.services.db, ctx.body.userId !== undefined ? { userId: ctx.body.userId } : { mchId: ctx.body.mchId! })),
});

/**
 * The same screens' test payouts. A test payout is a real payout on the merchant's balance, placed
 * without its key: behind the second-level password, as the merchant's batch upload is.
 */
const testPayout = route({
  method: 'POST',
  url: orderApi.testPayout,
  access: { action: 'create', subject: 'orderTest' },
  ...MONEY_MOVE_GUARD,
  transaction: false,
  body: testPayoutSchema,
  handler: async (ctx) => placeTest(ctx, await findMerchant(ctx.services.db, { userId: ctx.user.id })),
});

const adminTestPayout = route({
  method: 'POST',
  url: orderApi.adminTestPayout,
  access: { action: 'create', subject: 'orderTestAdmin' },
  ...MONEY_MOVE_GUARD,
  transaction: false,
  body: adminTestPayoutSchema,
  handler: async (ctx) => placeTest(ctx, await findMerchant(ctx.services.db, ctx.body.userId !== undefined ? { userId: ctx.body.userId } : { mchId: ctx.body.mchId! })),
});

export const orderCreateRoutes = [createOrderRoute, testOrder, adminTestOrder, testPayout, adminTestPayout, ...batchRoutes, ...reallocateRoutes];
