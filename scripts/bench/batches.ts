/**
 * Payout batches of 500: each run tops the pool up with 500 waiting payouts of the demo merchant
 * (with their reservation rows), then times building and exporting a batch (create, export, the
 * export job writing the bank file) and confirming it (500 payouts completed, their ledger posted).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payoutBatchApi } from '../../resources/payout-batches/api.js';
import { exportBatchNow } from '../../server/payout-batches/export-job.js';
import type { Db } from '../../server/db/client.js';
import { seedLedgerVolume } from './ledger-volume.js';
import { seedPayoutVolume } from './payout-volume.js';
import { api, summary, type Figure, type Session } from './measure.js';
import type { Members } from './order-volume.js';

const SIZE = 500;

const maxOrderId = async (db: Db) => Number(((await db.execute(sql`select coalesce(max(id), 0) as id from orders`)) as unknown as { rows: { id: number }[] }).rows[0].id);

export async function benchBatches(app: FastifyInstance, db: Db, admin: Session, runs: number, members: Members, codesFrom: number): Promise<Figure[]> {
  const demo: Members = { merchants: [members.merchants[0]], suppliers: members.suppliers };
  const exports: number[] = [];
  const confirms: number[] = [];
  // One more than asked: the first is the warm-up.
  for (let run = 0; run <= runs; run++) {
    const after = await maxOrderId(db);
    await seedPayoutVolume(db, demo, { count: SIZE, from: codesFrom + run * SIZE, spread: false, poolOnly: true });
    await seedLedgerVolume(db, { collections: false, payoutsAfter: after });
    let started = performance.now();
    const batch = await api(app, admin, 'POST', payoutBatchApi.create, { templateId: 'iciciBulk', maxCount: SIZE });
    if (batch.orderCount !== SIZE) throw new Error(`a batch took ${batch.orderCount} payouts, not ${SIZE}`);
    await api(app, admin, 'POST', payoutBatchApi.export, { id: batch.id });
    await exportBatchNow(db, batch.id);
    const exported = performance.now() - started;
    started = performance.now();
    await api(app, admin, 'POST', payoutBatchApi.confirm, { id: batch.id });
    const confirmed = performance.now() - started;
    if (run > 0) {
      exports.push(exported);
      confirms.push(confirmed);
    }
  }
  const group = `Payout batch of ${SIZE} (${payoutBatchApi.create})`;
  return [
    { group, name: 'build + export (bank file written)', runs, ...summary(exports), unit: 'ms' },
    { group, name: 'confirm (500 payouts completed)', runs, ...summary(confirms), unit: 'ms' },
  ];
}
