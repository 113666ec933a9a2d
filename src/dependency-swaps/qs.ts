/**
 * What Refine imports as `qs` in the admin's build (scripts/dependency-swaps.ts): qs-esm's parse (a
 * fork of qs without the polyfill packages qs pulls in) and a stringify of our own.
 *
 * Refine writes a list's filters, sorters and page into its URL with qs's stringify told not to
 * encode anything (`encode: false`), so a filter value holding `&`, `#`, `+`, `=` or `%` came back
 * cut or changed when the URL was read again (a reload, a link, the browser's back): "A&B" was
 * searched as "A". This stringify writes the same query (nested names in brackets, array items by
 * index, nulls and undefined left out, dates as ISO text), with those characters and control
 * characters percent-encoded in names and values, which qs's parse decodes. The rest stays as it
 * is (spaces, CJK text, colons), for a URL an operator can read. Refine's `to` (the page to return
 * to after login) is written already encoded by Refine: it is left as given.
 */
import { parse } from 'qs-esm';

/** What a query value cannot hold as it is: qs's separators, its `+` for a space, the percent sign, controls. */
// eslint-disable-next-line no-control-regex -- control characters are among what it finds
const UNSAFE = /[%&#+=\u0000-\u001f\u007f]/g;
const escape = (text: string) => text.replace(UNSAFE, encodeURIComponent);

/** qs's own limit on nesting when it writes (it throws beyond it; a cycle would never end). */
const MAX_DEPTH = 20;

interface Options {
  addQueryPrefix?: boolean;
}

function write(value: unknown, name: string, pairs: string[], depth: number, raw: boolean): void {
  if (depth > MAX_DEPTH) throw new RangeError('Cyclic object value or input too deep');
  const plain = value instanceof Date ? value.toISOString() : value;
  if (plain === undefined || plain === null || typeof plain === 'function') return;
  if (typeof plain !== 'object') {
    const text = String(plain);
    pairs.push(`${name}=${raw ? text : escape(text)}`);
    return;
  }
  for (const key of Object.keys(plain)) write((plain as Record<string, unknown>)[key], `${name}[${escape(key)}]`, pairs, depth + 1, raw);
}

function stringify(query: unknown, options: Options = {}): string {
  if (typeof query !== 'object' || query === null) return '';
  const pairs: string[] = [];
  for (const key of Object.keys(query)) write((query as Record<string, unknown>)[key], escape(key), pairs, 0, key === 'to');
  const text = pairs.join('&');
  return text && options.addQueryPrefix ? `?${text}` : text;
}

export default { parse, stringify };
