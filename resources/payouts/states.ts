/**
 * Payout states (spec section 4) and the table of allowed transitions: the one place that says which
 * action may move a payout from which state to which. The server's payout state machine
 * (server/payouts/state-machine.ts) refuses anything not written here with the state-conflict code;
 * the admin shows an action only on rows whose state this table allows. docs/payouts.md is
 * generated from it (`npm run orders-doc`). Pure data, shared by server and admin.
 */
import { canStart, type OrderStatus, type TransitionOf } from '../orders/statuses';
import type { StatusGroup } from '../orders/status-groups';

/**
 * Payout states with their API ids (payoutStatus). `held` is ours: a payout the risk control
 * stopped, waiting for an operator. The payout pool is the waiting payouts no supplier holds.
 */
export const PAYOUT_STATES = [
  { id: 1, code: 'waiting' },
  { id: 2, code: 'preparing' },
  { id: 3, code: 'paying' },
  { id: 4, code: 'completed' },
  { id: 5, code: 'revoked' },
  { id: 6, code: 'cancelled' },
  { id: 7, code: 'reversalCompleted' },
  { id: 8, code: 'held' },
] as const;

export type PayoutState = (typeof PAYOUT_STATES)[number]['code'];
export const payoutStateId = (code: PayoutState): number => PAYOUT_STATES.find((s) => s.code === code)!.id;
export const payoutStateCode = (id: number | null | undefined): PayoutState | undefined => PAYOUT_STATES.find((s) => s.id === id)?.code;

/** The tag colour of each state, in the lists and on the API-test screen. */
export const PAYOUT_STATE_COLORS: Record<PayoutState, string> = {
  waiting: 'default',
  preparing: 'processing',
  paying: 'gold',
  completed: 'success',
  revoked: 'red',
  cancelled: 'default',
  reversalCompleted: 'purple',
  held: 'volcano',
};

/** Order type id of payouts (ORDER_TYPES). */
export const PAYOUT = 2;

/**
 * Where a payout's money stands in each state: `reserved` (the merchant's balance is held for it),
 * `paid` (it went out: the payer is credited, the platform earned its fee) or `released` (nothing
 * of it remains: every row of the payout nets to zero). server/payouts/money.ts posts the difference
 * whenever a move changes this.
 */
export const MONEY_OF: Record<PayoutState, 'reserved' | 'paid' | 'released'> = {
  waiting: 'reserved',
  held: 'reserved',
  preparing: 'reserved',
  paying: 'reserved',
  completed: 'paid',
  revoked: 'released',
  cancelled: 'released',
  reversalCompleted: 'released',
};

/**
 * The order status a payout shows in the order-status column and filter (orders.status mirrors the
 * payout state, so statistics and the generic order views read payouts sensibly).
 */
export const ORDER_STATUS_OF: Record<PayoutState, OrderStatus> = {
  waiting: 'waitingForProcessing',
  held: 'processingError',
  preparing: 'readyForProcessing',
  paying: 'readyForProcessing',
  completed: 'submitted',
  revoked: 'rejected',
  cancelled: 'rejected',
  reversalCompleted: 'rejected',
};

/**
 * The broad label of each payout state (../orders/status-groups.ts): every unpaid state, a held one
 * waiting for its review too, is processing; a refused payout is dismissed; one that ends unpaid
 * otherwise (cancelled, or paid and reversed) is closed. No payout state is creating or failed.
 */
export const PAYOUT_STATE_GROUP: Record<PayoutState, StatusGroup> = {
  waiting: 'processing',
  held: 'processing',
  preparing: 'processing',
  paying: 'processing',
  completed: 'successful',
  revoked: 'dismissed',
  cancelled: 'closed',
  reversalCompleted: 'closed',
};

/** The payout state ids of one group, as the list filter matches them. */
export const groupPayoutStateIds = (group: StatusGroup): number[] => PAYOUT_STATES.filter((s) => PAYOUT_STATE_GROUP[s.code] === group).map((s) => s.id);

