/**
 * The platform API's list and payload conventions (paging, blank filters as null, time format, amount
 * and USDT scaling), as pure functions (no React, no fetch), so the data provider, the custom screens
 * and the tests all share one implementation.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { addDecimal, scaleToInt } from '../../providers/money';
import { HIDDEN_STATUS_ID } from '../../resources/orders/statuses';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const MAIN_PRODUCT_ID = 3024;
const USDT_SCALE = 6;

/** Fields whose filter value gets +0.0001 (the platform's amount-filter convention). */
const AMOUNT_FILTERS = new Set(['amount', 'currentReceivedMoney']);

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

/** A switch is on when true, or "true" as the URL gives it back after a reload. */
const isOn = (value: FilterValue) => value === true || value === 'true';

export interface ListQueryOptions {
  /** Order lists: hide status 10 unless `showAll` is set. */
  orderList?: boolean;
}

/**
 * Turns a flat filter object into the query the API expects:
 * blank -> null; times formatted; amount/currentReceivedMoney +0.0001; usdtCount x1e6;
 * `mainProduct` flag -> mainProductId 3024; `showAll` flag -> notInOrderStatusIds [10] or null.
 */
export function toListQuery(filters: Record<string, FilterValue>, options: ListQueryOptions = {}): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  for (const [key, raw] of Object.entries(filters)) {
    if (key === 'mainProduct' || key === 'showAll') continue;
    const value = normalizeValue(raw);
    if (value !== null && AMOUNT_FILTERS.has(key)) out[key] = addDecimal(String(value), '0.0001');
    else if (value !== null && key === 'usdtCount') out[key] = Number(scaleToInt(String(value), USDT_SCALE));
    else out[key] = value;
  }
  if ('mainProduct' in filters) out.mainProductId = isOn(filters.mainProduct) ? MAIN_PRODUCT_ID : null;
  if (options.orderList) out.notInOrderStatusIds = isOn(filters.showAll) ? null : [HIDDEN_STATUS_ID];
  return out;
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
