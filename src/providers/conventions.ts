/**
 * The platform API's list and payload conventions (paging, blank filters as null, time format,
 * order and trusted-chain amounts), as pure functions (no React, no fetch), so the data provider,
 * the custom screens and the tests all share one implementation. How each filter travels is its
 * field's declaration (resources/common/filter-wire.ts), never its name.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { scaleToInt } from '../../providers/money';
import { filterQuery } from '../../resources/common/filter-wire';
import type { FieldDeclaration } from '../../resources/types';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type FilterValue = string | number | boolean | Date | Dayjs | null | undefined | FilterValue[];

const isDateLike = (v: unknown): v is Date | Dayjs => v instanceof Date || dayjs.isDayjs(v);

/** Formats a time filter as `YYYY-MM-DD HH:mm:ss` in local (platform) time. */
const formatTime = (value: Date | Dayjs | string | number): string => dayjs(value).format(TIME_FORMAT);

/** Trims text; blank text and empty values become null ("no filter"). */
function normalizeValue(value: FilterValue): FilterValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  if (Array.isArray(value)) return value.length ? value : null;
  if (isDateLike(value)) return formatTime(value);
  return value;
}

/**
 * Turns a flat filter object into the query the API expects: blank -> null, times formatted, then
 * each declared filter as its field says (`fields`: the list's declared fields; money plus 0.0001,
 * usdt in micro units, a switch's on or off value).
 */
export function toListQuery(filters: Record<string, FilterValue>, fields: readonly FieldDeclaration[] = []): Record<string, FilterValue> {
  const normalized = Object.fromEntries(Object.entries(filters).map(([key, raw]) => [key, normalizeValue(raw)]));
  return filterQuery(fields, normalized) as Record<string, FilterValue>;
}

/** Paging parameters: pageIndex is 1-based; the size goes as pageSize or pageNum per resource. */
export function toPaging(current: number, pageSize: number, sizeParam: 'pageSize' | 'pageNum' = 'pageSize') {
  return { pageIndex: current, [sizeParam]: pageSize };
}

/** Order creation: the typed amount in minor units, x10000 for product 1045 (the platform's convention). */
export function orderCreateAmount(amount: string | number, productId: number | string): number {
  return Number(scaleToInt(amount, Number(productId) === 1045 ? 4 : 2));
}

/** Trusted-chain parameters: minReliableCheckAmount is sent x100. */
export function toSecurityFreqPayload<T extends { minReliableCheckAmount: string | number }>(values: T) {
  return { ...values, minReliableCheckAmount: Number(scaleToInt(values.minReliableCheckAmount, 2)) };
}
