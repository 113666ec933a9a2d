/**
 * The row actions of payouts, shown from the row's menu when the role's ability allows the action
 * and the payout table lets it start from the row's payout state (resources/payouts/states.ts),
 * and refused again by the server otherwise. Every action that moves a state or money carries an
 * Idempotency-Key, so a request sent twice acts once. Inputs are checked with the schemas the
 * server uses (./action-rules.ts).
 */
import type { RowAction, RowMatch } from '../types';
import { markBody } from '../orders/action-rules';
import { MARK_IDS } from '../orders/statuses';
import { payoutApi } from './api';
import { BANK_PAYOUT } from '../products/payee-details';
import { claimQuery, payoutCodeBody, payoutRejectBody, payoutRepairBody, reselectBody } from './action-rules';
import { PAYOUT_REJECT_REASONS } from './reject-reasons';
import { payoutStartsFrom, payoutStateId, PAYOUT_REPAIR_TARGET_IDS, type PayoutAction } from './states';

const onState = (action: PayoutAction): RowMatch => ({ field: 'payoutStatus', in: payoutStartsFrom(action) });
/** A claimed payout not yet in a batch: the supplier or an operator may give it back to the pool. */
const unbatched: RowMatch = { field: 'batchId', equals: null };

/** Every payout action names the payout by its code and has its labels in locales/<lang>/payoutActions.json. */
const byCode = { idParam: 'orderCode', idField: 'orderCode', labels: 'payoutActions', idempotent: true } as const;
/** The claims name the payout by its id, in the query string of the POST (spec section 7). */
const byId = { idParam: 'orderId', idField: 'id', paramsInQuery: true, labels: 'payoutActions', idempotent: true, schema: claimQuery } as const;

/** The pool's one action: a supplier takes the payout onto one of its payout accounts. */
export const poolActions: RowAction[] = [{ name: 'claim', ability: 'claim', call: payoutApi.claim, ...byId, confirm: true, success: 'payoutActions.success.claim', when: onState('claim') }];

export const payoutActions: RowAction[] = [
  { name: 'cancelClaim', ability: 'cancelClaim', call: payoutApi.cancelClaim, ...byId, confirm: true, success: 'payoutActions.success.cancelClaim', when: [onState('cancelClaim'), unbatched] },
  {
    name: 'reselect',
    ability: 'reselect',
    call: payoutApi.reselect,
    ...byCode,
    schema: reselectBody,
    // Bank details: a USDT payout's payee is its wallet address.
    when: [onState('reselect'), unbatched, { field: 'productId', equals: BANK_PAYOUT }],
    inputs: [
      { name: 'userName', type: 'text', fromRow: 'userName' },
      { name: 'cardNumber', type: 'text', fromRow: 'cardNumber' },
      { name: 'ifscCode', type: 'text', normalize: 'upper', fromRow: 'ifscCode' },
      { name: 'bankName', type: 'text', fromRow: 'bankName' },
    ],
  },
  {
    name: 'reject',
    ability: 'reject',
    call: payoutApi.reject,
    ...byCode,
    schema: payoutRejectBody,
    danger: true,
    inputs: [
      { name: 'rejectReason', type: 'enum', options: { values: PAYOUT_REJECT_REASONS, labelKey: 'payoutActions.rejectReasons' } },
      { name: 'otherReason', type: 'text', multiline: true, visibleWhen: { field: 'rejectReason', equals: 'other' } },
    ],
    when: [onState('reject'), unbatched],
  },
  { name: 'retry', ability: 'retry', call: payoutApi.retry, ...byCode, schema: payoutCodeBody, confirm: true, when: onState('retry') },
  { name: 'release', ability: 'release', call: payoutApi.release, ...byCode, schema: payoutCodeBody, confirm: true, when: [onState('release'), unbatched] },
  { name: 'cancel', ability: 'cancel', call: payoutApi.cancel, ...byCode, schema: payoutCodeBody, confirm: true, danger: true, when: onState('cancel') },
  { name: 'reverse', ability: 'reverse', call: payoutApi.reverse, ...byCode, schema: payoutCodeBody, confirm: true, danger: true, when: onState('reverse') },
  {
    name: 'repairStatus',
    ability: 'repairStatus',
    call: payoutApi.repairStatus,
    ...byCode,
    schema: payoutRepairBody,
    confirm: true,
    danger: true,
    success: 'common.fixSuccessful',
    failure: 'errors.fixFailed',
    inputs: [
      { name: 'status', type: 'enum', options: { values: PAYOUT_REPAIR_TARGET_IDS, labelKey: 'payoutStatus', labels: { 1: 'waiting', 4: 'completed', 5: 'revoked' } } },
      // Marked paid by hand: when it was paid.
      { name: 'payoutTime', type: 'datetime', visibleWhen: { field: 'status', equals: payoutStateId('completed') } },
      { name: 'reason', type: 'text', multiline: true },
    ],
    when: onState('repair'),
  },
  {
    name: 'updateMark',
    ability: 'updateMark',
    call: payoutApi.updateMark,
    labels: 'payoutActions',
    schema: markBody,
    success: 'common.updateSuccessful',
    failure: 'errors.updateFailed',
    inputs: [{ name: 'orderMark', type: 'enum', options: { values: MARK_IDS, labelKey: 'orderActions.marks' }, fromRow: 'mark' }],
  },
];
