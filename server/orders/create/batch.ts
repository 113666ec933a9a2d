/**
 * POST /api/order/createBatch: many orders from one CSV file, all or nothing. Multipart with the
 * spec's fields file, orderType and key, plus mchId: the merchant names itself with mchId and
 * proves it with key, its merchant key (a file holds many orders, so no per-row sign). A file
 * holds collection orders (orderType 1) or payouts (orderType 2, payout products), never both.
 *
 * The file: UTF-8 CSV (a BOM is fine), a header row naming columns of BATCH_COLUMNS (productId,
 * mchOrderNo, amount and notifyUrl required, any order), then one order per row, at most
 * MAX_BATCH_ROWS. Rows are numbered as a spreadsheet shows them (the header is row 1). The first
 * row that is malformed, or that creation refuses (duplicate number, product not enabled, amount
 * no account takes), refuses the whole file with "row N is not standard" and its reason; nothing
 * is stored. Otherwise every order is stored and allocated in one transaction; orders no account
 * could take are stored as allocationFailed and counted in the answer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { orderApi } from '../../../resources/orders/api.js';
import type { BatchCreated } from '../../../resources/merchant-api/answers.js';
import { batchRowSchema, type CreateOrderPayload } from '../../../resources/orders/create-schema.js';
import { BATCH_PARSE_OPTIONS, headerProblem, MAX_BATCH_ROWS, productFitsOrderType, rowValues, type BatchOrderType } from '../../../resources/orders/batch-file.js';
import { statusCode } from '../../../resources/orders/statuses.js';
import { required } from '../../../resources/common/rules.js';
import { AppError, fail } from '../../errors.js';
import { t } from '../../i18n.js';
import { route, type RouteContext } from '../../http/route.js';
import { parseInput, validationError } from '../../http/validation.js';
import { csvText, readUpload, type Upload } from '../../http/csv-upload.js';
import type { Db } from '../../db/client.js';
import type { Language } from '../../../providers/languages.js';
import { checkMerchantOpen, findMerchant, keyOf, type Merchant } from './merchant.js';
import { getSetting } from '../../settings/store.js';
import { MONEY_MOVE_GUARD } from '../../finance/guard.js';
import { placeOrder } from './place.js';
import { inCreationSlot } from './creation-slots.js';
import { lockAccountsOf } from '../allocation/lock.js';
import { checkServiceOn, createdView } from './submit.js';
import { orderPayLinks } from '../pay-url.js';
import type { Actor } from '../state-machine.js';

const MAX_FILE_BYTES = 512 * 1024;

/** The multipart fields besides the file. */
export const batchFieldsSchema = z.object({
  mchId: z.string({ error: 'required' }).trim().regex(/^\d{1,20}$/, 'digits'),
  key: required(128),
  orderType: z.enum(['1', '2'], { error: 'option' }),
});

const invalid = (lang: Language, field: string, reason: string, params: Record<string, string | number> = {}) => fail('invalidParam', { field, reason: t(`validation.${reason}`, lang, params) });

/** Reads the multipart body; a file over the limit or a broken body is named as such. */
async function readBatchUpload(request: FastifyRequest, lang: Language): Promise<Upload> {
  if (!request.isMultipart()) return invalid(lang, 'body', 'mediaType');
  return readUpload(request, { fileSize: MAX_FILE_BYTES, fields: 10, fieldSize: 1024 }, (error) => {
    const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    return invalid(lang, tooLarge ? 'file' : 'body', tooLarge ? 'bodyTooLarge' : 'unreadable');
  });
}

const rowError = (lang: Language, row: number, reason: string) => new AppError('rowNotStandard', { row }, `${t('errors.rowNotStandard', lang, { row })}: ${reason}`);

/** The rows as objects of their columns (blank cells left out), each with its row number. */
function rowsOf(text: string, lang: Language): { row: number; values: Record<string, string> }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, BATCH_PARSE_OPTIONS) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw rowError(lang, typeof line === 'number' ? line : 1, t('validation.format', lang));
  }
  if (!records.length) return invalid(lang, 'file', 'required');
  const [header, ...rows] = records;
  const columns = header.record;
  const problem = headerProblem(columns);
  if (problem) throw rowError(lang, header.info.lines, `${problem.column ?? ''} ${t('validation.option', lang)}`.trim());
  if (!rows.length) return invalid(lang, 'file', 'required');
  if (rows.length > MAX_BATCH_ROWS) return invalid(lang, 'file', 'tooBig', { max: MAX_BATCH_ROWS });
  return rows.map(({ record, info }) => ({ row: info.lines, values: rowValues(columns, record) }));
}

/** One row's order, or the rowNotStandard refusal naming the row and why (also what the API document's example shows). */
export function parseRow(values: Record<string, string>, row: number, orderType: BatchOrderType, lang: Language) {
  const parsed = batchRowSchema.safeParse(values, { reportInput: true });
  if (!parsed.success) throw rowError(lang, row, t('errors.invalidParam', lang, validationError(parsed.error, lang).params));
  if (!productFitsOrderType(parsed.data.productId, orderType)) throw rowError(lang, row, t('errors.invalidParam', lang, { field: 'productId', reason: t('validation.orderTypeProduct', lang) }));
  return parsed.data;
}

