/**
 * Which orders the cleanup may clear: those whose story is over. Read from the status tables, so a
 * new status is not cleared until it is named here.
 * - Collection orders: paid and notified (callback succeeded or failed), rejected, timed out, or
 *   never allocated. `submitted` (the notification still under way) and the open statuses wait.
 * - Payouts: completed, revoked, cancelled, reversal completed (their money is paid or released).
 */
import { statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { payoutStateId, type PayoutState } from '../../resources/payouts/states.js';

const FINISHED_COLLECTION: readonly OrderStatus[] = ['callbackSucceeded', 'callbackFailed', 'rejected', 'timedOut', 'allocationFailed'];
const FINISHED_PAYOUT: readonly PayoutState[] = ['completed', 'revoked', 'cancelled', 'reversalCompleted'];

export const FINISHED_COLLECTION_IDS = FINISHED_COLLECTION.map(statusId);
export const FINISHED_PAYOUT_IDS = FINISHED_PAYOUT.map(payoutStateId);
