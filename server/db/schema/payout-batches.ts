/**
 * Payout batches: payout orders gathered under a bank-file template, exported to the bank's file,
 * then confirmed (the payouts complete) or marked exceptional. Orders point at their batch
 * (orders.batch_id); the batch's figures are written by server/payout-batches as orders join and
 * leave. The state is an id of resources/payout-batches/states.ts. Amounts are bigint minor units.
 */
import { bigint, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    /** The batch number shown to operators and written in the bank file's name. */
    batchNo: text('batch_no').notNull().unique(),
    /** The bank-file template (resources/payout-batches/templates.ts). */
    templateId: text('template_id').notNull(),
    /** The supplier whose claimed payouts the batch holds; null: the platform's own batch from the pool. */
    supplierId: integer('supplier_id'),
    /** Most orders and most total amount the batch may hold (null amount: no limit). */
    maxCount: integer('max_count').notNull(),
    amountLimit: bigint('amount_limit', { mode: 'number' }),
    orderCount: integer('order_count').notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    /** The amount of the orders marked exceptional (rejected). */
    exceptionAmount: bigint('exception_amount', { mode: 'number' }).notNull().default(0),
    state: smallint('state').notNull(),
    /** 0..100 while the export job writes the file. */
    exportProgress: smallint('export_progress').notNull().default(0),
    fileName: text('file_name'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    exportedAt: at('exported_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('payout_batches_created_idx').on(t.createdAt), index('payout_batches_supplier_idx').on(t.supplierId, t.createdAt), index('payout_batches_state_idx').on(t.state)],
);

/** A batch's files: the exported bank file ('export') and an uploaded bank result ('result'). */
export const payoutBatchFiles = pgTable(
  'payout_batch_files',
  {
    batchId: integer('batch_id').notNull(),
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.kind] })],
);
