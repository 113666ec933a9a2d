/**
 * The resource registry: every screen's declaration, turned into Refine resources (menu, breadcrumbs,
 * access checks) here and into routes in src/routes.tsx. Adding an entity = adding its folder and one
 * line below.
 */
import type { ResourceProps } from '@refinedev/core';
import type { ResourceDeclaration } from './types';
import { home } from './home';

export const declarations: ResourceDeclaration[] = [home];

/** Each declaration and its role variants, flattened to Refine resources. */
export const refineResources: ResourceProps[] = declarations.flatMap((d) => {
  const base: ResourceProps = {
    name: d.name,
    identifier: d.name,
    ...d.routes,
    meta: { api: d.api, parent: d.parent, icon: d.icon, title: d.title ?? `resources.${d.name}`, hide: d.hideFromMenu },
  };
  const variants = (d.variants ?? []).map((v) => ({ ...base, identifier: v.name, name: v.name, ...v.routes, meta: { ...base.meta, title: `resources.${v.name}` } }));
  return [base, ...variants];
});
