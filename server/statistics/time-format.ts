/**
 * OrderStatisticsTimeFormat (a dayjs-style pattern such as `YYYY-MM-DD`, `YYYY-MM-DD HH:00` or
 * `YYYY-MM`) decides a time split's bucket and its label: hours when it shows the hour, months when
 * it shows no day, days otherwise. The label is written by the database (to_char) from the same
 * pattern; a pattern with anything but these tokens and separators falls back to the default, so a
 * stray letter never reaches to_char as one of its own codes.
 */
export type TimeUnit = 'hour' | 'day' | 'month';

const DEFAULT_FORMAT = 'YYYY-MM-DD';
const ALLOWED = /^(YYYY|MM|DD|HH|mm|[-/.: ])+$/;
const TO_CHAR: Record<string, string> = { YYYY: 'YYYY', MM: 'MM', DD: 'DD', HH: 'HH24', mm: 'MI' };

export interface TimeFormat {
  unit: TimeUnit;
  /** The to_char pattern of a bucket's label. */
  pattern: string;
}

export function timeFormatOf(setting: unknown): TimeFormat {
  const format = typeof setting === 'string' && ALLOWED.test(setting) && setting.includes('YYYY') ? setting : DEFAULT_FORMAT;
  const unit: TimeUnit = format.includes('HH') ? 'hour' : format.includes('DD') ? 'day' : 'month';
  return { unit, pattern: format.replace(/YYYY|MM|DD|HH|mm/g, (token) => TO_CHAR[token]) };
}
