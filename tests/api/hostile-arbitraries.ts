/**
 * Hostile payloads for a route, derived from the zod schema the server validates it with: the
 * schema's own field names, each given values of its own kind at and past its bounds, values of the
 * wrong kind, and the classic attacks (SQL, script tags, CSV formulas, unicode tricks, NUL, huge and
 * negative numbers). Payloads are JSON text, so they can carry what JSON.stringify cannot (1e309).
 */
import fc from 'fast-check';
import type { z } from 'zod';

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'other';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A pipe's type: what it validates, past a preprocessing transform (z.preprocess pipes one into the schema). */
const pipeTarget = (def: Def) => (def.in && defOf(def.in).type === 'transform' ? def.out : def.in);

/** The schema without its wrappers (optional, nullable, default, preprocess, pipe...). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? pipeTarget(def) : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

const KINDS: Record<string, FieldKind> = { string: 'string', number: 'number', bigint: 'number', int: 'number', boolean: 'boolean', array: 'array', object: 'object', enum: 'string', literal: 'other' };

/** The fields of an object schema (a union's options merged), with the kind each one expects. */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, FieldKind> {
  if (!schema) return {};
  const def = defOf(unwrap(schema));
  if (def.type === 'union' && def.options) return Object.assign({}, ...def.options.map(fieldsOf));
  if (def.type !== 'object' || !def.shape) return {};
  return Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, KINDS[defOf(unwrap(field)).type] ?? 'other']));
}

/** Raw JSON texts of values: the attacks every text field must survive. */
const HOSTILE_TEXT = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "1' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|',
  'a\u0000b',
  '\u0000',
  '\u202egnp.exe',
  '\ufeff\u200b',
  'Ａｄｍｉｎ',
  '𝕏🙂',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '%00%27',
  ' ',
  '',
  'null',
  'NaN',
  '-1',
  '0x10',
  '1e309',
].map((s) => JSON.stringify(s));

const HOSTILE_NUMBERS = ['0', '-1', '-0', '1.5', '0.0001', '2147483648', '9007199254740993', '-9007199254740993', '1e308', '1e309', '-1e309', '5e-324', '1E2'];
const WRONG_TYPES = ['null', 'true', 'false', '[]', '{}', '[1,2]', '{"$gt":""}', '{"__proto__":{"admin":true}}', '"1"', '" 7 "'];

/** A value of a field of this kind, as JSON text: mostly hostile for its kind, sometimes any. */
function hostileValue(kind: FieldKind): fc.Arbitrary<string> {
  const text = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)), fc.integer({ min: 256, max: 20_000 }).map((n) => JSON.stringify('x'.repeat(n))));
  const number = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)));
  const wrong = fc.constantFrom(...WRONG_TYPES);
  const own = kind === 'number' ? number : kind === 'string' ? text : kind === 'boolean' ? fc.constantFrom('0', '1', '"true"', '"false"') : kind === 'array' ? fc.constantFrom('[null]', '[{}]', '["x"]', `[${'1,'.repeat(9999)}1]`) : wrong;
  return fc.oneof({ arbitrary: own, weight: 3 }, { arbitrary: text, weight: 1 }, { arbitrary: number, weight: 1 }, { arbitrary: wrong, weight: 1 });
}

/** A query string value (text only): the same attacks and numbers, URL-encoded by the caller. */
function hostileQueryValue(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...HOSTILE_TEXT.map((t) => JSON.parse(t) as string), ...HOSTILE_NUMBERS), fc.string({ maxLength: 30 }));
}

/**
 * A body for the schema's fields: each field present or not with a hostile value, plus at times a
 * field the schema does not know; as JSON text.
 */
export function hostileBody(fields: Record<string, FieldKind>): fc.Arbitrary<string> {
  const keys = Object.keys(fields);
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue(fields[k])])), { requiredKeys: [] });
  const extra = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'role', 'x'), hostileValue('other')), { nil: undefined });
  return fc.tuple(known, extra).map(([values, more]) => {
    const pairs = Object.entries(values).map(([k, v]) => `${JSON.stringify(k)}:${v}`);
    if (more) pairs.push(`${JSON.stringify(more[0])}:${more[1]}`);
    return `{${pairs.join(',')}}`;
  });
}

/** A query for the schema's fields: some of them, each with a hostile text. */
export function hostileQuery(fields: Record<string, FieldKind>): fc.Arbitrary<Record<string, string>> {
  const keys = Object.keys(fields).length ? Object.keys(fields) : ['id'];
  return fc.record(Object.fromEntries(keys.map((k) => [k, hostileQueryValue()])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
}
