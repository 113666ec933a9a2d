/**
 * How every CSV the server writes is stringified (list exports, bank files): Windows line ends; a
 * cell starting with = + - @, a tab or a carriage return (or their full-width forms) prefixed with '
 * so a spreadsheet never runs it as a formula; and a cell holding a lone CR or LF quoted, since
 * csv-stringify quotes only the record delimiter itself (CRLF) and an unquoted line break would
 * start a new row whose first cell escaped the check. Bank files are written whole (a few hundred
 * rows, stored with their batch); list exports stream, row by row, after a UTF-8 byte order mark
 * so spreadsheets read the names right.
 */
import { stringify } from 'csv-stringify/sync';
import { stringify as stringifyStream, type Stringifier } from 'csv-stringify';

const OPTIONS = { escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

export const writeCsv = (rows: readonly (readonly string[])[]): string => stringify(rows as string[][], OPTIONS);

/** A stream that takes rows (arrays of cells) and gives the CSV text, byte order mark first. */
export const csvStream = (): Stringifier => stringifyStream({ ...OPTIONS, bom: true });
