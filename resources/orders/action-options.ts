/**
 * What the order actions' inputs offer, free of zod: the action dialogs' options (./actions.ts) and
 * the rules that check them (./action-rules.ts, ./allocation-rules.ts) read the same lists.
 */
import { CATALOGUE } from '../products/catalogue';
import { COLLECTION_TRANSITIONS, statusId } from './statuses';

/** Why an operator rejects an order; `other` needs the specific reason written out (spec section 5). */
export const REJECT_REASONS = ['notReceived', 'amountMismatch', 'duplicatePayment', 'suspectedFraud', 'other'] as const;

/** The statuses a repair may set: the `to` of the table's repair edge, as ids. */
export const REPAIR_TARGET_IDS: readonly number[] = COLLECTION_TRANSITIONS.filter((t) => t.action === 'repair').flatMap((t) => t.to.map(statusId));

/** The products a reselect may name: the collection ones. */
export const COLLECTION_PRODUCTS = CATALOGUE.filter((p) => p.kind === 'collection').map((p) => p.id);
