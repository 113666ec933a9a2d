/**
 * The export of a batch's bank file, a background job so that a 500-order batch never holds a
 * request open: POST export only moves the batch to `exporting`; this job then writes the file in
 * chunks, each chunk in its own short transaction that moves its payouts preparing -> paying
 * ('export'), appends their rows to the stored file and sets exportProgress, so the screen's bar
 * moves and a restart halfway resumes exactly where the last committed chunk ended.
 *
 * Several instances may run it: a batch is claimed by a conditional update (a fresh export, or one
 * whose worker stopped touching it for LEASE_MS), and every chunk is written only while the claim
 * still holds, so two instances never export one batch twice.
 */
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { batchStateId } from '../../resources/payout-batches/states.js';
import { templateOf } from '../../resources/payout-batches/templates.js';
import { payoutBatchFiles, payoutBatches } from '../db/schema/index.js';
import { payoutTransition } from '../payouts/state-machine.js';
import type { Db } from '../db/client.js';
import type { Job } from '../jobs/runner.js';
import { batchOrders, type BatchRow } from './batch-row.js';
import { exportFileName, headerLine, rowLines } from './bank-file.js';

const CHUNK = 100;
/** A claim not renewed for this long is taken to be a stopped worker's. */
const LEASE_MS = 30_000;
const SYSTEM = { userId: null };

const exporting = batchStateId('exporting');

/** Claims one exporting batch: a fresh one (progress 0, never claimed) or one whose worker went quiet. */
async function claimNext(db: Db): Promise<BatchRow | null> {
  const [candidate] = await db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.state, exporting), or(eq(payoutBatches.exportProgress, 0), lt(payoutBatches.updatedAt, new Date(Date.now() - LEASE_MS)))))
    .orderBy(asc(payoutBatches.id))
    .limit(1);
  if (!candidate) return null;
  const [claimed] = await db
    .update(payoutBatches)
    .set({ exportProgress: sql`greatest(${payoutBatches.exportProgress}, 1)`, updatedAt: new Date() })
    .where(and(eq(payoutBatches.id, candidate.id), eq(payoutBatches.state, exporting), or(eq(payoutBatches.exportProgress, 0), lt(payoutBatches.updatedAt, new Date(Date.now() - LEASE_MS)))))
    .returning();
  return claimed ?? null;
}

/** Renews the claim read as `claim` (its updatedAt); false when another worker holds the batch now. */
async function renew(tx: Db, batch: BatchRow, claim: Date, set: Partial<BatchRow>): Promise<Date | null> {
  const [row] = await tx
    .update(payoutBatches)
    .set({ ...set, updatedAt: new Date(Math.max(Date.now(), claim.getTime() + 1)) })
    .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.state, exporting), eq(payoutBatches.updatedAt, claim)))
    .returning({ updatedAt: payoutBatches.updatedAt });
  return row?.updatedAt ?? null;
}

/** Writes the claimed batch's file to the end, chunk by chunk. */
async function exportBatch(db: Db, batch: BatchRow): Promise<void> {
  const template = templateOf(batch.templateId);
  if (!template) throw new Error(`batch ${batch.id} has unknown template ${batch.templateId}`);
  const valueDate = batch.updatedAt;
  let claim: Date | null = batch.updatedAt;
  await db.insert(payoutBatchFiles).values({ batchId: batch.id, kind: 'export', content: headerLine(template) }).onConflictDoNothing();
  while (claim) {
    claim = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const pending = await batchOrders(tx, batch.id, ['preparing']);
      const chunk = pending.slice(0, CHUNK);
      const paid: typeof chunk = [];
      for (const order of chunk) paid.push(await payoutTransition(tx, order, { action: 'export', to: 'paying', actor: SYSTEM }));
      if (paid.length) {
        await tx
          .update(payoutBatchFiles)
          .set({ content: sql`${payoutBatchFiles.content} || ${rowLines(template, paid, valueDate)}` })
          .where(and(eq(payoutBatchFiles.batchId, batch.id), eq(payoutBatchFiles.kind, 'export')));
      }
      const left = pending.length - chunk.length;
      if (left > 0) {
        const total = Math.max(batch.orderCount, pending.length);
        const progress = Math.min(99, Math.max(1, Math.floor(((total - left) * 100) / total)));
        const renewed = await renew(tx, batch, claim!, { exportProgress: progress });
        // Lost the claim: roll this chunk back, the holder writes it.
        if (!renewed) throw new LostClaim();
        return renewed;
      }
      const finished = await renew(tx, batch, claim!, { state: batchStateId('exported'), exportProgress: 100, fileName: exportFileName(batch.batchNo, template), exportedAt: new Date() });
      if (!finished) throw new LostClaim();
      return null;
    }).catch((error) => {
      if (error instanceof LostClaim) return null;
      throw error;
    });
  }
}

class LostClaim extends Error {}

/** Claims and exports one batch now (the demo data's batches; a test that does not wait for the job). */
export async function exportBatchNow(db: Db, batchId: number): Promise<void> {
  const [claimed] = await db
    .update(payoutBatches)
    .set({ exportProgress: 1, updatedAt: new Date() })
    .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.state, exporting), eq(payoutBatches.exportProgress, 0)))
    .returning();
  if (claimed) await exportBatch(db, claimed);
}

/** One run: exports every batch waiting for it (a restart finds its interrupted ones once their lease ran out). */
export async function runBatchExports(db: Db): Promise<number> {
  let count = 0;
  for (let batch = await claimNext(db); batch; batch = await claimNext(db)) {
    await exportBatch(db, batch);
    count++;
  }
  return count;
}

export const payoutBatchExportJob: Job = { name: 'payoutBatchExport', everyMs: 1000, run: (services) => runBatchExports(services.db).then(() => undefined) };
