import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTag, closeTags, HOME_KEY, initialTags, openTag, replaceActive, restoreTags, type TagState } from '../../src/shell/tags/tagState';

const open = (...keys: string[]): TagState => keys.reduce((s, key) => openTag(s, { key, name: key.slice(1) }), initialTags());
const keys = (s: TagState) => s.tags.map((t) => t.key);

describe('tag bar state', () => {
  it('starts with home, and a path with another query is another tag', () => {
    const s = open('/a', '/a?x=1', '/a');
    expect(keys(s)).toEqual([HOME_KEY, '/a', '/a?x=1']);
    expect(s.active).toBe('/a');
  });

  it('never closes home', () => {
    const s = open('/a');
    expect(closeTag(s, HOME_KEY)).toBe(s);
    expect(keys(closeAll(s))).toEqual([HOME_KEY]);
  });

  it('closing the active tag activates its right neighbour, or its left one when it was last', () => {
    const s = { ...open('/a', '/b', '/c'), active: '/b' };
    expect(closeTag(s, '/b')).toEqual({ tags: [s.tags[0], s.tags[1], s.tags[3]], active: '/c' });
    const last = open('/a', '/b', '/c');
    expect(closeTag(last, '/c').active).toBe('/b');
    expect(closeTag(open('/a'), '/a').active).toBe(HOME_KEY);
  });

  it('closing another tag keeps the active one', () => {
    const s = open('/a', '/b', '/c');
    expect(closeTag(s, '/a')).toMatchObject({ active: '/c' });
    expect(keys(closeTag(s, '/a'))).toEqual([HOME_KEY, '/b', '/c']);
  });

  it('close others acts on the tag clicked, which becomes active', () => {
    const s = open('/a', '/b', '/c', '/d');
    const next = closeOthers(s, '/b');
    expect(keys(next)).toEqual([HOME_KEY, '/b']);
    expect(next.active).toBe('/b');
    expect(keys(closeOthers(s, HOME_KEY))).toEqual([HOME_KEY]);
  });

  it('close all keeps home and goes home', () => {
    expect(closeAll(open('/a', '/b'))).toEqual(initialTags());
  });

  it('closing several tags skips to the nearest survivor', () => {
    const s = { ...open('/a', '/b', '/c', '/d'), active: '/b' };
    expect(closeTags(s, ['/b', '/c']).active).toBe('/d');
    expect(closeTags({ ...s, active: '/d' }, ['/c', '/d']).active).toBe('/b');
  });

  it('follows a screen that rewrites its own query instead of adding a tag', () => {
    const s = open('/a', '/b');
    const next = replaceActive(s, { key: '/b?page=2', name: 'b' });
    expect(keys(next)).toEqual([HOME_KEY, '/a', '/b?page=2']);
    expect(next.active).toBe('/b?page=2');
    expect(keys(replaceActive(s, { key: '/c', name: 'c' }))).toEqual([HOME_KEY, '/a', '/b', '/c']);
  });

  it('drops the replaced tag when the rewritten key is already open (menu entry of an open list)', () => {
    // The list is open with its query; its menu entry opens the bare path, which then rewrites itself.
    const s = open('/a', '/b?page=1', '/c', '/b');
    const next = replaceActive(s, { key: '/b?page=1', name: 'b' });
    expect(keys(next)).toEqual([HOME_KEY, '/a', '/b?page=1', '/c']);
    expect(next.active).toBe('/b?page=1');
  });

  it('restores a saved state and repairs a broken one', () => {
    const s = open('/a', '/b');
    expect(restoreTags(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(restoreTags(null)).toEqual(initialTags());
    expect(restoreTags({ tags: [{ key: '/a', name: 'a' }, { key: 'bad' }, { key: '/a', name: 'a' }], active: '/zzz' })).toEqual({
      tags: [{ key: HOME_KEY, name: 'home' }, { key: '/a', name: 'a' }],
      active: HOME_KEY,
    });
  });
});
