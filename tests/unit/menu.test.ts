import { describe, expect, it } from 'vitest';
import type { TreeMenuItem } from '@refinedev/core';
import { buildMenu, shownAsOnlyChild } from '../../src/shell/menu/buildMenu';

const leaf = (name: string, route: string, extra: Partial<TreeMenuItem> = {}): TreeMenuItem => ({ name, identifier: name, key: route, route, children: [], meta: {}, ...extra }) as TreeMenuItem;
const group = (name: string, children: TreeMenuItem[]): TreeMenuItem => ({ name, identifier: name, key: name, children, meta: {} }) as TreeMenuItem;

const tree = [
  leaf('home', '/home'),
  leaf('messages', '/messages', { meta: { hide: true } }),
  group('group.system', [leaf('users', '/setting/users'), leaf('sessions', '/setting/logged-user-list')]),
  group('group.merchants', [leaf('merchants', '/merchants/list')]),
  group('group.finance', []),
];
const ctx = (allowed: string[]) => ({ can: (n: string) => allowed.includes(n), t: (k: string) => `T(${k})` });
const keysOf = (items: any[]): any[] => items.map((i) => (i.children ? { [i.key]: keysOf(i.children) } : i.key));

describe('side menu', () => {
  it('shows allowed screens in order, groups with their children, and hides hidden screens', () => {
    const items = buildMenu(tree, ctx(['home', 'messages', 'group.system', 'users', 'sessions', 'group.merchants', 'merchants']));
    expect(keysOf(items)).toEqual(['/home', { 'group.system': ['/setting/users', '/setting/logged-user-list'] }, '/merchants/list']);
    expect((items[1] as any).label).toBe('T(resources.group.system)');
  });

  it('shows a group with one visible child as that child, and drops groups left empty', () => {
    expect(keysOf(buildMenu(tree, ctx(['home', 'group.system', 'users'])))).toEqual(['/home', '/setting/users']);
  });

  it('drops a group the role may not open even when a child is allowed', () => {
    expect(keysOf(buildMenu(tree, ctx(['home', 'users', 'sessions'])))).toEqual(['/home']);
  });

  it('tells the breadcrumbs which groups the menu shows as their single child', () => {
    const resources = [
      { name: 'group.merchants' },
      { name: 'merchants', list: '/merchants/list', meta: { parent: 'group.merchants' } },
      { name: 'merchants-cs', list: '/merchants/list/cs', meta: { parent: 'group.merchants' } },
      { name: 'merchants-edit', list: '/x', meta: { parent: 'group.merchants', hide: true } },
    ];
    const can = (allowed: string[]) => (n: string) => allowed.includes(n);
    expect(shownAsOnlyChild('group.merchants', resources, can(['group.merchants', 'merchants', 'merchants-edit']))).toBe(true);
    expect(shownAsOnlyChild('group.merchants', resources, can(['group.merchants', 'merchants', 'merchants-cs']))).toBe(false);
  });
});
