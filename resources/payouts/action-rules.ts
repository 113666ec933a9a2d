/**
 * The request rules of the payout row actions, shared by the action dialogs (./actions.ts) and the
 * server routes (server/payouts/actions/): one schema, both sides. Pure data.
 */
import { z } from 'zod';
import { bankName, cardNumber, fromQuery, ifsc, required } from '../common/rules';
import { PAYOUT_REPAIR_TARGET_IDS } from './states';

/** Why an operator refuses a payout; `other` needs the specific reason written out (as for collection orders). */
export const PAYOUT_REJECT_REASONS = ['invalidPayee', 'bankRefused', 'merchantRequest', 'suspectedFraud', 'other'] as const;

const orderCode = required(64);
const note = (max: number) => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(max, 'tooLong').optional());

/** POST /payProxyOrder/retry, release, cancel, reverse: the payout alone. */
export const payoutCodeBody = z.object({ orderCode });

/** POST /payProxyOrder/reselect: the corrected payee details of a bank payout (spec section 5's rules). */
export const reselectBody = z.object({ orderCode, userName: required(128), cardNumber, ifscCode: ifsc, bankName });

/** POST /payProxyOrder/reject: a reason of the list; `other` with the specific reason. */
export const payoutRejectBody = z
  .object({
    orderCode,
    rejectReason: z.enum(PAYOUT_REJECT_REASONS, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'option') }),
    otherReason: note(200),
  })
  .superRefine((value, ctx) => {
    if (value.rejectReason === 'other' && !value.otherReason) ctx.addIssue({ code: 'custom', path: ['otherReason'], message: 'specificReason' });
  });

/** POST /payProxyOrder/updateStatus: a repair target of the payout table and the reason, required. */
export const payoutRepairBody = z.object({
  orderCode,
  status: z.number().int().refine((v) => PAYOUT_REPAIR_TARGET_IDS.includes(v), 'option'),
  reason: required(200),
});

/** POST /payoutOrderClaim/claimOrder and /cancelClaim: ?orderId=<id> (query text of digits). */
/** Plain digits only: never `0x10`, `1e0`, ` 7 ` or `true`. */
export const claimQuery = z.object({ orderId: fromQuery(z.number({ error: 'required' }).int().positive().max(Number.MAX_SAFE_INTEGER)) });
