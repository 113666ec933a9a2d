/**
 * The formats of identifiers, as plain predicates: UPI ids, http(s) addresses, and text free of
 * characters a person cannot see (wallet addresses, which need hashing, are ./wallet-address.ts).
 * The zod rules of ./rules.ts wrap them, so forms and server refuse the same values;
 * docs/reliability.md ("Identifier formats") describes them.
 */

/**
 * Characters that change how text reads without being seen: C0 and C1 controls (Cc), format
 * characters (Cf: zero-width space and joiners, bidi marks, embeddings, overrides and isolates, the
 * BOM, soft hyphen, tag characters) and the line and paragraph separators. A name holding them can
 * look like another one ("Ravi" and "Ra\u200Bvi") or show reversed ("\u202Etxt.exe").
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
export const hasInvisibleChars = (text: string): boolean => INVISIBLE.test(text);

/**
 * A UPI id (virtual payment address): the account part of 2 to 256 letters, digits, `.`, `_` or
 * `-`, then `@` and the payment provider's handle (`ybl`, `okhdfcbank`): a letter, then letters or
 * digits, 2 to 64 in all.
 */
export const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** An http(s) address with a host and no embedded credentials, written without spaces or invisible characters. */
export function isHttpUrl(text: string): boolean {
  // The URL parser drops a zero-width character from a host ("pay\u200Bpal.com" reads as paypal.com): refuse it instead.
  if (!/^https?:\/\/[^\s]+$/i.test(text) || hasInvisibleChars(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return Boolean(url.hostname) && !url.username && !url.password;
}
