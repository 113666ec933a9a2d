/**
 * The platform's signature (DESIGN section 4): uppercase hex MD5 of the ASCII-sorted `k=v` pairs of
 * every non-empty parameter except `sign`, joined with `&`, then `&key=<merchant key>`. Orders
 * coming in and callbacks going out are signed the same way.
 *
 * The pairs are not escaped (the spec's rule, which merchants implement), so a value holding `&`
 * or `=` could be read as other fields under the same sign: such a value is refused at every input
 * a signed payload carries (resources/common/rules.ts signable), and never signed here.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { signable } from '../../resources/common/rules.js';

type Params = Record<string, unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A value the sign cannot cover unambiguously: no sign is made over it, none accepted. */
export class UnsignableValue extends Error {
  constructor(readonly field: string) {
    super(`${field} holds & or =, which the sign cannot tell from its own separators`);
  }
}

/** The text the sign is the MD5 of (the merchant API document shows it beside its examples). */
export function signedText(params: Params, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && !isEmpty(params[k]))
    .sort()
    .map((k) => {
      const value = typeof params[k] === 'object' ? JSON.stringify(params[k]) : String(params[k]);
      if (!signable(value)) throw new UnsignableValue(k);
      return `${k}=${value}`;
    })
    .join('&');
  return `${text}&key=${key}`;
}

export function signOf(params: Params, key: string): string {
  return createHash('md5').update(signedText(params, key), 'utf8').digest('hex').toUpperCase();
}

/** Compares in constant time; a missing or malformed sign is simply wrong, and so is any sign over a value holding `&` or `=`. */
export function verifySign(params: Params, key: string): boolean {
  const given = typeof params.sign === 'string' ? params.sign.toUpperCase() : '';
  let expected: string;
  try {
    expected = signOf(params, key);
  } catch (error) {
    if (error instanceof UnsignableValue) return false;
    throw error;
  }
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
