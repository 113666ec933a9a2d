/**
 * Turns Refine's menu tree into antd menu items: only what the role may open, groups only when a
 * child is left, a group with a single visible child shown as that child, titles translated.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuProps } from 'antd';
import type { TreeMenuItem } from '@refinedev/core';
import { iconFor } from '../icons';

export type MenuItem = NonNullable<MenuProps['items']>[number];

export interface MenuContext {
  /** May the user list this resource (or group)? */
  can: (name: string) => boolean;
  t: (key: string) => string;
  /** Called when a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

export const titleKeyOf = (item: { name: string; identifier?: string; meta?: Record<string, unknown> }): string =>
  (item.meta?.title as string | undefined) ?? `resources.${item.identifier ?? item.name}`;

const link = (route: string, title: ReactNode, onNavigate?: () => void) => (
  <Link to={route} onClick={onNavigate}>
    {title}
  </Link>
);

export function buildMenu(items: TreeMenuItem[], ctx: MenuContext): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    const name = item.identifier ?? item.name;
    if (item.meta?.hide) return [];
    const title = ctx.t(titleKeyOf(item));
    const icon = iconFor(item.meta?.icon as string | undefined);
    if (item.children.length) {
      if (!ctx.can(name)) return [];
      const children = buildMenu(item.children, ctx);
      if (children.length === 0) return [];
      // A group declared alwaysShown keeps its own entry even around a single child.
      if (children.length === 1 && !item.meta?.alwaysShown) return children;
      return [{ key: item.key ?? name, icon, label: title, children }];
    }
    if (!item.route || !ctx.can(name)) return [];
    // Refine's resource key, the one useMenu reports as selectedKey, so the current screen is highlighted.
    return [{ key: item.key ?? item.route, icon, label: link(item.route, title, ctx.onNavigate), title }];
  });
}

/** The fields of a Refine resource that decide whether the menu shows it. */
export interface MenuResource {
  name: string;
  identifier?: string;
  list?: unknown;
  meta?: Record<string, unknown>;
}

/** How many entries the menu shows under a group, by the same rules as buildMenu. */
function visibleChildren(group: string, resources: readonly MenuResource[], can: (name: string) => boolean): number {
  return resources.filter((r) => {
    if (r.meta?.parent !== group || r.meta?.hide) return false;
    const name = r.identifier ?? r.name;
    if (!can(name)) return false;
    return r.list ? true : visibleChildren(r.name, resources, can) > 0;
  }).length;
}

/** A group the menu shows as its single visible child: the breadcrumbs skip it as the menu does. */
export const shownAsOnlyChild = (group: string, resources: readonly MenuResource[], can: (name: string) => boolean): boolean =>
  !resources.find((r) => r.name === group)?.meta?.alwaysShown && visibleChildren(group, resources, can) === 1;
