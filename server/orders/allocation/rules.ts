/**
 * Why an account cannot take an order: its state (structural), the amount's range, its limits on
 * the figures read, and a pay amount free within its float. No reasons: it can.
 */
import type { SkipReason } from '../../../resources/orders/allocation-rules.js';
import { payAmountFor } from './pay-amount.js';
import type { AccountRow, Figures, Read } from './read.js';
import type { AllocateRequest, Settings } from './types.js';

export function structuralReasons(row: AccountRow, request: AllocateRequest): SkipReason[] {
  const reasons: SkipReason[] = [];
  if (!row.account.enabled) reasons.push('accountDisabled');
  if (row.productEnabled !== true) reasons.push('productDisabled');
  if (row.ownerDeleted) reasons.push('supplierDeleted');
  if (row.accepting !== true) reasons.push('supplierNotAccepting');
  if (row.supplierProduct !== true) reasons.push('supplierProductDisabled');
  if (request.excludeAccountId != null && row.account.id === request.excludeAccountId) reasons.push('currentAccount');
  return reasons;
}

export function rangeReasons(row: AccountRow, amount: number): SkipReason[] {
  const { minAmount, maxAmount } = row.account;
  if (minAmount !== null && amount < minAmount) return ['belowMinAmount'];
  if (maxAmount !== null && amount > maxAmount) return ['aboveMaxAmount'];
  return [];
}

function limitReasons(row: AccountRow, figures: Figures, balance: bigint, amount: number): SkipReason[] {
  const a = row.account;
  const reasons: SkipReason[] = [];
  if (a.maxConcurrentOrders !== null && figures.openCount >= a.maxConcurrentOrders) reasons.push('maxConcurrentOrders');
  if (a.dailyCountLimit !== null && figures.todayCount >= a.dailyCountLimit) reasons.push('dailyCountLimit');
  if (a.dailyAmountLimit !== null && figures.todayAmount + amount > a.dailyAmountLimit) reasons.push('dailyAmountLimit');
  if (a.minAcceptBalance !== null && balance < BigInt(a.minAcceptBalance)) reasons.push('balanceBelowMin');
  return reasons;
}

/** Writes what was read of an account to its candidate entry and answers why it cannot take the order (nothing: a pay amount it can). */
export function judge(settings: Settings, { row, figures, balance }: Read): { reasons: SkipReason[]; payAmount: number | null } {
  const { request } = settings;
  const candidate = settings.byId.get(row.account.id)!;
  candidate.figures = { openCount: figures.openCount, todayCount: figures.todayCount, todayAmount: figures.todayAmount, balance: Number(balance), lastAllocatedAt: figures.lastAt?.toISOString() ?? null };
  const reasons = limitReasons(row, figures, balance, request.amount);
  const payAmount = reasons.length ? null : payAmountFor(request.amount, row.account.floatAmount, figures.open, request.preferredPayAmount);
  if (!reasons.length && payAmount === null) reasons.push('floatExhausted');
  candidate.reasons = reasons;
  return { reasons, payAmount };
}