/** Constant-time comparison of the key given with the merchant's (digests: equal lengths whatever was sent). */
const sameKey = (given: string, stored: string) => timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(stored).digest());

/** Checks every row of the file, then places all its orders for `merchant` in one transaction, or none. */
async function placeBatch(ctx: RouteContext<unknown, unknown>, merchant: Merchant, orderType: BatchOrderType, text: string, actor: Actor): Promise<BatchCreated> {
  const { lang } = ctx;
  const db = ctx.services.db;
  const seen = new Set<string>();
  const payloads = rowsOf(text, lang).map(({ row, values }) => {
    const parsed = parseRow(values, row, orderType, lang);
    if (seen.has(parsed.mchOrderNo)) throw rowError(lang, row, t('errors.duplicateOrder', lang, { mchOrderNo: parsed.mchOrderNo }));
    seen.add(parsed.mchOrderNo);
    return { row, payload: { ...parsed, mchId: merchant.profile.mchId, sign: '' } as CreateOrderPayload };
  });

  const collection = orderType === '1';
  const placed = await inCreationSlot(() =>
    db.transaction(async (tx) => {
      // One transaction allocates every row, keeping each account it picks: it takes all of them
      // first, in the one order every batch uses (allocation/lock.ts, lockAccountsOf).
      if (collection) await lockAccountsOf(tx as unknown as Db, payloads.map((p) => p.payload.productId));
      const result = [];
      for (const { row, payload } of payloads) {
        try {
          result.push({ row, order: await placeOrder(tx as unknown as Db, merchant, payload, { actor, accountsLocked: collection }) });
        } catch (error) {
          if (error instanceof AppError) throw rowError(lang, row, t(`errors.${error.name}`, lang, error.params));
          throw error;
        }
      }
      return result;
    }),
  );
  const payLink = await orderPayLinks(db, ctx.services.config);
  const failed = placed.filter((p) => statusCode(p.order.status) === 'allocationFailed').length;
  return {
    count: placed.length,
    allocated: placed.length - failed,
    allocationFailed: failed,
    orders: placed.map(({ row, order }) => ({ row, status: order.status, ...createdView(payLink, order) })),
  };
}

async function createBatch(ctx: RouteContext<unknown, unknown>): Promise<BatchCreated> {
  const upload = await readBatchUpload(ctx.request, ctx.lang);
  const fields = parseInput(batchFieldsSchema, upload.fields, ctx.lang, 'body') as z.infer<typeof batchFieldsSchema>;
  const text = csvText(upload.file);
  const db = ctx.services.db;
  await checkServiceOn(db);
  const merchant = await findMerchant(db, { mchId: fields.mchId });
  if (!sameKey(fields.key, keyOf(merchant))) fail('signInvalid');
  checkMerchantOpen(merchant);
  return placeBatch(ctx, merchant, fields.orderType, text, { userId: null, ip: ctx.ip });
}

/** The admin's upload names no merchant (the session is the merchant) and no key. */
const merchantBatchFieldsSchema = batchFieldsSchema.pick({ orderType: true });

/**
 * The merchant's upload in the admin: the same file, rules and creation as createBatch, for the
 * signed-in merchant only (the session says who it is, whatever the body names). Offered while
 * ShowBatchButton is on (GET /order/orderUploadFlag), refused while it is off.
 */
async function createMerchantBatch(ctx: RouteContext<unknown, unknown>): Promise<BatchCreated> {
  const upload = await readBatchUpload(ctx.request, ctx.lang);
  const fields = parseInput(merchantBatchFieldsSchema, upload.fields, ctx.lang, 'body') as z.infer<typeof merchantBatchFieldsSchema>;
  const text = csvText(upload.file);
  const db = ctx.services.db;
  if ((await getSetting(db, 'ShowBatchButton')).enable !== true) fail('forbidden');
  await checkServiceOn(db);
  const merchant = await findMerchant(db, { userId: ctx.user.id });
  checkMerchantOpen(merchant);
  return placeBatch(ctx, merchant, fields.orderType, text, { userId: ctx.user.id, ip: ctx.ip });
}

export const batchRoutes = [
  route({
    method: 'POST',
    url: orderApi.createBatch,
    // The merchant's system calls this with no session; mchId and its key say who it is.
    access: 'public',
    refusalsAudited: 'firstPerMinute',
    // The upload is read before any transaction opens; the orders are then written in one.
    transaction: false,
    handler: createBatch,
  }),
  route({
    method: 'POST',
    url: orderApi.merchantBatch,
    access: { action: 'create', subject: 'orderBatch' },
    // Payouts in a file spend the merchant's balance, and any file places orders in its name as
    // its key would: behind the second-level password, as the key itself is.
    ...MONEY_MOVE_GUARD,
    transaction: false,
    handler: createMerchantBatch,
  }),
];
