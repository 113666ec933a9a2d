/**
 * Hostile-input guards of the generic request path, run before anything walks or parses a request
 * deeper: a JSON body nested beyond MAX_JSON_DEPTH is refused by the body parser itself (a
 * recursive walk or schema parse of a 5,000-deep body overflows the stack), and text PostgreSQL
 * cannot store (NUL, lone UTF-16 surrogates) is found by an iterative walk, naming where it is.
 */
import type { FastifyInstance } from 'fastify';

/** Deepest nesting of objects and arrays a JSON body may have; real bodies stay below 5. */
export const MAX_JSON_DEPTH = 32;

/** Fastify's error code convention, so app.ts maps it to a catalogue reason like its own refusals. */
export const BODY_TOO_DEEP = 'BODY_TOO_DEEP';

/**
 * Does raw JSON text nest objects/arrays deeper than `max`? One pass over the characters, brackets
 * inside strings ignored. Text that is not JSON may be miscounted; the JSON parser refuses it anyway.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser with one that checks the depth first, then parses as Fastify does (prototype poisoning refused). */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) return done(Object.assign(new Error('JSON body nested too deep'), { statusCode: 400, code: BODY_TOO_DEEP }), undefined);
    parseJson(request, text, done);
  });
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type Unstorable = { path: (string | number)[]; reason: 'controlChar' | 'loneSurrogate' };

const textFault = (text: string): Unstorable['reason'] | null => (text.includes('\u0000') ? 'controlChar' : LONE_SURROGATE.test(text) ? 'loneSurrogate' : null);

/** A visited value; its path is rebuilt from the parents only on a hit, so the walk stays linear at any depth. */
type Node = { value: unknown; key?: string | number; parent?: Node };

const pathOf = (node: Node | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let n = node; n && n.key !== undefined; n = n.parent) path.unshift(n.key);
  return path;
};

/**
 * The first string or key holding text PostgreSQL cannot store, with its path and the
 * validation.* reason, or null. Iterative (an explicit stack), so no input depth overflows it.
 */
export function findUnstorable(value: unknown): Unstorable | null {
  const stack: Node[] = [{ value }];
  while (stack.length) {
    const node = stack.pop()!;
    const item = node.value;
    if (typeof item === 'string') {
      const reason = textFault(item);
      if (reason) return { path: pathOf(node), reason };
    } else if (item && typeof item === 'object') {
      const entries: [string | number, unknown][] = Array.isArray(item) ? [...item.entries()] : Object.entries(item);
      // A bad key is named by where it sits: the key itself is the text that cannot be shown.
      for (const [key] of entries) {
        const reason = typeof key === 'string' ? textFault(key) : null;
        if (reason) return { path: pathOf(node), reason };
      }
      // Reversed, so the walk visits fields in order and names the first bad one.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: node });
    }
  }
  return null;
}
