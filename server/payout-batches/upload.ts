/**
 * POST /payoutBatch/upload: the bank's result file of an exported batch (multipart: id, file and,
 * with BatchOperations on, googleCode), read as @fastify/multipart gives it, as the order batch
 * upload does. CSV only (onlyCsv); a template without a result file refuses it (templateNoUpload);
 * another header is the wrong file (fileTypeError); text that is not CSV, formatParsingFailed; a
 * row that names no payout of the batch still with the bank, or an unknown status, "row N is not
 * standard". All or nothing: the rows are settled in the request's one transaction.
 */
import type { FastifyRequest } from 'fastify';
import { uploadFields } from '../../resources/payout-batches/schema.js';
import { templateOf } from '../../resources/payout-batches/templates.js';
import { payoutBatchFiles } from '../db/schema/index.js';
import { AppError, fail } from '../errors.js';
import { t } from '../i18n.js';
import { parseInput } from '../http/validation.js';
import { csvText, readUpload, type Upload } from '../http/csv-upload.js';
import type { RouteContext } from '../http/route.js';
import { actorOf } from '../orders/actions/load.js';
import { batchForAction } from './batch-row.js';
import { readResultFile } from './bank-file.js';
import { applyResult } from './settle.js';

const MAX_FILE_BYTES = 1024 * 1024;
/** Reads the body: a body that is not multipart holds no CSV file; one that cannot be read is no CSV text. */
async function readResultUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return fail('onlyCsv');
  return readUpload(request, { fileSize: MAX_FILE_BYTES, fields: 5, fieldSize: 256 }, () => fail('formatParsingFailed'));
}

export async function uploadResult(ctx: RouteContext<unknown, unknown>) {
  const upload = await readResultUpload(ctx.request);
  const fields = parseInput(uploadFields, upload.fields, ctx.lang, 'body') as { id: number; googleCode?: string | null };
  await ctx.services.checkActionCode(ctx, 'BatchOperations', fields.googleCode ?? '');
  const batch = await batchForAction(ctx, fields.id, 'upload', 'upload');
  const template = templateOf(batch.templateId);
  if (!template?.result) return fail('templateNoUpload');
  const text = csvText(upload.file);
  const rows = readResultFile(template, text, ctx.lang);
  if (!rows.length) fail('formatParsingFailed');
  const rowError = (row: number) => new AppError('rowNotStandard', { row }, `${t('errors.rowNotStandard', ctx.lang, { row })}: ${template.result!.referenceColumn}`);
  const result = await applyResult(ctx.db, batch, rows, actorOf(ctx), rowError);
  await ctx.db
    .insert(payoutBatchFiles)
    .values({ batchId: batch.id, kind: 'result', content: text })
    .onConflictDoUpdate({ target: [payoutBatchFiles.batchId, payoutBatchFiles.kind], set: { content: text, createdAt: new Date() } });
  await ctx.audit('payoutBatch.upload', batch.id, { state: batch.state }, { state: result.batch.state, completed: result.completed, refused: result.refused, file: upload.file?.filename });
  return { ...result.batch, completed: result.completed, refused: result.refused, left: result.left };
}
