/**
 * The balance operations of the member lists (merchants, suppliers): adjust, freeze, unfreeze and
 * clear. Each moves money through the ledger against the platform's equity, needs the second-level
 * password and, while GoogleVerifyBalanceOperation is on, a Google code; each carries an
 * Idempotency-Key so OK pressed twice posts once. The bodies are shared with the server routes.
 */
import { z } from 'zod';
import { googleCodeInput, id, required } from '../common/rules';
import { amount as amountRule } from '../common/amount';
import { labelled } from '../common/labels';
import type { ActionInput, RowAction } from '../types';

/** Largest amount one operation moves, in minor units (a typo of extra digits is refused). */
const MAX_OPERATION = 100_000_000_000;
const googleCode = googleCodeInput;
const reason = required(200);
const positive = amountRule({ min: 1, max: MAX_OPERATION, typed: true });
/** An adjustment is signed: positive credits the member, negative debits it; zero explains nothing. */
const signed = amountRule({ min: 1, max: MAX_OPERATION, signed: true, typed: true });

// Refusals name the fields as the action's dialog labels them.
export const adjustBalanceBody = labelled(z.object({ id, amount: signed, reason, googleCode }), 'balanceActions');
export const freezeBody = labelled(z.object({ id, amount: positive, reason, googleCode }), 'balanceActions');
export const clearBalanceBody = labelled(z.object({ id, reason, googleCode }), 'balanceActions');
export type BalanceCalls = { adjustBalance: string; freeze: string; unfreeze: string; clearBalance: string };

/** The calls under a member prefix (/merchant, /supplier). */
export const balanceCalls = (prefix: string): BalanceCalls => ({
  adjustBalance: `${prefix}/adjustBalance`,
  freeze: `${prefix}/freezeBalance`,
  unfreeze: `${prefix}/unfreezeBalance`,
  clearBalance: `${prefix}/clearBalance`,
});

const inputs = (...first: ActionInput[]): ActionInput[] => [...first, { name: 'reason', type: 'text', multiline: true }, { name: 'googleCode', type: 'text' }];
// No extra "are you sure?": the dialog (with its warning for clearing) and the second-level password
// already make the operator confirm twice.
const common = { labels: 'balanceActions', idempotent: true, when: { field: 'deleted', equals: false } } as const;
// Input bounds (available, frozen) are the server's: the row shows both balances beside the button.
const amount: ActionInput = { name: 'amount', type: 'money', integerUnits: true };

/** The row actions; `clear` only where clearing exists (merchant balances). */
export function balanceActions(calls: BalanceCalls, clear: boolean): RowAction[] {
  return [
    { name: 'adjustBalance', ability: 'adjustBalance', call: calls.adjustBalance, schema: adjustBalanceBody, inputs: inputs(amount), success: 'balanceActions.success', ...common },
    { name: 'freeze', ability: 'freeze', call: calls.freeze, schema: freezeBody, inputs: inputs(amount), success: 'balanceActions.success', ...common },
    { name: 'unfreeze', ability: 'freeze', call: calls.unfreeze, schema: freezeBody, inputs: inputs(amount), success: 'balanceActions.success', ...common },
    ...(clear ? [{ name: 'clearBalance', ability: 'clearBalance', call: calls.clearBalance, schema: clearBalanceBody, inputs: inputs(), danger: true, warning: 'balanceActions.clearWarning', success: 'common.clearSuccessful', ...common }] : []),
  ];
}

