/**
 * What a statistic must answer, worked out in plain code from the orders as stored: the tests' own
 * reading of the rules (no test orders or test marks, the basis's half-open period, the filters,
 * success by status or by payout state, a row per group or one row for everything), sharing no SQL
 * with the statistics engine, so its summaries and its raw path are both checked against figures
 * they did not make.
 */
import { sql } from 'drizzle-orm';
import { markId, statusId, type OrderStatus } from '../../resources/orders/statuses.js';
import { payoutStateId } from '../../resources/payouts/states.js';
import { rowsOf, type RawRow, type StatisticsRequest } from '../../server/statistics/engine.js';
import type { Db } from '../../server/db/client.js';

interface Stored {
  order_type: number;
  is_test: boolean;
  mark: number;
  merchant_id: number;
  supplier_id: number | null;
  product_id: number;
  status: number;
  payout_status: number | null;
  amount: string;
  merchant_fee: string;
  supplier_fee: string;
  created: string;
  completed: string | null;
  merchant_name: string | null;
  supplier_name: string | null;
}

const COLLECTION_SUCCESS = (['submitted', 'callbackSucceeded', 'callbackFailed'] as OrderStatus[]).map(statusId);

/** Every order with its times as platform-time text (microseconds kept, so a period's edges compare exactly). */
export async function storedOrders(db: Db): Promise<Stored[]> {
  return rowsOf<Stored>(
    await db.execute(sql`
      select o.order_type, o.is_test, o.mark, o.merchant_id, o.supplier_id, o.product_id, o.status, o.payout_status,
        o.amount::text as amount, o.merchant_fee::text as merchant_fee, o.supplier_fee::text as supplier_fee,
        to_char(o.created_at, 'YYYY-MM-DD HH24:MI:SS.US') as created, to_char(o.completed_at, 'YYYY-MM-DD HH24:MI:SS.US') as completed,
        m.nickname as merchant_name, s.nickname as supplier_name
      from orders o left join users m on m.id = o.merchant_id left join users s on s.id = o.supplier_id`),
  );
}

/** The time bucket of a `YYYY-MM-DD HH:MM:SS.ffffff` text, as the answer writes it. */
function bucket(time: string, unit: 'hour' | 'day' | 'month'): string {
  if (unit === 'hour') return `${time.slice(0, 13)}:00:00`;
  if (unit === 'day') return `${time.slice(0, 10)} 00:00:00`;
  return `${time.slice(0, 7)}-01 00:00:00`;
}

/** The rows `req` must answer, from `stored`. */
export function expectedRows(stored: readonly Stored[], req: StatisticsRequest): RawRow[] {
  const groups = new Map<string | number, RawRow>();
  if (!req.grouping) groups.set(0, { key: 0, label: null, created: 0, succeeded: 0, successAmount: 0, merchantFee: 0, supplierFee: 0 });
  for (const o of stored) {
    const time = req.byCompletion ? o.completed : o.created;
    if (o.order_type !== req.orderType || o.is_test || o.mark === markId('test') || time === null) continue;
    // A period is half-open: its start counts, its end does not (both `YYYY-MM-DD HH:MM:SS`).
    if (req.period && !(time >= req.period.start && time < req.period.end)) continue;
    if (req.merchantIds && !req.merchantIds.includes(o.merchant_id)) continue;
    if (req.supplierIds && (o.supplier_id === null || !req.supplierIds.includes(o.supplier_id))) continue;
    if (req.productId !== undefined && o.product_id !== req.productId) continue;
    if (req.mark !== undefined && o.mark !== req.mark) continue;
    const [key, label] =
      req.grouping === 'time' ? [bucket(time, req.timeFormat.unit), null]
      : req.grouping === 'product' ? [o.product_id, null]
      : req.grouping === 'merchant' ? [o.merchant_id, o.merchant_name]
      : req.grouping === 'supplier' ? [o.supplier_id ?? 0, o.supplier_name]
      : [0, null];
    const row = groups.get(key) ?? { key, label, created: 0, succeeded: 0, successAmount: 0, merchantFee: 0, supplierFee: 0 };
    groups.set(key, row);
    row.created += 1;
    const success = req.orderType === 1 ? COLLECTION_SUCCESS.includes(o.status) : o.payout_status === payoutStateId('completed');
    if (!success) continue;
    row.succeeded += 1;
    row.successAmount += Number(o.amount);
    row.merchantFee += Number(o.merchant_fee);
    row.supplierFee += Number(o.supplier_fee);
  }
  return [...groups.values()];
}
