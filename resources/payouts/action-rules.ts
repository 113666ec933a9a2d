/**
 * The request rules of the payout row actions, shared by the action dialogs (./actions.ts) and the
 * server routes (server/payouts/actions/): one schema, both sides. Pure data.
 */
import { z } from 'zod';
import { bankName, calendarTime, cardNumber, displayName, fromQuery, ifsc, required } from '../common/rules';
import { labelled } from '../common/labels';
import { PAYOUT_REPAIR_TARGET_IDS, payoutStateId } from './states';
import { PAYOUT_REJECT_REASONS } from './reject-reasons';

const orderCode = required(64);
const note = (max: number) => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(max, 'tooLong').optional());

/** POST /payProxyOrder/retry, release, cancel, reverse: the payout alone. */
export const payoutCodeBody = z.object({ orderCode });

/** POST /payProxyOrder/reselect: the corrected payee details of a bank payout (spec section 5's rules). */
export const reselectBody = z.object({ orderCode, userName: displayName(128), cardNumber, ifscCode: ifsc, bankName });

/** POST /payProxyOrder/reject: a reason of the list; `other` needs the specific reason written out (as for collection orders). */
export const payoutRejectBody = z
  .object({
    orderCode,
    rejectReason: z.enum(PAYOUT_REJECT_REASONS, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'option') }),
    otherReason: note(200),
  })
  .superRefine((value, ctx) => {
    if (value.rejectReason === 'other' && !value.otherReason) ctx.addIssue({ code: 'custom', path: ['otherReason'], message: 'specificReason' });
  });

/**
 * POST /payProxyOrder/updateStatus: a repair target of the payout table and the reason, required.
 * Marked paid by hand, the payout needs the time it was paid (spec section 5: "Payout time is
 * required"), in the platform's format: it becomes the payout's completion time.
 */
export const payoutRepairBody = labelled(
  z
    .object({
      orderCode,
      status: z.number().int().refine((v) => PAYOUT_REPAIR_TARGET_IDS.includes(v), 'option'),
      reason: required(200),
      payoutTime: z.preprocess((v) => (v === null || v === '' ? undefined : v), calendarTime.optional()),
    })
    .superRefine((value, ctx) => {
      if (value.status === payoutStateId('completed') && !value.payoutTime) ctx.addIssue({ code: 'custom', path: ['payoutTime'], message: 'required' });
    }),
  'payoutActions',
);

/** POST /payoutOrderClaim/claimOrder and /cancelClaim: ?orderId=<id> (query text of digits). */
/** Plain digits only: never `0x10`, `1e0`, ` 7 ` or `true`. */
export const claimQuery = z.object({ orderId: fromQuery(z.number({ error: 'required' }).int().positive().max(Number.MAX_SAFE_INTEGER)) });
