/**
 * How a list filter travels, by its field's declaration and never by its name: the admin turns what
 * the filter form holds into the query with `filterQuery` (src/providers/data.ts), and the server
 * parses that query back with `listQueryOf` (./list-query.ts), both reading the same field:
 *  - money: major units as decimal text plus 0.0001 (the platform's amount-filter convention);
 *    the server takes up to MONEY_FILTER_DECIMALS decimals and keeps the cents;
 *  - usdt: micro units, plain digits (the typed USDT times 10^6);
 *  - a `filterSwitch`: the value its declaration gives for on or off, under the filter's own name;
 *  - a range: its start and end names, times already as text;
 *  - anything else as typed.
 * Free of zod and React: the admin's data provider and the server both import it.
 */
import type { FieldDeclaration } from '../types';
import { addDecimal, isDecimal, usdtToMicro } from '../../providers/money';
import { filterKey, rangeKeys } from './filter-keys';

/** What the admin adds to a money filter (the platform's convention), and the decimals the server takes. */
export const MONEY_FILTER_NUDGE = '0.0001';
export const MONEY_FILTER_DECIMALS = 4;

/** A switch is on when true, or "true" as the URL gives it back after a reload. */
const isOn = (value: unknown) => value === true || value === 'true';

/**
 * One typed value as it travels. Text that is no decimal goes as typed, so the server refuses it
 * naming the field instead of the admin failing before the call.
 */
function wireValue(field: FieldDeclaration, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => wireValue(field, v));
  if ((field.type !== 'money' && field.type !== 'usdt') || !isDecimal(value)) return value;
  return field.type === 'money' ? addDecimal(value as string | number, MONEY_FILTER_NUDGE) : usdtToMicro(value as string | number);
}

/** The form's (or the URL's) name of a field's filter: its switch, else its query name. */
export const filterInputName = (field: FieldDeclaration): string => field.filterSwitch?.name ?? filterKey(field);

/**
 * The query of a list call from the filters the form holds (`values`, by input name, blanks already
 * null). A switch's `off` value goes even when the form never touched it (the order lists leave
 * status 10 out from the first call). Names no declared filter uses pass as they are.
 */
export function filterQuery(fields: readonly FieldDeclaration[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const used = new Set<string>();
  for (const field of fields) {
    if (!field.filter) continue;
    if (field.filter === 'range') {
      for (const key of rangeKeys(field)) if (key in values) out[key] = values[key];
      rangeKeys(field).forEach((k) => used.add(k));
      continue;
    }
    const key = filterKey(field);
    const sw = field.filterSwitch;
    if (sw) {
      used.add(sw.name);
      const sent = isOn(values[sw.name]) ? sw.on : sw.off;
      if (sent !== undefined || sw.name in values) out[key] = sent ?? null;
      continue;
    }
    used.add(key);
    if (key in values) out[key] = wireValue(field, values[key]);
  }
  for (const [key, value] of Object.entries(values)) if (!used.has(key)) out[key] = value;
  return out;
}
