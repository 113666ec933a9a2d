import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTag, closeTags, HOME_KEY, initialTags, labelTag, openTag, restoreTags, showing, urlOf, type TagState } from '../../src/shell/tags/tagState';

const open = (...keys: string[]): TagState => keys.reduce((s, key) => openTag(s, { url: key, name: key.slice(1) }), initialTags());
const keys = (s: TagState) => s.tags.map((t) => t.key);

describe('tag bar state', () => {
  it('starts with home; a query only switches a view of the same screen, and the tag goes back to it', () => {
    const s = open('/a', '/messages?tab=unread', '/messages?tab=read', '/messages?tab=trash', '/a');
    expect(keys(s)).toEqual([HOME_KEY, '/a', '/messages']);
    expect(s.active).toBe('/a');
    expect(urlOf(s, '/messages')).toBe('/messages?tab=trash');
    expect(urlOf(s, '/a')).toBe('/a');
  });

  it('gives each record its own tag, named once the screen loaded it', () => {
    let s = open('/m/edit/8', '/m/edit/9?tab=x');
    expect(keys(s)).toEqual([HOME_KEY, '/m/edit/8', '/m/edit/9']);
    s = labelTag(s, '/m/edit/9', 'agent03');
    expect(s.tags[2].label).toBe('agent03');
    // Another view of the same record keeps its name; an unknown key changes nothing.
    s = openTag(s, { url: '/m/edit/9?tab=y', name: 'm', action: 'edit', id: '9' });
    expect(s.tags[2]).toEqual({ key: '/m/edit/9', url: '/m/edit/9?tab=y', name: 'm', action: 'edit', id: '9', label: 'agent03' });
    expect(labelTag(s, '/zzz', 'x')).toBe(s);
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

  it('a close acts on the page shown even before the bar activated its tag', () => {
    // The router shows /a while the bar still marks /c (its effect has not run yet).
    const s = open('/a', '/b', '/c');
    expect(closeTag(showing(s, '/a'), '/a').active).toBe('/b');
    expect(showing(s, '/zzz')).toBe(s);
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
    const next = openTag(s, { url: '/b?page=2', name: 'b' });
    expect(keys(next)).toEqual([HOME_KEY, '/a', '/b']);
    expect(urlOf(next, '/b')).toBe('/b?page=2');
  });

  it('restores a saved state and repairs a broken one', () => {
    const s = open('/a', '/b');
    expect(restoreTags(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(restoreTags(null)).toEqual(initialTags());
    expect(restoreTags({ tags: [{ key: '/a', name: 'a' }, { key: 'bad' }, { key: '/a', name: 'a' }], active: '/zzz' })).toEqual({
      tags: [{ key: HOME_KEY, name: 'home' }, { key: '/a', name: 'a' }],
      active: HOME_KEY,
    });
    // A bar saved when the query was part of the key: one tag per path, the first URL kept.
    expect(restoreTags({ tags: [{ key: '/m?tab=read', name: 'm' }, { key: '/m?tab=trash', name: 'm' }], active: '/m?tab=trash' })).toEqual({
      tags: [{ key: HOME_KEY, name: 'home' }, { key: '/m', url: '/m?tab=read', name: 'm' }],
      active: '/m',
    });
  });
});
