/**
 * What an allocation is asked and what it answers (the entry point is allocate.ts), and the state
 * one allocation carries from the read through the rules, the locks and the rotation.
 */
import type { SkipReason } from '../../../resources/orders/allocation-rules.js';

export type AllocateAction = 'allocate' | 'reselect' | 'retry' | 'release';
export interface AllocateRequest {
  action: AllocateAction;
  /** Minor units. */
  amount: number;
  /** Products whose accounts may take the order (the order's own, or the reselect list). */
  productIds: number[];
  /** The order being allocated again: left out of its accounts' figures. */
  orderId?: number;
  /** Release: only the order's own account. */
  onlyAccountId?: number;
  /** Reselect: anything but the order's current account. */
  excludeAccountId?: number | null;
  /** Release: the pay amount the payer was shown, kept when still free. */
  preferredPayAmount?: number;
  /** Never wait for an account another transaction holds (batch creation: see lockAccountsOf). */
  noWait?: boolean;
  /** The transaction has written and locked nothing before (a single creation): letting an account go may roll it back whole (lock.ts). */
  fresh?: boolean;
  /** The account chosen is counted in as held by this process until the caller counts it out (rotation.ts, letGoHere). */
  held?: number[];
}

export interface CandidateInfo {
  accountId: number;
  kind: string;
  supplierId: number;
  productId: number;
  reasons: SkipReason[];
  figures?: { openCount: number; todayCount: number; todayAmount: number; balance: number; lastAllocatedAt: string | null };
  chosen?: true;
}

/** noSupplier: no supplier has an account of the products at all (an order's own account gone, for a release, is allocationFailed). */
export type AllocateOutcome = 'allocated' | 'allocationFailed' | 'amountOutOfRange' | 'noSupplier';

export interface AllocateInfo {
  action: AllocateAction;
  at: string;
  amount: number;
  productIds: number[];
  limitMode: LimitMode;
  outcome: AllocateOutcome;
  candidates: CandidateInfo[];
  /** Candidates beyond the recorded ones (the info keeps the first MAX_RECORDED, allocate.ts). */
  moreCandidates?: number;
  chosen: { accountId: number; supplierId: number; productId: number; payAmount: number } | null;
}

export interface Allocation {
  info: AllocateInfo;
  /** What the order row gets when allocated; null when no account can take it. */
  set: { supplierId: number; accountId: number; payAmount: number; expiresAt: Date } | null;
}

/** strict: every order an account was given today counts toward its daily limits; relaxed: timed-out and rejected ones do not. */
export type LimitMode = 'strict' | 'relaxed';

/** The limit settings an account's figures are read under. */
export type Limits = { limitMode: LimitMode; successAmount: boolean };
/** `savepoint`: whether this allocation's savepoint stands (lockAndRead). */
export type Settings = Limits & { request: AllocateRequest; byId: Map<number, CandidateInfo>; savepoint?: boolean };
