/**
 * The list query of a declared entity, built from the fields it marks `filter`: paging plus one
 * rule per filter by its mode and type. The server parses requests with it (server/crud), so a
 * filter is declared once, on its field.
 */
import { z } from 'zod';
import type { FieldDeclaration } from '../types';
import { filterBoolean, filterNumber, filterText, fromQuery, paging } from './rules';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A time filter in the platform's format, `YYYY-MM-DD HH:mm:ss`. */
export const timeText = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'format').optional());

/** One value of an exact or in-set filter, by the field's type. */
function valueRule(field: FieldDeclaration): z.ZodType {
  if (field.type === 'boolean') return filterBoolean;
  const values = field.options && 'values' in field.options ? field.options.values : undefined;
  if (values?.length && typeof values[0] === 'number') {
    const allowed = values as readonly number[];
    return fromQuery(z.number().refine((v) => allowed.includes(v), 'option'), true).optional();
  }
  if (values?.length) return z.preprocess(blank, z.enum(values as [string, ...string[]], { error: 'option' }).optional());
  if (field.type === 'enum' || field.type === 'number') return filterNumber;
  return filterText;
}

function filterRule(field: FieldDeclaration): z.ZodType {
  switch (field.filter) {
    case 'withDeleted':
      return filterBoolean;
    case 'contains':
      return filterText;
    case 'in': {
      // `?x=1&x=2` arrives as an array, `?x=1` as one value; at most 100 of them.
      const list = z.array(valueRule(field).pipe(z.any().refine((v) => v !== undefined, 'required'))).max(100, 'tooBig');
      return z.preprocess((v) => (blank(v) === undefined ? undefined : Array.isArray(v) ? v : [v]), list.optional());
    }
    default:
      return valueRule(field);
  }
}

/** The query name of a field's filter (`role` is filtered as `access` on the account list). */
export const filterKey = (field: FieldDeclaration): string => field.filterName ?? field.name;

/** The query names of a range filter's start and end: startTime and endTime unless the field names others. */
export const rangeKeys = (field: FieldDeclaration): readonly [string, string] => field.rangeNames ?? ['startTime', 'endTime'];

export function listQueryOf(fields: readonly FieldDeclaration[]) {
  const shape: Record<string, z.ZodType> = { ...paging };
  const ranges = fields.filter((f) => f.filter === 'range').map(rangeKeys);
  for (const field of fields) {
    if (!field.filter) continue;
    if (field.filter === 'range') for (const key of rangeKeys(field)) shape[key] = timeText;
    else shape[filterKey(field)] = filterRule(field);
  }
  return z.object(shape).superRefine((q, ctx) => {
    const values = q as Record<string, string | undefined>;
    for (const [start, end] of ranges) {
      if (values[start] && values[end] && values[start] > values[end]) ctx.addIssue({ code: 'custom', path: [end], message: 'startAfterEnd' });
    }
  });
}
