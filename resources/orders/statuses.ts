/**
 * Order statuses, marks and the table of allowed transitions: the one place that says which action
 * may move an order from which status to which. The server's state machine (server/orders/
 * state-machine.ts) refuses anything not written here with the state-conflict code; the admin shows
 * an action only on rows whose status this table allows. docs/orders.md is generated from it (`npm run orders-doc`).
 * Pure data, shared by server and admin.
 */

/** Statuses of spec section 4 with their API ids. Id 10 (timed out) is hidden from lists unless "show all". */
export const ORDER_STATUSES = [
  { id: 1, code: 'created' },
  { id: 2, code: 'allocated' },
  { id: 3, code: 'callbackSucceeded' },
  { id: 4, code: 'callbackFailed' },
  { id: 5, code: 'allocationFailed' },
  { id: 6, code: 'rejecting' },
  { id: 7, code: 'rejected' },
  { id: 8, code: 'pendingConfirmation' },
  { id: 9, code: 'waitingForProcessing' },
  { id: 10, code: 'timedOut' },
  { id: 11, code: 'readyForProcessing' },
  { id: 12, code: 'processingError' },
  { id: 13, code: 'submitted' },
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number]['code'];
export const statusId = (code: OrderStatus): number => ORDER_STATUSES.find((s) => s.code === code)!.id;
export const statusCode = (id: number): OrderStatus | undefined => ORDER_STATUSES.find((s) => s.id === id)?.code;

/** The status lists hide unless "show all" is on (spec section 7: notInOrderStatusIds [10]). */
export const HIDDEN_STATUS_ID = 10;

/**
 * Paid: the money has moved (ledger postings exist). `submitted` = paid and the merchant's
 * notification is under way; the callback's outcome then decides succeeded or failed.
 */
export const SUCCESS_STATUSES: readonly OrderStatus[] = ['submitted', 'callbackSucceeded', 'callbackFailed'];
/** Holding a receiving account: count toward its concurrency, float uniqueness and processing figures. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['allocated', 'pendingConfirmation'];
export const isSuccess = (status: OrderStatus): boolean => SUCCESS_STATUSES.includes(status);

/** Order marks (spec section 4), with their API ids. */
export const ORDER_MARKS = [
  { id: 0, code: 'ordinary' },
  { id: 1, code: 'suspicious' },
  { id: 2, code: 'test' },
  { id: 3, code: 'supplement' },
  { id: 4, code: 'malicious' },
] as const;
export type OrderMark = (typeof ORDER_MARKS)[number]['code'];
export const MARK_IDS = ORDER_MARKS.map((m) => m.id);
export const markId = (code: OrderMark): number => ORDER_MARKS.find((m) => m.code === code)!.id;

/** Order types: collection (pay-in) and payout. */
export const ORDER_TYPES = [
  { id: 1, code: 'collection' },
  { id: 2, code: 'payout' },
] as const;
export const COLLECTION = 1;

