/**
 * Why a payout was refused, as codes every screen names in its own language
 * (payoutActions.rejectReasons.<code>). A payout's stored reason is one of these or the words
 * someone gave (an operator's "other" reason, a bank's remark), shown as written. Kept apart from
 * the action rules so a screen that only shows a reason loads no schema.
 */
export const PAYOUT_REJECT_REASONS = ['invalidPayee', 'bankRefused', 'merchantRequest', 'suspectedFraud', 'other'] as const;

export type PayoutRejectReason = (typeof PAYOUT_REJECT_REASONS)[number];

/** A bank's refusal whose file gave no remark. */
export const BANK_REFUSED: PayoutRejectReason = 'bankRefused';

/** A payout ticked when its batch was marked exceptional (its batch stays on the payout): stored by the platform, never an operator's choice. */
export const BATCH_EXCEPTION = 'batchException';

/** Every code a stored reason may be: the operator's choices and the platform's own. */
export const STORED_REJECT_REASONS = [...PAYOUT_REJECT_REASONS, BATCH_EXCEPTION] as const;

/** The locale key naming a stored reason, or null for words stored as given. */
export const rejectReasonKey = (stored: string): string | null => ((STORED_REJECT_REASONS as readonly string[]).includes(stored) ? `payoutActions.rejectReasons.${stored}` : null);
