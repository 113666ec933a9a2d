/**
 * The order batch file (POST /api/order/createBatch and the merchant's upload in the admin): its
 * columns, how its header is checked, how a record becomes a row's values, and a template. Read
 * the same way by the server, which refuses the file at its first bad row, and by the admin's
 * preview, which names every bad row before anything is sent. Both parse the text with csv-parse
 * and BATCH_PARSE_OPTIONS, so rows are numbered alike (as a spreadsheet shows them, header row 1).
 */
import { BATCH_COLUMNS, MAX_BATCH_ROWS } from './create-schema';
import { isPayoutProduct } from '../products/catalogue';

export { BATCH_COLUMNS, MAX_BATCH_ROWS };

/** Columns every file must have. */
export const REQUIRED_BATCH_COLUMNS: readonly string[] = ['productId', 'mchOrderNo', 'amount', 'notifyUrl'];

/** csv-parse's options on both sides: `info` gives each record its line, so refusals name the row. */
export const BATCH_PARSE_OPTIONS = { bom: true, skip_empty_lines: true, trim: true, info: true } as const;

/** A file holds collection orders (1) or payouts (2, payout products), never both. */
export type BatchOrderType = '1' | '2';

/**
 * What is wrong with the header, or null: `column` is the first unknown or missing column; a
 * header naming a column twice has none to name.
 */
export function headerProblem(columns: readonly string[]): { column?: string } | null {
  const column = columns.find((c) => !BATCH_COLUMNS.includes(c)) ?? REQUIRED_BATCH_COLUMNS.find((c) => !columns.includes(c));
  if (column !== undefined) return { column };
  return new Set(columns).size !== columns.length ? {} : null;
}

/** A record as the values of its columns; blank cells are left out (an absent optional field). */
export const rowValues = (columns: readonly string[], record: readonly string[]): Record<string, string> => Object.fromEntries(columns.flatMap((c, i) => (record[i] ? [[c, record[i]]] : [])));

/** Whether a row's product belongs to the file's order type. */
export const productFitsOrderType = (productId: number, orderType: BatchOrderType): boolean => isPayoutProduct(productId) === (orderType === '2');

/** The downloadable template: the required columns and the common optional ones, with one example row. */
export const BATCH_TEMPLATE_COLUMNS = ['mchOrderNo', 'productId', 'amount', 'notifyUrl', 'returnUrl', 'subject', 'userName'] as const;
export const batchTemplate = (): string => `${BATCH_TEMPLATE_COLUMNS.join(',')}\r\nORDER0001,1034,10000,https://shop.example.com/notify,,Order 1,Payer Name\r\n`;
