/**
 * The bank files of a template (resources/payout-batches/templates.ts): the export's header and
 * rows, written by ../http/csv-write.ts (formulas neutralised), and the bank's result file read
 * back with csv-parse into (row number, reference, paid?, the bank's reference and remark) and the
 * rows it cannot be taken at, each with its fault.
 */
import { parse } from 'csv-parse/sync';
import { minorToMajor, microToUsdt } from '../../providers/money.js';
import type { BatchTemplate, CellFormat, TemplateColumn } from '../../resources/payout-batches/templates.js';
import { AppError, fail } from '../errors.js';
import { writeCsv } from '../http/csv-write.js';
import { t } from '../i18n.js';
import type { Language } from '../../providers/languages.js';
import type { OrderRow } from '../orders/order-row.js';
import { signable } from '../../resources/common/rules.js';

const pad = (n: number) => String(n).padStart(2, '0');

function formatted(value: string | number | Date | null | undefined, format?: CellFormat): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const [y, m, d] = [value.getFullYear(), pad(value.getMonth() + 1), pad(value.getDate())];
    return format === 'YYYYMMDD' ? `${y}${m}${d}` : `${d}/${m}/${y}`;
  }
  if (format === 'major2') return minorToMajor(value);
  if (format === 'usdt6') return microToUsdt(value);
  return String(value);
}

function cellOf(column: TemplateColumn, order: OrderRow, valueDate: Date): string {
  const extras = (order.extras ?? {}) as Record<string, string | undefined>;
  switch (column.source) {
    case 'fixed':
      return column.value ?? '';
    case 'valueDate':
      return formatted(valueDate, column.format);
    case 'merchantOrderNo':
      return order.merchantOrderNo;
    case 'bankName':
      return extras.bankName ?? '';
    default:
      return formatted(order[column.source], column.format);
  }
}

export const headerLine = (template: BatchTemplate): string => writeCsv([template.columns.map((c) => c.header)]);

/** The rows of `orders` in the template's columns (CSV text, one line each). */
export const rowLines = (template: BatchTemplate, orders: readonly OrderRow[], valueDate: Date): string =>
  orders.length ? writeCsv(orders.map((o) => template.columns.map((c) => cellOf(c, o, valueDate)))) : '';

/** The export's file name: batch number and template, so a bank operator sees which is which. */
export const exportFileName = (batchNo: string, template: BatchTemplate) => `${batchNo}-${template.id}.csv`;

export interface ResultRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  reference: string;
  paid: boolean;
  /** The bank's reference of a paid row, when the file has one. */
  utr?: string;
  /** The bank's own remark, when the file has one. */
  remark?: string;
}

/** Why a row cannot be read: its cells are not the header's, or one column holds what cannot be taken. */
export type RowFault = 'cells' | 'reference' | 'duplicate' | 'notInBatch' | 'status' | 'utr' | 'remark';

export interface RowProblem {
  row: number;
  /** The column at fault (none when the row's cells do not match the header). */
  column: string | null;
  fault: RowFault;
}

/** The rows a result file says, and the rows it cannot be taken at. */
export interface ResultFile {
  rows: ResultRow[];
  problems: RowProblem[];
}

/** The bank's reference is sent in the payout's signed callback: no & or = (../orders/sign.ts), and as long as a UTR may be. */
const MAX_UTR = 64;
/** As long as an operator's own reject reason may be. */
const MAX_REMARK = 200;

/** A file's refusal at its first unreadable row, as the upload has always answered it: "Row 3 is not standard: Debit Ref". */
export const rowError = (lang: Language, problem: RowProblem) =>
  new AppError('rowNotStandard', { row: problem.row }, `${t('errors.rowNotStandard', lang, { row: problem.row })}: ${problem.column ?? t('validation.format', lang)}`);

/**
 * Reads the result file: refused whole when it is not CSV text (formatParsingFailed) or has another
 * header (fileTypeError); otherwise every row is read or named with its fault, so a preview can list
 * them all and the upload refuse the file at the first.
 */
export function readResultFile(template: BatchTemplate, text: string): ResultFile {
  const spec = template.result ?? fail('templateNoUpload');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: true }) as unknown as typeof records;
  } catch {
    return fail('formatParsingFailed');
  }
  if (!records.length) return fail('formatParsingFailed');
  const [header, ...lines] = records;
  if (!lines.length) return fail('formatParsingFailed');
  if (header.record.length !== spec.header.length || header.record.some((h, i) => h !== spec.header[i])) fail('fileTypeError');
  const at = (column: string | undefined) => (column ? spec.header.indexOf(column) : -1);
  const [refAt, statusAt, utrAt, remarkAt] = [at(spec.referenceColumn), at(spec.statusColumn), at(spec.utrColumn), at(spec.remarkColumn)];
  const seen = new Set<string>();
  const file: ResultFile = { rows: [], problems: [] };
  for (const { record, info } of lines) {
    const row = info.lines;
    const problem = (column: string | null, fault: RowFault) => file.problems.push({ row, column, fault });
    if (record.length !== spec.header.length) {
      problem(null, 'cells');
      continue;
    }
    const reference = record[refAt];
    const status = record[statusAt].toUpperCase();
    const utr = utrAt >= 0 ? record[utrAt] : '';
    const remark = remarkAt >= 0 ? record[remarkAt] : '';
    if (!reference) problem(spec.referenceColumn, 'reference');
    else if (seen.has(reference)) problem(spec.referenceColumn, 'duplicate');
    else if (!spec.paid.includes(status) && !spec.refused.includes(status)) problem(spec.statusColumn, 'status');
    else if (utr.length > MAX_UTR || !signable(utr)) problem(spec.utrColumn!, 'utr');
    else if (remark.length > MAX_REMARK) problem(spec.remarkColumn!, 'remark');
    else file.rows.push({ row, reference, paid: spec.paid.includes(status), ...(utr ? { utr } : {}), ...(remark ? { remark } : {}) });
    if (reference) seen.add(reference);
  }
  return file;
}
