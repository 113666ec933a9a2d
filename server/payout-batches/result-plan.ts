/**
 * What a bank result file will do to its batch, worked out once for the preview and the upload
 * alike, so the figures an operator confirms are the ones applied: the file's rows (./bank-file.ts)
 * against the batch's payouts still with the bank. A row naming anything else cannot be taken, as a
 * row the file itself gets wrong; the upload refuses a file with any such row, whole.
 */
import type { BatchTemplate } from '../../resources/payout-batches/templates.js';
import type { OrderRow } from '../orders/order-row.js';
import { readResultFile, type ResultRow, type RowProblem } from './bank-file.js';

export interface ResultPlan {
  /** The rows the upload settles, in file order. */
  rows: ResultRow[];
  /** The rows it cannot take, by row number. */
  problems: RowProblem[];
  paid: OrderRow[];
  refused: OrderRow[];
  /** Payouts of the batch the file does not name: they stay with the bank, the batch exported. */
  left: number;
}

export function planResult(template: BatchTemplate, text: string, paying: readonly OrderRow[]): ResultPlan {
  const file = readResultFile(template, text);
  const byCode = new Map(paying.map((o) => [o.orderCode, o]));
  const plan: ResultPlan = { rows: [], problems: [...file.problems], paid: [], refused: [], left: 0 };
  for (const row of file.rows) {
    const order = byCode.get(row.reference);
    if (!order) {
      plan.problems.push({ row: row.row, column: template.result!.referenceColumn, fault: 'notInBatch' });
      continue;
    }
    plan.rows.push(row);
    (row.paid ? plan.paid : plan.refused).push(order);
  }
  plan.problems.sort((a, b) => a.row - b.row);
  plan.left = paying.length - plan.rows.length;
  return plan;
}

const totals = (orders: readonly OrderRow[]) => ({
  count: orders.length,
  /** Minor units, the payouts' own amounts (what the bank moved). */
  amount: orders.reduce((sum, o) => sum + o.amount, 0),
  /** Micro units, for a USDT batch. */
  usdtCount: orders.reduce((sum, o) => sum + (o.usdtCount ?? 0), 0),
});

/** The preview's answer: what the upload would settle, and every row it cannot take (then it would refuse the file). */
export const previewOf = (plan: ResultPlan) => ({
  rows: plan.rows.length + plan.problems.length,
  paid: totals(plan.paid),
  refused: totals(plan.refused),
  left: plan.left,
  unreadable: plan.problems,
  applicable: plan.problems.length === 0,
});