/** Every action that changes a payout's state, by who takes it. */
export type PayoutAction =
  // the system
  | 'assign'
  | 'bankResult'
  // suppliers
  | 'claim'
  | 'cancelClaim'
  // batches
  | 'batch'
  | 'export'
  | 'confirm'
  | 'exception'
  | 'unbatch'
  // operators (row actions)
  | 'reselect'
  | 'reject'
  | 'retry'
  | 'release'
  | 'cancel'
  | 'reverse'
  | 'repair';

export type PayoutTransition = TransitionOf<PayoutState, PayoutAction>;

const ALL_STATES: readonly PayoutState[] = PAYOUT_STATES.map((s) => s.code);
const UNPAID: readonly PayoutState[] = ['waiting', 'held', 'preparing', 'paying'];

/**
 * Payouts are created `waiting` (in the pool), or `held` when the risk control's blacklist names
 * the payee; creation reserves the merchant's balance for the amount and its fee.
 */
export const PAYOUT_TRANSITIONS: readonly PayoutTransition[] = [
  { action: 'claim', from: ['waiting'], to: ['preparing'], note: 'a supplier takes a payout from the pool onto one of its payout accounts' },
  { action: 'assign', from: ['waiting'], to: ['preparing'], note: 'with AutoAssignPayoutOrder on, the platform gives a pool payout to an eligible payout account' },
  { action: 'cancelClaim', from: ['preparing'], to: ['waiting'], note: 'the supplier gives back a payout it claimed and has not batched' },
  { action: 'release', from: ['preparing'], to: ['waiting'], note: 'an operator returns a claimed payout, not in a batch, to the pool' },
  { action: 'batch', from: ['waiting', 'preparing'], to: ['preparing'], keepsState: true, note: 'the payout joins a payout batch' },
  { action: 'export', from: ['preparing'], to: ['paying'], note: "the batch's bank file is written: the payouts are with the bank" },
  { action: 'confirm', from: ['paying'], to: ['completed'], note: 'the batch is confirmed paid: the payer is credited, the merchant notified' },
  { action: 'exception', from: ['preparing', 'paying'], to: ['revoked'], note: 'an order ticked when the batch is marked exceptional: rejected, the reserve back to the merchant' },
  { action: 'unbatch', from: ['preparing', 'paying'], to: ['waiting', 'preparing'], keepsState: true, note: "the rest of an exceptional batch: back to the pool, or to the supplier who claimed it, for another batch" },
  {
    action: 'bankResult',
    from: ['paying'],
    to: ['completed', 'revoked', 'waiting'],
    note: "a bank result file's row: paid, or refused (back to the pool while GatewayOrderRejectToPayoutPool is on, else revoked)",
  },
  { action: 'reselect', from: ['waiting', 'held', 'preparing'], to: ['waiting', 'held', 'preparing'], keepsState: true, note: 'an operator corrects the payee details of an unbatched payout; the risk check runs again' },
  { action: 'retry', from: ['held'], to: ['waiting'], note: 'after review, a held payout is checked again and returns to the pool when the check passes' },
  { action: 'cancel', from: ['held'], to: ['cancelled'], note: 'a held payout is not paid: the reserve goes back to the merchant' },
  { action: 'reject', from: UNPAID, to: ['revoked'], note: 'an operator refuses an unpaid payout not in a batch with a reason: the reserve goes back to the merchant (a batched one leaves through the exception)' },
  { action: 'reverse', from: ['completed'], to: ['reversalCompleted'], note: "a completed payout is undone: every row of it is reversed" },
  {
    action: 'repair',
    from: ALL_STATES,
    to: ['waiting', 'completed', 'revoked'],
    note: 'an operator sets the state a fault left wrong, with a required reason; money follows as for any other move',
  },
];

/** The states a repair may set, as ids. */
export const PAYOUT_REPAIR_TARGET_IDS: readonly number[] = PAYOUT_TRANSITIONS.filter((t) => t.action === 'repair').flatMap((t) => t.to.map(payoutStateId));

/** The payout states an action can start from, as ids (the row action's `when`). */
export const payoutStartsFrom = (action: PayoutAction): number[] => PAYOUT_STATES.filter((s) => canStart(PAYOUT_TRANSITIONS, action, s.code)).map((s) => s.id);
