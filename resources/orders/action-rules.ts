/**
 * The request rules of the order row actions, shared by the action dialogs (resources/orders/
 * actions.ts) and the server routes (server/orders/actions/): one schema, both sides. Pure data.
 */
import { z } from 'zod';
import { googleCodeInput, required, signable } from '../common/rules';
import { MARK_IDS } from './statuses';
import { REJECT_REASONS, REPAIR_TARGET_IDS } from './action-options';


/** How a supplement completed an order: a plain manual supplement, or an offset one (isOffsetReplenishmentOrder). */
export const SUPPLEMENT_TYPES = [
  { id: 1, code: 'manual' },
  { id: 2, code: 'offset' },
] as const;
export const supplementTypeOf = (offset: boolean): number => (offset ? 2 : 1);


/** Most orders one lock or unlock request may name. */
const MAX_LOCK_CODES = 100;

const orderCode = required(64);
/** The Google code as the registry reads it (server/http/google-code.ts): blank means none. */
const googleCode = googleCodeInput;
const offset = z.boolean().default(false);
const note = (max: number) => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(max, 'tooLong').optional());

/** POST /order/replenishmentOrder: the UTR of the payment that arrived outside the normal flow (sent signed in the callback: no & or =). */
export const supplementBody = z.object({ orderCode, isOffsetReplenishmentOrder: offset, utr: required(64).refine(signable, 'signSeparator'), googleCode });

/** POST /order/callback, /order/reverseOrder: the order alone. */
export const orderCodeBody = z.object({ orderCode });

/** POST /order/confirmOrder: the order, and the member's payment password while EnablePayPassword is on (a supplier confirming). */
export const confirmBody = z.object({ orderCode, payPassword: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(64, 'tooLong').optional()) });

/** POST /order/reject: a reason of the list; `other` with the specific reason. */
export const rejectBody = z
  .object({
    orderCode,
    rejectReason: z.enum(REJECT_REASONS, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'option') }),
    otherReason: note(200),
    googleCode,
  })
  .superRefine((value, ctx) => {
    if (value.rejectReason === 'other' && !value.otherReason) ctx.addIssue({ code: 'custom', path: ['otherReason'], message: 'specificReason' });
  });

/** POST /order/freeResource. */
export const freeResourceBody = z.object({ orderCode, isOffsetReplenishmentOrder: offset });

/** POST /order/lockOrder and /order/unlockOrder: one to MAX_LOCK_CODES order codes, all or nothing. */
export const lockBody = z.object({
  orderCodes: z
    .array(orderCode)
    .min(1, 'required')
    .max(MAX_LOCK_CODES, 'tooBig')
    .transform((codes) => [...new Set(codes)]),
});

/** POST /order/updateOrderMark: the order's id and a mark of ORDER_MARKS. */
export const markBody = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  orderMark: z.number().int().refine((v) => MARK_IDS.includes(v as never), 'option'),
});

/** POST /order/updateOrderStatus: a repair target of the table and the reason, required. */
export const repairBody = z.object({
  orderCode,
  status: z.number().int().refine((v) => REPAIR_TARGET_IDS.includes(v), 'option'),
  reason: required(200),
});
