/**
 * The bank files of a template (resources/payout-batches/templates.ts): the export's header and
 * rows, written by ../http/csv-write.ts (formulas neutralised), and the bank's result file read
 * back with csv-parse into (row number, reference, paid?) or a refusal naming what is wrong.
 */
import { parse } from 'csv-parse/sync';
import { minorToMajor, microToUsdt } from '../../providers/money.js';
import type { BatchTemplate, CellFormat, TemplateColumn } from '../../resources/payout-batches/templates.js';
import { AppError, fail } from '../errors.js';
import { writeCsv } from '../http/csv-write.js';
import { t } from '../i18n.js';
import type { Language } from '../../providers/languages.js';
import type { OrderRow } from '../orders/order-row.js';

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
}

const rowError = (lang: Language, row: number, reason: string) => new AppError('rowNotStandard', { row }, `${t('errors.rowNotStandard', lang, { row })}: ${reason}`);

/** The result file's rows, or the refusal: not CSV text (formatParsingFailed), another header (fileTypeError), a bad row (rowNotStandard). */
export function readResultFile(template: BatchTemplate, text: string, lang: Language): ResultRow[] {
  const spec = template.result ?? fail('templateNoUpload');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: true }) as unknown as typeof records;
  } catch {
    return fail('formatParsingFailed');
  }
  if (!records.length) return fail('formatParsingFailed');
  const [header, ...rows] = records;
  if (header.record.length !== spec.header.length || header.record.some((h, i) => h !== spec.header[i])) fail('fileTypeError');
  const refAt = spec.header.indexOf(spec.referenceColumn);
  const statusAt = spec.header.indexOf(spec.statusColumn);
  const seen = new Set<string>();
  return rows.map(({ record, info }) => {
    const row = info.lines;
    if (record.length !== spec.header.length) throw rowError(lang, row, t('validation.format', lang));
    const reference = record[refAt];
    const status = record[statusAt].toUpperCase();
    if (!reference || seen.has(reference)) throw rowError(lang, row, spec.referenceColumn);
    seen.add(reference);
    if (!spec.paid.includes(status) && !spec.refused.includes(status)) throw rowError(lang, row, spec.statusColumn);
    return { row, reference, paid: spec.paid.includes(status) };
  });
}
