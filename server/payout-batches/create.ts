/**
 * Building a batch from a template. Staff batch the pool: waiting payouts no supplier holds. A
 * supplier batches its own claimed payouts: preparing, held by it or its agents, in no batch yet.
 * Either way only payouts of the template's product, oldest first, up to the batch's count: with
 * an amount limit, each payout that still fits in what the limit leaves is taken and one too large
 * is passed over, so a large old payout does not keep the smaller ones behind it waiting. Each joins through
 * the payout state machine ('batch': it is preparing, with the batch id), rows locked with SKIP
 * LOCKED so two batches built at once never share a payout. An empty selection is refused.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { batchStateId } from '../../resources/payout-batches/states.js';
import { batchLimits } from '../../resources/payout-batches/schema.js';
import { templateOf } from '../../resources/payout-batches/templates.js';
import { PAYOUT, payoutStateId } from '../../resources/payouts/states.js';
import { orders, payoutBatches } from '../db/schema/index.js';
import { AppError, fail } from '../errors.js';
import { t } from '../i18n.js';
import { firstIssue } from '../http/validation.js';
import { getSetting } from '../settings/store.js';
import { payoutTransition } from '../payouts/state-machine.js';
import type { Db } from '../db/client.js';
import type { Language } from '../../providers/languages.js';
import type { Actor } from '../orders/state-machine.js';
import type { OrderRow } from '../orders/order-row.js';
import type { BatchRow } from './batch-row.js';

export interface BatchRequest {
  templateId: string;
  maxCount?: unknown;
  amountLimit?: unknown;
}

/** Who builds it: staff (the pool) or a supplier (its team's claimed payouts), and as whom. */
export interface Builder {
  actor: Actor;
  /** The supplier that owns the batch, with the ids whose claimed payouts it may batch; null for staff. */
  supplier: { id: number; teamIds: number[] } | null;
  lang: Language;
}

/** What a payout weighs in a batch: its amount, plus the merchant's fee with PayoutBatchCalculateAmount on (templates.ts). */
const weightOf = (order: Pick<OrderRow, 'amount' | 'merchantFee'>, withFees: boolean) => order.amount + (withFees ? order.merchantFee : 0);

const withFeesSetting = async (db: Db) => (await getSetting(db, 'PayoutBatchCalculateAmount')).enable === true;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function newBatchNo(now = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `PB${stamp}${pad(randomInt(0, 10_000), 4)}`;
}

/**
 * The oldest waiting payouts not yet `seen`, those weighing at most `room` when a limit is set.
 * Rows are locked with SKIP LOCKED, so a batch built at the same time never takes them too.
 */
async function candidates(tx: Db, productId: number, builder: Builder, page: { count: number; room?: number; withFees: boolean; seen: number[] }): Promise<OrderRow[]> {
  const where = [eq(orders.orderType, PAYOUT), eq(orders.productId, productId), isNull(orders.batchId)];
  if (builder.supplier) where.push(eq(orders.payoutStatus, payoutStateId('preparing')), inArray(orders.supplierId, builder.supplier.teamIds));
  else where.push(eq(orders.payoutStatus, payoutStateId('waiting')), isNull(orders.supplierId));
  if (page.room !== undefined) where.push(sql`${orders.amount} + ${page.withFees ? orders.merchantFee : sql`0`} <= ${page.room}`);
  if (page.seen.length) where.push(notInArray(orders.id, page.seen));
  return tx
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(page.count)
    .for('update', { skipLocked: true });
}

/** The oldest payouts that fit: up to maxCount, each within what the amount limit still leaves. */
async function choose(tx: Db, productId: number, builder: Builder, maxCount: number, amountLimit: number | undefined, withFees: boolean) {
  const chosen: OrderRow[] = [];
  // Chosen and passed over: the room only shrinks, so a payout that did not fit never will.
  const seen: number[] = [];
  let total = 0;
  for (;;) {
    const count = maxCount - chosen.length;
    const room = amountLimit === undefined ? undefined : amountLimit - total;
    const page = await candidates(tx, productId, builder, { count, room, withFees, seen });
    for (const order of page) {
      seen.push(order.id);
      const weight = weightOf(order, withFees);
      if (amountLimit !== undefined && total + weight > amountLimit) continue;
      chosen.push(order);
      total += weight;
    }
    // A short page is the end of what fits; a full one may leave room for more behind it.
    if (page.length < count || chosen.length >= maxCount) return { chosen, total };
  }
}

export async function createBatch(tx: Db, request: BatchRequest, builder: Builder): Promise<BatchRow> {
  if ((await getSetting(tx, 'ShowBatchButton')).enable !== true) fail('forbidden');
  const template = templateOf(request.templateId) ?? fail('unsupportedTemplate');
  const limits = batchLimits.safeParse({ maxCount: request.maxCount, amountLimit: request.amountLimit }, { reportInput: true });
  if (!limits.success) {
    const { field, named, reason } = firstIssue(limits.error, builder.lang, 'body', batchLimits);
    throw new AppError('invalidBatchLimits', { field, reason }, t('errors.invalidBatchLimits', builder.lang, { reason: t('validation.named', builder.lang, { label: named, reason }) }));
  }
  const { maxCount, amountLimit } = limits.data!;
  const withFees = await withFeesSetting(tx);

  const { chosen, total } = await choose(tx, template.productId, builder, maxCount, amountLimit, withFees);
  if (!chosen.length) throw new AppError('stateConflict', {}, t('errors.batchNothingToTake', builder.lang));

  let batch: BatchRow | undefined;
  for (let attempt = 0; !batch && attempt < 5; attempt++) {
    [batch] = await tx
      .insert(payoutBatches)
      .values({
        batchNo: newBatchNo(),
        templateId: template.id,
        supplierId: builder.supplier?.id ?? null,
        maxCount,
        amountLimit: amountLimit ?? null,
        orderCount: chosen.length,
        totalAmount: total,
        state: batchStateId('created'),
        createdBy: builder.actor.userId,
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!batch) throw new Error('no free batch number after 5 draws');
  for (const order of chosen) await payoutTransition(tx, order, { action: 'batch', to: 'preparing', actor: builder.actor, set: { batchId: batch.id } });
  return batch;
}
