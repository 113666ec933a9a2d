/**
 * Payout batch states and the table of allowed moves, the one place that says what may happen to
 * a batch in which state. server/payout-batches refuses anything not written here with the batch
 * state conflict (4128); the batch screen shows a button only in states this table allows. Codes
 * match locales payoutBatchState.json. Pure data, shared by server and admin.
 *
 * A batch is created (payouts gathered, still `preparing`), exported by a background job
 * (`exporting`, with progress, then `exported`: the payouts are `paying` with the bank), and ends
 * `confirmed` (all paid) or `exception` (ticked orders rejected, the rest back for other batches).
 * An uploaded bank result settles each row of an exported batch and confirms the batch.
 */
import { allows, type TransitionOf } from '../orders/statuses';

export const BATCH_STATES = [
  { id: 1, code: 'created' },
  { id: 2, code: 'exporting' },
  { id: 3, code: 'exported' },
  { id: 4, code: 'confirmed' },
  { id: 5, code: 'exception' },
] as const;

export type BatchState = (typeof BATCH_STATES)[number]['code'];
export const batchStateId = (code: BatchState): number => BATCH_STATES.find((s) => s.code === code)!.id;
export const batchStateCode = (id: number | null | undefined): BatchState | undefined => BATCH_STATES.find((s) => s.id === id)?.code;

export type BatchAction = 'create' | 'exportStart' | 'exportDone' | 'confirm' | 'exception' | 'upload';

export const BATCH_TRANSITIONS: readonly TransitionOf<BatchState, BatchAction>[] = [
  { action: 'create', from: [], to: ['created'], note: 'payouts of the pool (or a supplier’s claimed ones) gathered under a template' },
  { action: 'exportStart', from: ['created'], to: ['exporting'], note: 'an operator starts the export; the background job writes the file' },
  { action: 'exportDone', from: ['exporting'], to: ['exported'], note: 'the job wrote the bank file: the payouts are with the bank (paying)' },
  { action: 'confirm', from: ['exported'], to: ['confirmed'], note: 'the bank paid them all: every payout completes, the money moves' },
  { action: 'exception', from: ['created', 'exported'], to: ['exception'], note: 'ticked orders are rejected, the rest return for other batches' },
  {
    action: 'upload',
    from: ['exported'],
    to: ['exported', 'confirmed'],
    keepsState: true,
    note: "the bank's result file settles the rows it names (paid completes, refused is rejected or returns to the pool); the batch is confirmed once none is left with the bank",
  },
];

/** Whether `action` may start from the batch state `id` (a button shows only then). */
export const batchCan = (action: BatchAction, id: number | null | undefined): boolean => {
  const from = batchStateCode(id);
  return Boolean(from && BATCH_TRANSITIONS.some((t) => t.action === action && t.from.includes(from)));
};

/** Whether the table lets `action` move a batch from `from` to `to`. */
export const batchAllows = (action: BatchAction, from: BatchState, to: BatchState): boolean => allows(BATCH_TRANSITIONS, action, from, to);

