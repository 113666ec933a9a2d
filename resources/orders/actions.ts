/**
 * The row actions of collection orders, shown from the row's menu when the role's ability allows
 * the action and the transition table lets it start from the row's status (resources/orders/
 * statuses.ts), and refused again by the server otherwise. Locked orders are worked by automation:
 * they offer only unlock and the mark. Inputs are checked with the schemas the server uses
 * (./action-rules.ts, ./allocation-rules.ts), loaded when a dialog first opens: the order lists do
 * not carry zod.
 */
import type { ActionInput, RowAction, RowMatch } from '../types';
import { orderApi } from './api';
import { schemaIn } from '../common/lazy-schema';
import { COLLECTION_PRODUCTS, REJECT_REASONS, REPAIR_TARGET_IDS } from './action-options';
import { canStart, COLLECTION_TRANSITIONS, MARK_IDS, ORDER_STATUSES, type TransitionAction } from './statuses';

/** The status ids an action may start from, read from the transition table. */
export const startsFrom = (action: TransitionAction): number[] => ORDER_STATUSES.filter((s) => canStart(COLLECTION_TRANSITIONS, action, s.code)).map((s) => s.id);

const unlocked: RowMatch = { field: 'locked', equals: false };
const onStatus = (action: TransitionAction): RowMatch[] => [{ field: 'status', in: startsFrom(action) }, unlocked];

/** Every order action names the order by its code, and has its labels in locales/<lang>/orderActions.json. */
const byCode = { idParam: 'orderCode', idField: 'orderCode', labels: 'orderActions' } as const;
const googleCode: ActionInput = { name: 'googleCode', type: 'text' };
const actionRules = () => import('./action-rules');
const allocationRules = () => import('./allocation-rules');

export const orderActions: RowAction[] = [
  // The payer's submission is checked and the order paid: money moves.
  { name: 'confirm', ability: 'confirm', call: orderApi.confirm, ...byCode, schema: schemaIn(actionRules, 'confirmBody'), confirm: true, when: onStatus('confirm'), onlyFor: ['orders'] },
  // A supplier confirming answers for the money: its payment password, required while EnablePayPassword is on
  // (the server holds the confirmation for staff while IsSupplierRemoveBalanceOnOrderFinished is off).
  {
    name: 'confirm',
    ability: 'confirm',
    call: orderApi.confirm,
    ...byCode,
    schema: schemaIn(actionRules, 'confirmBody'),
    confirm: true,
    inputs: [{ name: 'payPassword', type: 'password', hint: 'orderActions.hints.payPassword', askedWhen: 'payPassword' }],
    when: onStatus('confirm'),
    onlyFor: ['orders-supplier'],
  },
  {
    name: 'supplement',
    ability: 'supplement',
    call: orderApi.supplement,
    ...byCode,
    idempotent: true,
    schema: schemaIn(actionRules, 'supplementBody'),
    confirm: true,
    inputs: [{ name: 'utr', type: 'text' }, { name: 'isOffsetReplenishmentOrder', type: 'boolean' }, googleCode],
    when: onStatus('supplement'),
  },
  {
    name: 'reject',
    ability: 'reject',
    call: orderApi.reject,
    ...byCode,
    schema: schemaIn(actionRules, 'rejectBody'),
    danger: true,
    inputs: [
      { name: 'rejectReason', type: 'enum', options: { values: REJECT_REASONS, labelKey: 'orderActions.rejectReasons' } },
      { name: 'otherReason', type: 'text', multiline: true, visibleWhen: { field: 'rejectReason', equals: 'other' } },
    ],
    when: onStatus('reject'),
  },
  {
    name: 'freeResource',
    ability: 'freeResource',
    call: orderApi.freeResource,
    ...byCode,
    schema: schemaIn(actionRules, 'freeResourceBody'),
    confirm: true,
    inputs: [{ name: 'isOffsetReplenishmentOrder', type: 'boolean' }],
    when: onStatus('freeResource'),
  },
  // A paid order's notification is sent again (callbackResult starts from every paid status).
  { name: 'callback', ability: 'callback', call: orderApi.callback, ...byCode, schema: schemaIn(actionRules, 'orderCodeBody'), confirm: true, when: onStatus('callbackResult') },
  { name: 'reverse', ability: 'reverse', call: orderApi.reverse, ...byCode, schema: schemaIn(actionRules, 'orderCodeBody'), confirm: true, danger: true, when: onStatus('reverse') },
  {
    name: 'repairStatus',
    ability: 'repairStatus',
    call: orderApi.repairStatus,
    ...byCode,
    schema: schemaIn(actionRules, 'repairBody'),
    confirm: true,
    danger: true,
    success: 'common.fixSuccessful',
    failure: 'errors.fixFailed',
    inputs: [
      { name: 'status', type: 'enum', options: { values: REPAIR_TARGET_IDS, labelKey: 'orderActions.statuses' } },
      { name: 'reason', type: 'text', multiline: true },
    ],
    when: onStatus('repair'),
  },
  {
    name: 'updateMark',
    ability: 'updateMark',
    call: orderApi.updateMark,
    labels: 'orderActions',
    schema: schemaIn(actionRules, 'markBody'),
    success: 'common.updateSuccessful',
    failure: 'errors.updateFailed',
    inputs: [{ name: 'orderMark', type: 'enum', options: { values: MARK_IDS, labelKey: 'orderActions.marks' }, fromRow: 'mark' }],
  },
  // Allocation again: another account (of the chosen products), a new try, or a timed-out order reopened.
  {
    name: 'reselect',
    ability: 'reselect',
    call: orderApi.reselect,
    ...byCode,
    schema: schemaIn(allocationRules, 'reselectBody'),
    when: onStatus('reselect'),
    inputs: [{ name: 'productIdList', type: 'enum', multiple: true, options: { values: COLLECTION_PRODUCTS, labelKey: 'products.names' } }],
  },
  { name: 'retry', ability: 'retry', call: orderApi.retry, ...byCode, schema: schemaIn(allocationRules, 'allocationActionBody'), confirm: true, when: onStatus('retry') },
  { name: 'release', ability: 'release', call: orderApi.release, ...byCode, schema: schemaIn(allocationRules, 'allocationActionBody'), confirm: true, when: onStatus('release') },
  { name: 'lock', ability: 'lock', call: orderApi.lock, idParam: 'orderCodes', idField: 'orderCode', idList: true, labels: 'orderActions', schema: schemaIn(actionRules, 'lockBody'), confirm: true, when: unlocked },
  {
    name: 'unlock',
    ability: 'unlock',
    call: orderApi.unlock,
    idParam: 'orderCodes',
    idField: 'orderCode',
    idList: true,
    labels: 'orderActions',
    schema: schemaIn(actionRules, 'lockBody'),
    confirm: true,
    warning: 'orderActions.unlockWarning',
    when: { field: 'locked', equals: true },
  },
];
