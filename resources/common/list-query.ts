/**
 * The list query of a declared entity, built from the fields it marks `filter`: paging, sorting
 * and one rule per filter by its mode and type. The server parses requests with it (server/crud),
 * so a filter is declared once, on its field; how each type travels is ./filter-wire.ts, which
 * the admin's data provider follows.
 */
import { z } from 'zod';
import type { FieldDeclaration } from '../types';
import { scaleToInt } from '../../providers/money';
import { filterBoolean, filterNumber, filterText, fromQuery, paging } from './rules';
import { filterKey, rangeKeys } from './filter-keys';
import { MONEY_FILTER_DECIMALS } from './filter-wire';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A time filter in the platform's format, `YYYY-MM-DD HH:mm:ss`. */
export const timeText = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'format').optional());

/**
 * A money filter: major units as decimal text with at most 4 decimals (the admin sends the amount
 * plus 0.0001, ./filter-wire.ts), read back to the minor units it names by dropping the digits
 * past the cent. Exact digit arithmetic: "19.9901" is 1999, never 1998.
 */
const moneyFilter = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,13}(\\.\\d{1,${MONEY_FILTER_DECIMALS}})?$`), 'format')
    .transform((v) => Number(scaleToInt(v, 2)))
    .optional(),
);

/** A usdt filter: micro units (the admin sends the typed USDT times 1e6, ./filter-wire.ts), plain digits. */
const microFilter = fromQuery(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), false).optional();

/** One value of an exact, in-set or not-in filter, by the field's type. */
function valueRule(field: FieldDeclaration): z.ZodType {
  if (field.type === 'boolean') return filterBoolean;
  if (field.type === 'money') return moneyFilter;
  if (field.type === 'usdt') return microFilter;
  const values = field.options && 'values' in field.options ? field.options.values : undefined;
  if (values?.length && typeof values[0] === 'number') {
    const allowed = values as readonly number[];
    return fromQuery(z.number().refine((v) => allowed.includes(v), 'option'), true).optional();
  }
  if (values?.length) return z.preprocess(blank, z.enum(values as [string, ...string[]], { error: 'option' }).optional());
  if (field.type === 'enum' || field.type === 'number') return filterNumber;
  return filterText;
}

/** Several values: `?x=1&x=2` arrives as an array, `?x=1` as one value; at most 100 of them. */
function listRule(field: FieldDeclaration): z.ZodType {
  const list = z.array(valueRule(field).pipe(z.any().refine((v) => v !== undefined, 'required'))).max(100, 'tooBig');
  return z.preprocess((v) => (blank(v) === undefined ? undefined : Array.isArray(v) ? v : [v]), list.optional());
}

function filterRule(field: FieldDeclaration): z.ZodType {
  switch (field.filter) {
    case 'withDeleted':
      return filterBoolean;
    case 'contains':
    case 'prefix':
      return filterText;
    case 'in':
    case 'notIn':
      return listRule(field);
    default:
      return valueRule(field);
  }
}


/** The sortable fields of a list; sortField must name one of them. */
const sortableFields = (fields: readonly FieldDeclaration[]): string[] => fields.filter((f) => f.sortable).map((f) => f.name);

export function listQueryOf(fields: readonly FieldDeclaration[]) {
  const shape: Record<string, z.ZodType> = { ...paging };
  const ranges: (readonly [string, string])[] = [];
  for (const field of fields) {
    if (!field.filter) continue;
    if (field.filter === 'range') {
      const [start, end] = rangeKeys(field);
      shape[start] = timeText;
      shape[end] = timeText;
      ranges.push([start, end]);
    } else shape[filterKey(field)] = filterRule(field);
  }
  const sortable = sortableFields(fields);
  if (sortable.length) {
    shape.sortField = z.preprocess(blank, z.enum(sortable as [string, ...string[]], { error: 'option' }).optional());
    shape.sortOrder = z.preprocess(blank, z.enum(['asc', 'desc'], { error: 'option' }).optional());
  }
  return z.object(shape).superRefine((q, ctx) => {
    const values = q as Record<string, string | undefined>;
    for (const [start, end] of ranges) {
      if (values[start] && values[end] && values[start] > values[end]) ctx.addIssue({ code: 'custom', path: [end], message: 'startAfterEnd' });
    }
  });
}