/** Test status of an order placed from a test screen (spec section 4). */
export const TEST_STATUSES = ['preparation', 'testReady', 'onlyCallbacks'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

/** Every action that changes an order's status, by who takes it. */
export type TransitionAction =
  // the system
  | 'allocate'
  | 'timeout'
  | 'callbackResult'
  // a bank record (SMS, web message, USDT transfer) an ingest device sent pays the order
  | 'bankMatch'
  // the payer, on the public pay page
  | 'submitUtr'
  // operators (row actions)
  | 'confirm'
  | 'supplement'
  | 'reject'
  | 'reselect'
  | 'retry'
  | 'release'
  | 'freeResource'
  | 'reverse'
  | 'repair';

/** An edge of a state machine's table: `action` may move a row from any of `from` to any of `to`. */
export interface TransitionOf<S extends string, A extends string> {
  action: A;
  from: readonly S[];
  to: readonly S[];
  /** The action may leave the state as it was (a repeated callback's outcome, a reselect to another account); any other edge from a state to itself is refused. */
  keepsState?: true;
  /** Why this edge exists, for the generated docs. */
  note: string;
}
export type Transition = TransitionOf<OrderStatus, TransitionAction>;

const ANY_BUT_CREATED: readonly OrderStatus[] = ORDER_STATUSES.map((s) => s.code).filter((c) => c !== 'created');

/**
 * Collection orders. Money follows the status: entering a success status from another posts the
 * order's ledger rows, leaving one posts their exact opposite (server/orders/money.ts).
 */
export const COLLECTION_TRANSITIONS: readonly Transition[] = [
  { action: 'allocate', from: ['created'], to: ['allocated', 'allocationFailed'], note: 'creation picks a receiving account, or records that none could take the order' },
  { action: 'submitUtr', from: ['allocated'], to: ['pendingConfirmation'], note: 'the payer submits the UTR of the payment on the pay page' },
  {
    action: 'bankMatch',
    from: [...OPEN_STATUSES, 'timedOut'],
    to: ['submitted'],
    note: 'a bank record from an ingest device (account, pay amount, time) fits this open order and no other (or one timed out after the payment was made): the order is paid, as by a supplement',
  },
  { action: 'timeout', from: ['allocated'], to: ['timedOut'], note: 'nobody paid within OrderTimeoutMinutes; the account is free again' },
  { action: 'confirm', from: ['pendingConfirmation'], to: ['submitted'], note: "an operator confirms the payer's submission: the order is paid" },
  {
    action: 'supplement',
    from: ['allocated', 'pendingConfirmation', 'timedOut', 'allocationFailed', 'rejected'],
    to: ['submitted'],
    note: 'an operator completes an order paid outside the normal flow, with the UTR (timed-out orders only while CanTimeoutSupplement is on)',
  },
  { action: 'reject', from: ['allocated', 'pendingConfirmation'], to: ['rejected'], note: 'an operator refuses an unpaid order or a false submission, with a reason' },
  { action: 'reselect', from: ['allocated', 'pendingConfirmation', 'timedOut', 'allocationFailed'], to: ['allocated'], keepsState: true, note: 'an operator moves an unpaid order to an account of another product' },
  { action: 'retry', from: ['allocationFailed'], to: ['allocated', 'allocationFailed'], note: 'allocation is tried again for an order no account could take' },
  { action: 'release', from: ['timedOut'], to: ['allocated'], note: 'a timed-out order is opened again on its account, with a new timeout' },
  { action: 'freeResource', from: ['allocated', 'pendingConfirmation'], to: ['timedOut'], note: 'an operator closes an unpaid order early so its account takes other orders' },
  { action: 'callbackResult', from: SUCCESS_STATUSES, to: ['callbackSucceeded', 'callbackFailed'], keepsState: true, note: "the merchant's notify URL answered (or did not): success stays success" },
  { action: 'reverse', from: SUCCESS_STATUSES, to: ['rejected'], note: 'a paid order is undone: its ledger rows are reversed' },
  {
    action: 'repair',
    from: ANY_BUT_CREATED,
    to: ['timedOut', 'rejected', 'submitted', 'callbackSucceeded', 'callbackFailed'],
    note: 'an operator sets the status a fault left wrong, with a required reason; money follows as for any other move',
  },
];

/** Whether `action` may move a row from `from` to `to` in a table. */
export function allows<S extends string, A extends string>(transitions: readonly TransitionOf<S, A>[], action: A, from: S, to: S): boolean {
  return transitions.some((t) => t.action === action && t.from.includes(from) && t.to.includes(to) && (from !== to || t.keepsState === true));
}

/** Whether `action` can start from `from` at all (the admin shows the row action only then). */
export function canStart<S extends string, A extends string>(transitions: readonly TransitionOf<S, A>[], action: A, from: S): boolean {
  return transitions.some((t) => t.action === action && t.from.includes(from));
}
