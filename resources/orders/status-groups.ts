/**
 * The product's broad status labels (spec section 4: Processing, Creating, Successful, Failed,
 * Dismissed, Closed), each a group of the detailed statuses, offered as one filter of the order and
 * payout lists (labels: locales orderStatus.groups). Every status belongs to exactly one group.
 * Pure data, shared by server and admin.
 */
import { ORDER_STATUSES, statusId, type OrderStatus } from './statuses';

export const STATUS_GROUPS = ['creating', 'processing', 'successful', 'failed', 'dismissed', 'closed'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/**
 * Successful is what the ledger and the statistics count as paid (SUCCESS_STATUSES): a paid order
 * whose callback failed is still paid, its callback is a separate matter for the order's own tag.
 */
export const ORDER_STATUS_GROUP: Record<OrderStatus, StatusGroup> = {
  created: 'creating',
  allocated: 'processing',
  pendingConfirmation: 'processing',
  waitingForProcessing: 'processing',
  readyForProcessing: 'processing',
  submitted: 'successful',
  callbackSucceeded: 'successful',
  callbackFailed: 'successful',
  allocationFailed: 'failed',
  processingError: 'failed',
  rejecting: 'dismissed',
  rejected: 'dismissed',
  timedOut: 'closed',
};

/** The ids of the statuses of one group, as the list filter matches them. */
export const groupStatusIds = (group: StatusGroup): number[] => ORDER_STATUSES.filter((s) => ORDER_STATUS_GROUP[s.code] === group).map((s) => statusId(s.code));

/** The options of a list's group filter. */
export const statusGroupOptions = { values: STATUS_GROUPS, labelKey: 'orderStatus.groups' } as const;
