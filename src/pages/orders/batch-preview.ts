/**
 * The preview of an order batch file: read as the server reads it (csv-parse with the same
 * options, rows numbered alike, resources/orders/batch-file.ts) and checked with the same row
 * schema, so what it lists as refused the server refuses too. Unlike the server, which stops at
 * the first bad row, it names every one, so a file is fixed in one go.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { batchRowSchema } from '../../../resources/orders/create-schema';
import { BATCH_PARSE_OPTIONS, headerProblem, MAX_BATCH_ROWS, productFitsOrderType, rowValues, type BatchOrderType } from '../../../resources/orders/batch-file';
import { issueReason } from '../../../resources/common/messages';

/** One refusal: its row (the header is row 1), the column when one is at fault, and the reason (a locale key and its parameters). */
export interface BatchProblem {
  row: number;
  field?: string;
  key: string;
  params: Record<string, string | number>;
}

export interface PreviewRow {
  row: number;
  values: Record<string, string>;
  /** The row has no problem of its own. */
  ok: boolean;
}

export interface BatchPreview {
  rows: PreviewRow[];
  problems: BatchProblem[];
}

type Records = { record: string[]; info: { lines: number } }[];

const fileProblem = (row: number, key: string, params: Record<string, string | number> = {}, field?: string): BatchPreview => ({ rows: [], problems: [{ row, field, key, params }] });

/** Each row's values and every refusal of the file. */
export function previewBatch(text: string, orderType: BatchOrderType): BatchPreview {
  let records: Records;
  try {
    records = parse(text, BATCH_PARSE_OPTIONS) as unknown as Records;
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return fileProblem(typeof line === 'number' ? line : 1, 'validation.format');
  }
  if (!records.length) return fileProblem(1, 'validation.required', {}, 'file');
  const [header, ...rowRecords] = records;
  const columns = header.record;
  const wrong = headerProblem(columns);
  if (wrong) return fileProblem(header.info.lines, 'validation.option', {}, wrong.column);
  if (!rowRecords.length) return fileProblem(1, 'validation.required', {}, 'file');
  if (rowRecords.length > MAX_BATCH_ROWS) return fileProblem(1, 'validation.tooBig', { max: MAX_BATCH_ROWS }, 'file');

  const problems: BatchProblem[] = [];
  const seen = new Set<string>();
  const rows = rowRecords.map(({ record, info }) => {
    const row = info.lines;
    const values = rowValues(columns, record);
    const before = problems.length;
    const parsed = batchRowSchema.safeParse(values, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { key, params } = issueReason(issue);
        problems.push({ row, field: issue.path.map(String).join('.') || undefined, key, params });
      }
    } else if (!productFitsOrderType(parsed.data.productId, orderType)) {
      problems.push({ row, field: 'productId', key: 'validation.orderTypeProduct', params: {} });
    }
    const number = values.mchOrderNo?.trim();
    if (number && seen.has(number)) problems.push({ row, field: 'mchOrderNo', key: 'errors.duplicateOrder', params: { mchOrderNo: number } });
    if (number) seen.add(number);
    return { row, values, ok: problems.length === before };
  });
  return { rows, problems };
}
