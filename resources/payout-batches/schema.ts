/**
 * What the batch calls take, shared by the batch dialogs and the server. A batch holds 1 to
 * MAX_BATCH_ORDERS payouts and an optional amount limit in minor units; a count or limit outside
 * that is the "invalid maximum count or amount" refusal (4123), the same rule the dialog shows.
 */
import { z } from 'zod';
import { googleCodeInput, id, INT32_MAX } from '../common/rules';

export const MAX_BATCH_ORDERS = 500;

const googleCode = googleCodeInput;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The limits of a new batch: checked apart from the rest so a bad one answers 4123, not a generic field error. */
export const batchLimits = z.object({
  maxCount: z.number().int().min(1).max(MAX_BATCH_ORDERS),
  amountLimit: z.preprocess(blankToUndefined, z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()),
});

/** POST create as the route reads it: the template and Google code checked as fields, the limits by `batchLimits`. */
export const createBatchBody = z.object({
  templateId: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'tooLong'),
  maxCount: z.unknown().optional(),
  amountLimit: z.unknown().optional(),
  googleCode,
});

/** Export, download, confirm: the batch and, with BatchOperations on, a Google code. */
export const batchIdBody = z.object({ id, googleCode });

/** Mark exceptional: the batch's orders ticked for rejection (none ticked returns them all). */
export const exceptionBody = z.object({ id, orderIds: z.array(z.number().int().positive().max(INT32_MAX)).max(MAX_BATCH_ORDERS).default([]), googleCode });

/** The multipart fields of an upload besides the file. */
export const uploadFields = z.object({ id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), id), googleCode });
