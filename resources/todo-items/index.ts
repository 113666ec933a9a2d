/**
 * To-do items (personal centre): changes held for an admin's review while a review switch is on,
 * and the settlements a supplier may not make alone (its own payout batch, a collection order
 * confirmed while IsSupplierRemoveBalanceOnOrderFinished is off). Reviewers work the "mine" screen
 * (approve, or reject with a reason); suppliers and agents follow what they submitted on
 * "initiated by me" (the abilities' row scope keeps them to their own).
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { googleCodeInput, id, required } from '../common/rules';
import { CHANNEL_SPECS } from '../receiving-accounts/channel-list';
import { TODO_ITEMS, TODO_MINE_LIST, todoApi } from './api';

/** What a to-do item asks for. */
export const TODO_KINDS = ['accountCreate', 'agentCreate', 'agentUpdate', 'agentDelete', 'orderConfirm', 'batchConfirm', 'batchUpload'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];
/** The kinds that move money when approved: the reviewer gives a Google code while the route's switch is on. */
export const SETTLEMENT_KINDS: readonly TodoKind[] = ['orderConfirm', 'batchConfirm', 'batchUpload'];
const TODO_STATES = ['pending', 'approved', 'rejected'] as const;
const STATE_COLORS = { pending: 'gold', approved: 'green', rejected: 'red' };

export const approveTodo = z.object({ id, googleCode: googleCodeInput });
/** A rejection always says why: the submitter reads the reason in its message. */
export const rejectTodo = z.object({ id, reason: required(500) });

const pending = { field: 'state', equals: 'pending' };
const settlement = { field: 'kind', in: SETTLEMENT_KINDS };
const change = { field: 'kind', in: TODO_KINDS.filter((k) => !SETTLEMENT_KINDS.includes(k)) };

export const todoItems: ResourceDeclaration = {
  name: TODO_ITEMS,
  parent: 'group.profile',
  icon: 'fileText',
  routes: { list: TODO_MINE_LIST, show: '/todoItems/mine/show/:id' },
  api: todoApi,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'kind', type: 'enum', options: { values: TODO_KINDS, labelKey: 'todoItems' }, list: true, filter: 'exact', show: true },
    // A receiving account's channel reads as its screen's title.
    { name: 'channel', type: 'enum', options: { values: CHANNEL_SPECS.map((c) => c.kind), labelKey: 'resources' }, list: true, show: true },
    { name: 'subject', type: 'text', list: true, filter: 'contains', show: true },
    { name: 'details', type: 'json', show: true },
    { name: 'submitterName', type: 'text', list: true, show: true },
    { name: 'state', type: 'enum', options: { values: TODO_STATES, labelKey: 'todoItems', colors: STATE_COLORS }, list: true, filter: 'exact', show: true, primaryFilter: true },
    { name: 'reason', type: 'text', list: true, show: true },
    { name: 'failure', type: 'text', list: true, show: true },
    { name: 'reviewerName', type: 'text', show: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
    { name: 'decidedAt', type: 'datetime', list: true, show: true },
  ],
  actions: [
    { name: 'approve', ability: 'approve', call: todoApi.calls.approve, confirm: true, when: [pending, change], schema: approveTodo },
    // Approving a settlement is making it: the Google code its route asks while the switch is on.
    { name: 'approve', ability: 'approve', call: todoApi.calls.approve, confirm: true, when: [pending, settlement], inputs: [{ name: 'googleCode', type: 'text' }], schema: approveTodo },
    { name: 'reject', ability: 'reject', call: todoApi.calls.reject, danger: true, when: pending, inputs: [{ name: 'reason', type: 'text', multiline: true }], schema: rejectTodo },
  ],
  variants: [{ name: 'todoItems-initiated', routes: { list: '/todoItems/initiated', show: '/todoItems/initiated/show/:id' } }],
};
