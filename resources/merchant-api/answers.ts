/**
 * What the merchant's system gets back: the answers of order creation (single and batch) and the
 * callback its notify URL receives. The server types what it sends with these schemas, and the
 * merchant API document (server/api-docs) publishes them, so the two cannot drift apart.
 * Pure data: no React, no database.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/statuses';
import { PAYOUT_STATES } from '../payouts/states';

/** A created order, amount in the creation API's units (product 1045: x10000 of the major unit). */
export const createdOrderSchema = z.object({
  orderCode: z.string(),
  mchOrderNo: z.string(),
  amount: z.number().int(),
  /** The payer's page; null for payouts, which have no payer. */
  payUrl: z.string().nullable(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** POST /api/order/createBatch: how many orders the file made, and each with its row and status id. */
export const batchCreatedSchema = z.object({
  count: z.number().int(),
  allocated: z.number().int(),
  allocationFailed: z.number().int(),
  orders: z.array(createdOrderSchema.extend({ row: z.number().int(), status: z.number().int() })),
});
export type BatchCreated = z.infer<typeof batchCreatedSchema>;

/** A time as the platform writes it: YYYY-MM-DD HH:mm:ss in the platform time zone. */
const platformTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const ORDER_STATUS_CODES = ORDER_STATUSES.map((s) => s.code);

/** The body POSTed to the order's notifyUrl (docs/orders-callbacks.md), signed with the merchant's key. */
export const orderNotificationSchema = z.object({
  mchId: z.string(),
  productId: z.number().int(),
  mchOrderNo: z.string(),
  orderCode: z.string(),
  amount: z.number().int(),
  receivedAmount: z.number().int().optional(),
  /** `success` for a paid order; otherwise the order's status code (an order reversed meanwhile: rejected). */
  status: z.enum(['success', ...ORDER_STATUS_CODES]),
  payoutStatus: z.enum(PAYOUT_STATES.map((s) => s.code)).optional(),
  utr: z.string().optional(),
  completedTime: platformTime.optional(),
  notifyTime: platformTime,
  sign: z.string().regex(/^[0-9A-F]{32}$/),
});
export type OrderNotification = z.infer<typeof orderNotificationSchema>;
