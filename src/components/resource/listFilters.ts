/**
 * The filter form's values and the list's Refine filters, both ways. Filters live in the URL
 * (syncWithLocation), so a reload reads them back as text: `toFormValues` turns them into what the
 * inputs hold again (time ranges, switches, numbers), `toFilters` turns the form into filters.
 * Pure functions, no React.
 */
import type { CrudFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { filterKey, rangeKeys } from '../../../resources/common/filter-keys';
import { filterInputName } from '../../../resources/common/filter-wire';
import type { FieldDeclaration } from '../../../resources/types';
import { TIME_FORMAT } from '../../providers/conventions';

/** The name a field's input has in the filter form (and its filter in the URL). */
export const inputName = filterInputName;

/** The fields the filter form shows an input for. */
export const formFilters = (fields: FieldDeclaration[]): FieldDeclaration[] => fields.filter((f) => f.filter && !f.filterHidden);

const isOn = (value: unknown) => value === true || value === 'true';
const eq = (field: string, value: unknown): CrudFilter => ({ field, operator: 'eq', value: value ?? null });
const timeText = (value: unknown) => (value ? dayjs(value as Dayjs).format(TIME_FORMAT) : null);

/**
 * Form values -> Refine filters: a time range becomes its two names as text, a switch is kept only
 * when on (what off sends is its declaration's, resources/common/filter-wire.ts).
 */
export function toFilters(fields: FieldDeclaration[], values: Record<string, unknown>): CrudFilter[] {
  return formFilters(fields).flatMap((f): CrudFilter[] => {
    const value = values[inputName(f)];
    if (f.filter === 'range') {
      const [start, end] = (value as unknown[] | null | undefined) ?? [];
      const [startKey, endKey] = rangeKeys(f);
      return [
        { field: startKey, operator: 'gte', value: timeText(start) },
        { field: endKey, operator: 'lte', value: timeText(end) },
      ];
    }
    if (f.filterSwitch) return [eq(f.filterSwitch.name, isOn(value) ? true : null)];
    return [eq(filterKey(f), value)];
  });
}

/** Is this field's value a number (an id or a numeric option), so text read from the URL must become one? */
function numeric(field: FieldDeclaration): boolean {
  if (field.type === 'number') return true;
  if (field.type !== 'enum') return false;
  const source = field.options;
  return !source || 'api' in source || typeof source.values[0] === 'number';
}

function formValue(field: FieldDeclaration, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (field.type === 'boolean') return isOn(value);
  if (numeric(field) && typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return value;
}

/** Refine filters (from the URL: text) -> the filter form's values. */
export function toFormValues(fields: FieldDeclaration[], filters: CrudFilter[]): Record<string, unknown> {
  const byName = new Map(filters.flatMap((f) => ('field' in f ? [[f.field, f.value] as const] : [])));
  const values: Record<string, unknown> = {};
  for (const f of formFilters(fields)) {
    if (f.filter === 'range') {
      const [start, end] = rangeKeys(f).map((k) => byName.get(k));
      if (start || end) values[inputName(f)] = [start ? dayjs(String(start)) : null, end ? dayjs(String(end)) : null];
    } else if (f.filterSwitch) {
      if (isOn(byName.get(f.filterSwitch.name))) values[f.filterSwitch.name] = true;
    } else {
      const value = formValue(f, byName.get(filterKey(f)));
      if (value !== undefined) values[inputName(f)] = value;
    }
  }
  return values;
}

/** Does any filter of these fields hold a value (the form opens its folded part when one does)? */
export const anyValue = (fields: FieldDeclaration[], values: Record<string, unknown>): boolean => fields.some((f) => values[inputName(f)] !== undefined);
