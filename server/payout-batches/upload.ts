/**
 * POST /payoutBatch/upload: the bank's result file of an exported batch (multipart: id, file and,
 * with BatchOperations on, googleCode), read as @fastify/multipart gives it, as the order batch
 * upload does. CSV only (onlyCsv); a template without a result file refuses it (templateNoUpload);
 * another header is the wrong file (fileTypeError); text that is not CSV, formatParsingFailed; a
 * row that names no payout of the batch still with the bank, an unknown status or a bank reference
 * the callback cannot carry, "row N is not standard". All or nothing: the rows are settled in the
 * request's one transaction. The preview (previewResult) reads the file the same way
 * (./result-plan.ts). A supplier's file says its own payouts were paid, which credits it: it waits,
 * checked, for staff review (./hold.ts), and is settled as it was sent when approved.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { payoutBatchApi } from '../../resources/payout-batches/api.js';
import { uploadFields } from '../../resources/payout-batches/schema.js';
import { templateOf } from '../../resources/payout-batches/templates.js';
import { id } from '../../resources/common/rules.js';
import { payoutBatchFiles } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { parseInput } from '../http/validation.js';
import { csvText, readUpload, type Upload } from '../http/csv-upload.js';
import { route, type RouteContext } from '../http/route.js';
import { reviewableRoute } from '../todo-items/gate.js';
import { actorOf } from '../orders/actions/load.js';
import { batchForAction, batchOrders, type BatchRow } from './batch-row.js';
import { rowError } from './bank-file.js';
import { planResult, previewOf } from './result-plan.js';
import { holdUpload } from './hold.js';
import { applyResult } from './settle.js';

const MAX_FILE_BYTES = 1024 * 1024;
/** Reads the body: a body that is not multipart holds no CSV file; one that cannot be read is no CSV text. */
async function readResultUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return fail('onlyCsv');
  return readUpload(request, { fileSize: MAX_FILE_BYTES, fields: 5, fieldSize: 256 }, () => fail('formatParsingFailed'));
}

type Ctx = RouteContext<any, any>;

/** The file against the batch's payouts with the bank (locked: an upload settles them in this transaction). */
async function planFor(ctx: Ctx, batch: BatchRow, text: string, lock = true) {
  const template = templateOf(batch.templateId);
  if (!template?.result) return fail('templateNoUpload');
  const paying = await batchOrders(ctx.db, batch.id, ['paying'], lock);
  return { plan: planResult(template, text, paying), paying, referenceColumn: template.result.referenceColumn };
}

/** Settles the file's rows and keeps the file as the batch's result; a file with a row it cannot take is refused whole. */
async function settleFile(ctx: Ctx, batch: BatchRow, text: string, fileName: string | null | undefined) {
  const { plan, referenceColumn } = await planFor(ctx, batch, text);
  if (plan.problems.length) throw rowError(ctx.lang, plan.problems[0]);
  const result = await applyResult(ctx.db, batch, plan.rows, actorOf(ctx), (row) => rowError(ctx.lang, { row, column: referenceColumn, fault: 'notInBatch' }));
  await ctx.db
    .insert(payoutBatchFiles)
    .values({ batchId: batch.id, kind: 'result', content: text })
    .onConflictDoUpdate({ target: [payoutBatchFiles.batchId, payoutBatchFiles.kind], set: { content: text, createdAt: new Date() } });
  await ctx.audit('payoutBatch.upload', batch.id, { state: batch.state }, { state: result.batch.state, completed: result.completed, refused: result.refused, file: fileName ?? undefined });
  return { ...result.batch, completed: result.completed, refused: result.refused, left: result.left };
}

/** The multipart body and its fields, checked. */
async function readBody(ctx: Ctx) {
  const upload = await readResultUpload(ctx.request);
  const fields = parseInput(uploadFields, upload.fields, ctx.lang, 'body') as { id: number; googleCode?: string | null };
  return { upload, fields };
}

/** The batch for the caller, in a state that takes a result file, and the file's text (a template without a result file refuses it first). */
async function fileOf(ctx: Ctx, upload: Upload, id: number) {
  const batch = await batchForAction(ctx, id, 'upload', 'upload');
  if (!templateOf(batch.templateId)?.result) return fail('templateNoUpload');
  return { batch, text: csvText(upload.file), fileName: upload.file?.filename ?? null };
}

export async function uploadResult(ctx: RouteContext<unknown, unknown>) {
  const { upload, fields } = await readBody(ctx);
  await ctx.services.checkActionCode(ctx, 'BatchOperations', fields.googleCode ?? '');
  const { batch, text, fileName } = await fileOf(ctx, upload, fields.id);
  const { plan, paying } = await planFor(ctx, batch, text);
  // A file naming anything but this batch's payouts with the bank is refused now, not held.
  if (plan.problems.length) throw rowError(ctx.lang, plan.problems[0]);
  const held = await holdUpload(ctx, batch, { content: text, fileName }, plan.rows, paying);
  if (held) return held;
  return settleFile(ctx, batch, text, fileName);
}

/**
 * POST /payoutBatch/uploadPreview: the same file read the same way, answering what the upload would
 * do (paid, refused, their amounts, the payouts left with the bank, every row it cannot take) and
 * changing nothing, so the operator confirms the figures before money moves. It moves nothing, so
 * it asks for no second-level password or Google code; the upload that follows does.
 */
export async function previewResult(ctx: RouteContext<unknown, unknown>) {
  const { upload, fields } = await readBody(ctx);
  const { batch, text } = await fileOf(ctx, upload, fields.id);
  return previewOf((await planFor(ctx, batch, text, false)).plan);
}

/** A held file as stored with its to-do item. */
const heldFileBody = z.object({ id, content: z.string().max(MAX_FILE_BYTES), fileName: z.string().max(255).nullish() });

/**
 * The approved replay of a supplier's held file, registered for the to-do items only (never served
 * over HTTP: the upload itself is multipart): the file as it was sent, settled under the upload's
 * rules and guards.
 */
reviewableRoute(
  route({
    method: 'POST',
    url: payoutBatchApi.upload,
    access: { action: 'upload', subject: 'payoutBatches' },
    body: heldFileBody,
    secondLevel: true,
    googleCode: 'BatchOperations',
    handler: async (ctx) => settleFile(ctx, await batchForAction(ctx, ctx.body.id, 'upload', 'upload'), ctx.body.content, ctx.body.fileName),
  }),
);
