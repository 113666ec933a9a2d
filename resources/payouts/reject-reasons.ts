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

/** The locale key naming a stored reason, or null for words stored as given. */
export const rejectReasonKey = (stored: string): string | null => ((PAYOUT_REJECT_REASONS as readonly string[]).includes(stored) ? `payoutActions.rejectReasons.${stored}` : null);
