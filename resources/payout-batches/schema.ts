/**
 * What the batch calls take, shared by the batch dialogs and the server. A batch holds 1 to
 * MAX_BATCH_ORDERS payouts and an optional amount limit in minor units; a count or limit outside
 * that is the "invalid maximum count or amount" refusal (4123) naming the field and the reason,
 * the same rule the dialog shows. Nothing is rounded or clamped into range.
 */
import { z } from 'zod';
import { googleCodeInput, id, INT32_MAX } from '../common/rules';
import { optionalAmount } from '../common/amount';
import { labelled } from '../common/labels';
import { wholeNumber } from '../common/whole-number';

const MAX_BATCH_ORDERS = 500;

const googleCode = googleCodeInput;

/** The limits of a new batch: checked apart from the rest so a bad one answers 4123, not a generic field error. */
export const batchLimits = labelled(
  z.object({
    maxCount: wholeNumber(1, MAX_BATCH_ORDERS),
    amountLimit: optionalAmount({ min: 1, max: Number.MAX_SAFE_INTEGER, typed: true }),
  }),
  'payoutBatches',
);

/** POST create as the route reads it: the template and Google code checked as fields, the limits by `batchLimits`. */
export const createBatchBody = labelled(
  z.object({
    templateId: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'tooLong'),
    maxCount: z.unknown().optional(),
    amountLimit: z.unknown().optional(),
    googleCode,
  }),
  'payoutBatches',
);

/** Export, download, confirm: the batch and, with BatchOperations on, a Google code. */
export const batchIdBody = z.object({ id, googleCode });

/** Mark exceptional: the batch's orders ticked for rejection (none ticked returns them all). */
export const exceptionBody = z.object({ id, orderIds: z.array(z.number().int().positive().max(INT32_MAX)).max(MAX_BATCH_ORDERS).default([]), googleCode });

/** The multipart fields of an upload besides the file. */
export const uploadFields = z.object({ id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), id), googleCode });
