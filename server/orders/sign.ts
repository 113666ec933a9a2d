/**
 * The platform's signature (DESIGN section 4): uppercase hex MD5 of the ASCII-sorted `k=v` pairs of
 * every non-empty parameter except `sign`, joined with `&`, then `&key=<merchant key>`. Orders
 * coming in and callbacks going out are signed the same way.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

type Params = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export function signOf(params: Params, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && !isEmpty(params[k]))
    .sort()
    .map((k) => `${k}=${typeof params[k] === 'object' ? JSON.stringify(params[k]) : String(params[k])}`)
    .join('&');
  return createHash('md5').update(`${text}&key=${key}`, 'utf8').digest('hex').toUpperCase();
}

/** Compares in constant time; a missing or malformed sign is simply wrong. */
export function verifySign(params: Params, key: string): boolean {
  const given = typeof params.sign === 'string' ? params.sign.toUpperCase() : '';
  const expected = signOf(params, key);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
