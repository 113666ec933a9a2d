/**
 * Exact decimal scaling for money, USDT and rates. Amounts travel as integers of minor units
 * (cents) or micro units (USDT), so all conversions work on digit strings and bigint: no float
 * arithmetic ever touches a stored amount (0.07 * 100 must be 7, not 7.000000000000001).
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Parses "19.99" / 19.99 into its sign, integer digits and fraction digits. */
function parts(value: string | number): { negative: boolean; int: string; frac: string } {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal number: ${value}`);
  return { negative: m[1] === '-', int: m[2] || '0', frac: m[3] ?? '' };
}

/** A JS number as plain decimal text (no exponent), using the shortest round-trip form. */
function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** Is this text a decimal number with at most `maxDecimals` fraction digits? */
export function isDecimal(value: unknown, maxDecimals = 20): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  try {
    return parts(value).frac.length <= maxDecimals;
  } catch {
    return false;
  }
}

/**
 * Multiplies a decimal by 10^exp exactly and returns an integer (bigint).
 * Digits beyond the scale are truncated toward zero (callers validate precision first).
 */
export function scaleToInt(value: string | number, exp: number): bigint {
  const { negative, int, frac } = parts(value);
  const digits = int + frac.padEnd(exp, '0').slice(0, exp);
  const n = BigInt(digits || '0');
  return negative ? -n : n;
}

/** Divides an integer by 10^exp exactly and returns decimal text with `exp` fraction digits. */
function scaleFromInt(value: bigint | number | string, exp: number): string {
  let n = BigInt(value);
  const negative = n < 0n;
  if (negative) n = -n;
  const s = n.toString().padStart(exp + 1, '0');
  const text = exp === 0 ? s : `${s.slice(0, -exp)}.${s.slice(-exp)}`;
  return negative ? `-${text}` : text;
}

/** Adds a decimal offset exactly: addDecimal("19.99", "0.0001") = "19.9901". */
export function addDecimal(a: string | number, b: string | number): string {
  const pa = parts(a);
  const pb = parts(b);
  const exp = Math.max(pa.frac.length, pb.frac.length);
  const sum = scaleToInt(a, exp) + scaleToInt(b, exp);
  return trimZeros(scaleFromInt(sum, exp));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Minor units (cents) to display text: 1999 -> "19.99". */
export const minorToMajor = (minor: bigint | number | string): string => scaleFromInt(minor, 2);
/** Display text to minor units: "19.99" -> 1999. */
export const majorToMinor = (major: string | number): number => Number(scaleToInt(major, 2));
/** USDT micro units to display text: 1500000 -> "1.500000". */
export const microToUsdt = (micro: bigint | number | string): string => scaleFromInt(micro, 6);
/** USDT text to micro units: "1.5" -> 1500000. */
export const usdtToMicro = (usdt: string | number): number => Number(scaleToInt(usdt, 6));

/** Grouped display of minor units: 123456789 -> "1,234,567.89". */
export function formatMinor(minor: bigint | number | string | null | undefined): string {
  if (minor === null || minor === undefined || minor === '') return '-';
  const [int, frac] = minorToMajor(minor).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** A rate as per mille text: 0.005 -> "5‰". */
export function formatRate(rate: string | number | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '-';
  return `${trimZeros(scaleFromInt(scaleToInt(rate, 6) * 1000n, 6))}‰`;
}
