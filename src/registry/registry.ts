/**
 * The resource registry (./load.ts): every declaration's outline (menu, routes, access), turned into
 * Refine resources here and into lazy routes in src/routes.tsx. The outlines themselves come with
 * the app's chunk (src/routes.tsx reads them through ./declarations.ts); the full declarations load
 * with their screens.
 */
import type { ResourceProps } from '@refinedev/core';
import { outlines } from './outline-data';
import { groups } from '../../resources/groups';
import { placesOf } from '../../providers/ability-engine';
import { LISTS_AROUND_GENERIC } from '../screens';

export { outlines };

/** Where each screen sits (path, menu group), read from the outlines: the abilities' menu groups follow it. */
export const places = placesOf(outlines);

const groupResources: ResourceProps[] = groups.map((g) => ({
  name: g.name,
  identifier: g.name,
  meta: { icon: g.icon, parent: g.parent, title: `resources.${g.name}`, alwaysShown: g.alwaysShown },
}));

/** Each declaration and its role variants, flattened to Refine resources. */
const screenResources: ResourceProps[] = outlines.flatMap((d) => {
  const base: ResourceProps = {
    name: d.name,
    identifier: d.name,
    ...d.routes,
    // genericList: its list is the generic screen (or one around it), which the shell keeps mounted while its tag is open (src/shell/kept).
    meta: { api: d.api, parent: d.parent, icon: d.icon, title: d.title ?? `resources.${d.name}`, hide: d.hideFromMenu, beforeCloseName: d.beforeCloseName, genericList: !d.screens?.list || LISTS_AROUND_GENERIC.includes(d.screens.list) },
  };
  const variants = (d.variants ?? []).map((v) => ({
    ...base,
    identifier: v.name,
    name: v.name,
    ...v.routes,
    meta: { ...base.meta, title: `resources.${v.name}`, listQuery: v.listQuery, parent: v.parent ?? base.meta?.parent },
  }));
  return [base, ...variants];
});

/** Groups first so the menu keeps the declared order; Refine nests children under `meta.parent`. */
export const refineResources: ResourceProps[] = [...screenResources.filter((r) => !r.meta?.parent), ...groupResources, ...screenResources.filter((r) => r.meta?.parent)];
