/** The generic request path's guards against hostile input: depth before parsing, unstorable text in any field. */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, findUnstorable, jsonTooDeep } from '../../server/http/input';

describe('jsonTooDeep', () => {
  const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  it('allows MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(jsonTooDeep(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).toBe(true);
    expect(jsonTooDeep('{"a":[1,{"b":[]}],"c":{}}', 4)).toBe(false);
    expect(jsonTooDeep('{"a":[1,{"b":[]}],"c":{}}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(jsonTooDeep(`{"a":"\\"${'{'.repeat(100)}\\\\"}`)).toBe(false);
    expect(jsonTooDeep(`{"a":"\\"", "b":${arrays(40)}}`)).toBe(true);
  });
});

describe('findUnstorable', () => {
  it('finds NUL and lone surrogates in strings and keys of query- and body-shaped input, naming the first', () => {
    expect(findUnstorable({ account: 'a\u0000' })).toEqual({ path: ['account'], reason: 'controlChar' });
    expect(findUnstorable({ account: '\ud800x' })).toEqual({ path: ['account'], reason: 'loneSurrogate' });
    expect(findUnstorable({ account: ['ok', 'x\udc00'] })).toEqual({ path: ['account', 1], reason: 'loneSurrogate' });
    expect(findUnstorable({ a: 'fine', b: { c: '\udfff', d: '\u0000' } })).toEqual({ path: ['b', 'c'], reason: 'loneSurrogate' });
    expect(findUnstorable({ a: { '\ud800': 1 } })).toEqual({ path: ['a'], reason: 'loneSurrogate' });
    expect(findUnstorable('\u0000')).toEqual({ path: [], reason: 'controlChar' });
  });

  it('accepts well-formed text, surrogate pairs included', () => {
    expect(findUnstorable({ nickname: 'ok \ud83d\ude00 中文', n: 1, b: true, z: null, list: [{ x: 'y' }] })).toBeNull();
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.reason).toBe('controlChar');
  });
});
