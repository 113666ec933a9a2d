/**
 * What a supplier does not settle alone: confirming its own batch, or uploading its result file,
 * says that its own payouts were paid, and completing them credits it each payout's amount plus
 * its fee out of the merchants' reserve. Its word is the only evidence that the payees were paid,
 * so no setting lets it through: it waits as a to-do item, and staff approving it replay the
 * confirmation or the file as the supplier sent them (server/todo-items). Staff, who settle the
 * platform's own batches, are never held (they may not submit to-do items).
 */
import { minorToMajor } from '../../providers/money.js';
import { payoutBatchApi } from '../../resources/payout-batches/api.js';
import type { RouteContext } from '../http/route.js';
import type { OrderRow } from '../orders/order-row.js';
import { holdForReview } from '../todo-items/gate.js';
import type { ResultRow } from './bank-file.js';
import type { BatchRow } from './batch-row.js';

type Ctx = RouteContext<any, any>;

/** One settlement of a batch waits at a time, the confirmation or a file: the second is refused, naming the first. */
const SETTLEMENTS = ['batchConfirm', 'batchUpload'] as const;
const total = (orders: readonly OrderRow[]) => minorToMajor(orders.reduce((sum, o) => sum + o.amount, 0));

/** A supplier's confirmation of its batch, held; undefined for staff, who confirm at once. */
export function holdConfirm(ctx: Ctx, batch: BatchRow, paying: readonly OrderRow[]) {
  return holdForReview(ctx, {
    kind: 'batchConfirm',
    call: payoutBatchApi.confirm,
    // The Google code was checked now; it is not kept.
    input: { id: batch.id },
    secretFields: [],
    subject: batch.batchNo,
    context: { batchNo: batch.batchNo, templateId: batch.templateId, payouts: paying.length, amount: total(paying) },
    exclusive: SETTLEMENTS,
  });
}

/** A supplier's result file, checked and held; the reviewer sees what it says was paid, not the file. */
export function holdUpload(ctx: Ctx, batch: BatchRow, file: { content: string; fileName: string | null }, rows: readonly ResultRow[], paying: readonly OrderRow[]) {
  const paid = new Set(rows.filter((r) => r.paid).map((r) => r.reference));
  const paidOrders = paying.filter((o) => paid.has(o.orderCode));
  return holdForReview(ctx, {
    kind: 'batchUpload',
    call: payoutBatchApi.upload,
    input: { id: batch.id, ...file },
    secretFields: [],
    subject: batch.batchNo,
    shown: { batchNo: batch.batchNo, fileName: file.fileName, rows: rows.length, paid: paidOrders.length, paidAmount: total(paidOrders), paidOrders: paidOrders.map((o) => o.orderCode), refused: rows.filter((r) => !r.paid).length },
    exclusive: SETTLEMENTS,
  });
}
