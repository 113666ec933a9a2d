/**
 * /payoutBatch: the list comes from the entity kit (paging, filters, the abilities' row scope: a
 * supplier sees the batches whose supplierId is its own or an agent's); the rest is hand-written
 * because each call is a step of the batch workflow (states.ts), not a record edit. Every step
 * needs the second-level password and, with GoogleVerifyBatchOperations on, a Google code; the
 * money-moving ones are idempotent (the same Idempotency-Key replays the first answer). A
 * supplier's confirmation and result file credit the supplier itself: they wait for staff review.
 */
import { and, eq } from 'drizzle-orm';
import { rowScope } from '../../providers/ability-engine.js';
import { payoutBatches as declaration } from '../../resources/payout-batches/index.js';
import { payoutBatchApi } from '../../resources/payout-batches/api.js';
import { batchIdBody, createBatchBody, exceptionBody } from '../../resources/payout-batches/schema.js';
import { batchStateId } from '../../resources/payout-batches/states.js';
import { BATCH_TEMPLATES } from '../../resources/payout-batches/templates.js';
import { queryId } from '../../resources/common/rules.js';
import { z } from 'zod';
import { payoutBatchFiles, payoutBatches, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { readers } from '../crud/query.js';
import { fail } from '../errors.js';
import { requireRow } from '../http/access.js';
import { route, type RouteContext } from '../http/route.js';
import { getSetting } from '../settings/store.js';
import { reviewableRoute } from '../todo-items/gate.js';
import type { EntityStore } from '../crud/store.js';
import { actorOf } from '../orders/actions/load.js';
import { batchForAction, batchOrders, stateConflict, type BatchRow } from './batch-row.js';
import { createBatch } from './create.js';
import { holdConfirm } from './hold.js';
import { confirmBatch, markException } from './settle.js';
import { previewResult, uploadResult } from './upload.js';

const supplier = { as: 'supplier', table: users, on: eq(users.id, payoutBatches.supplierId) };
const READ = { action: 'list', subject: ['payoutBatches', 'payoutBatches-customerService'] } as const;
const STEP = { secondLevel: true, googleCode: 'BatchOperations', idempotent: true } as const;

/** The batch as the API shows it. */
const batchView = (batch: BatchRow, supplierName?: string | null) => ({ ...batch, supplierName: supplierName ?? null });

const orderView = (o: Awaited<ReturnType<typeof batchOrders>>[number]) => ({
  id: o.id,
  orderCode: o.orderCode,
  merchantOrderNo: o.merchantOrderNo,
  productId: o.productId,
  amount: o.amount,
  merchantFee: o.merchantFee,
  payoutStatus: o.payoutStatus,
  userName: o.userName,
  cardNumber: o.cardNumber,
  ifscCode: o.ifscCode,
  bankName: (o.extras as Record<string, string> | null)?.bankName ?? null,
  usdtAddress: o.usdtAddress,
  usdtCount: o.usdtCount,
  rejectReason: o.rejectReason,
  utr: o.utr,
  createdAt: o.createdAt,
});

const store: EntityStore = {
  declaration,
  table: payoutBatches,
  joins: [supplier],
  columns: { supplierName: users.account },
  audit: 'payoutBatch',
  handWritten: ['one'],
  view: async (_db, rows) => rows.map((r) => batchView(r.row as BatchRow, (r.supplier?.account as string | undefined) ?? null)),
};

type Ctx = RouteContext<any, any>;

async function detail(ctx: Ctx) {
  const [row] = await ctx.db.select({ batch: payoutBatches, supplierName: users.account }).from(payoutBatches).leftJoin(users, eq(users.id, payoutBatches.supplierId)).where(eq(payoutBatches.id, ctx.query.id)).limit(1);
  if (!row) return fail('notFound');
  requireRow(ctx.ability, 'show', readers(store), row.batch as unknown as Record<string, unknown>);
  const orders = await batchOrders(ctx.db, row.batch.id, undefined, false);
  return { ...batchView(row.batch, row.supplierName), orders: orders.map(orderView) };
}

/** The builder of a batch: staff take from the pool; a supplier (row scope on supplierId) from its team's claims. */
function builderOf(ctx: Ctx) {
  const scope = rowScope(ctx.ability, 'create', 'payoutBatches');
  if (scope === false) return fail('forbidden');
  const teamIds = scope?.supplierId;
  return { actor: actorOf(ctx), lang: ctx.lang, supplier: scope ? { id: ctx.user.id, teamIds: teamIds ?? [ctx.user.id] } : null };
}

export const payoutBatchRoutes = entityRoutes({
  ...store,
  extraRoutes: [
    route({ method: 'GET', url: payoutBatchApi.one, access: { action: 'show', subject: ['payoutBatches', 'payoutBatches-customerService'] }, query: z.object({ id: queryId }), handler: detail }),
    route({
      method: 'GET',
      url: payoutBatchApi.templates,
      access: READ,
      handler: async () => BATCH_TEMPLATES.map((t) => ({ id: t.id, productId: t.productId, columns: t.columns.map((c) => c.header), upload: Boolean(t.result), resultHeader: t.result?.header ?? null })),
    }),
    route({
      method: 'GET',
      url: payoutBatchApi.settings,
      access: READ,
      handler: async (ctx) => ({
        showBatchButton: (await getSetting(ctx.db, 'ShowBatchButton')).enable === true,
        googleCode: (await getSetting(ctx.db, 'GoogleVerifyBatchOperations')).enable === true,
        calculateAmountWithFees: (await getSetting(ctx.db, 'PayoutBatchCalculateAmount')).enable === true,
      }),
    }),
    route({
      method: 'POST',
      url: payoutBatchApi.create,
      access: { action: 'create', subject: 'payoutBatches' },
      body: createBatchBody,
      ...STEP,
      handler: async (ctx) => {
        const batch = await createBatch(ctx.db, ctx.body, builderOf(ctx));
        await ctx.audit('payoutBatch.create', batch.id, null, batch);
        return batchView(batch);
      },
    }),
    route({
      method: 'POST',
      url: payoutBatchApi.export,
      access: { action: 'exportBatch', subject: 'payoutBatches' },
      body: batchIdBody,
      ...STEP,
      // Answers at once: the export job (export-job.ts) writes the file and moves the progress.
      handler: async (ctx) => {
        const batch = await batchForAction(ctx, ctx.body.id, 'exportBatch', 'exportStart');
        const [started] = await ctx.db.update(payoutBatches).set({ state: batchStateId('exporting'), exportProgress: 0, updatedAt: new Date() }).where(eq(payoutBatches.id, batch.id)).returning();
        await ctx.audit('payoutBatch.export', batch.id, { state: batch.state }, { state: started.state });
        return batchView(started);
      },
    }),
    route({
      method: 'GET',
      url: payoutBatchApi.download,
      access: { action: 'download', subject: 'payoutBatches' },
      query: z.object({ id: queryId, googleCode: z.string().max(12).optional() }),
      secondLevel: true,
      googleCode: 'BatchOperations',
      download: true,
      handler: async (ctx) => {
        const batch = await batchForAction(ctx, ctx.query.id, 'download');
        if (!batch.fileName) stateConflict(batch);
        const [file] = await ctx.db.select().from(payoutBatchFiles).where(and(eq(payoutBatchFiles.batchId, batch.id), eq(payoutBatchFiles.kind, 'export'))).limit(1);
        if (!file) return stateConflict(batch);
        await ctx.audit('payoutBatch.download', batch.id);
        return ctx.reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${batch.fileName}"`)
          .send(file.content);
      },
    }),
    // A supplier's confirmation of its own batch waits for staff (./hold.ts); approving it replays this route.
    reviewableRoute(
      route({
        method: 'POST',
        url: payoutBatchApi.confirm,
        access: { action: 'confirm', subject: 'payoutBatches' },
        body: batchIdBody,
        ...STEP,
        handler: async (ctx) => {
          const batch = await batchForAction(ctx, ctx.body.id, 'confirm', 'confirm');
          const held = await holdConfirm(ctx, batch, await batchOrders(ctx.db, batch.id, ['paying']));
          if (held) return held;
          const result = await confirmBatch(ctx.db, batch, actorOf(ctx));
          await ctx.audit('payoutBatch.confirm', batch.id, { state: batch.state }, { state: result.batch.state, completed: result.completed });
          return { ...batchView(result.batch), completed: result.completed };
        },
      }),
    ),
    route({
      method: 'POST',
      url: payoutBatchApi.exception,
      access: { action: 'exception', subject: 'payoutBatches' },
      body: exceptionBody,
      ...STEP,
      handler: async (ctx) => {
        const batch = await batchForAction(ctx, ctx.body.id, 'exception', 'exception');
        const result = await markException(ctx.db, batch, ctx.body.orderIds, actorOf(ctx));
        await ctx.audit('payoutBatch.exception', batch.id, { state: batch.state }, { state: result.batch.state, orderIds: ctx.body.orderIds });
        return { ...batchView(result.batch), rejected: result.rejected, returned: result.returned };
      },
    }),
    route({
      method: 'POST',
      url: payoutBatchApi.upload,
      access: { action: 'upload', subject: 'payoutBatches' },
      secondLevel: true,
      idempotent: true,
      // The Google code travels in the multipart fields, which the registry does not parse: upload.ts checks it.
      handler: uploadResult,
    }),
    // Reads the file as the upload does and changes nothing: no second-level password, no Google code, nothing to replay.
    route({ method: 'POST', url: payoutBatchApi.uploadPreview, access: { action: 'upload', subject: 'payoutBatches' }, handler: previewResult }),
  ],
});
