/**
 * A declaration's outline: what the shell needs of it before any of its screens opens (menu,
 * routes, access, tags, the texts and parts a screen waits for). The full declaration (fields,
 * schemas, actions) loads with its screen (./declarations.ts). Outlines are computed from the
 * declarations when the admin is built (scripts/resource-outline.ts), so the signed-in route does
 * not carry every declaration's fields and zod schemas. Pure, free of React.
 */
import type { ResourceApi, ResourceDeclaration } from '../../resources/types';
import { areasNamedIn } from '../../providers/languages';
import { partsOf, type ScreenAction, type ScreenPart } from '../screen-parts';

type OutlineVariant = Omit<NonNullable<ResourceDeclaration['variants']>[number], 'createSchema'>;

export interface ResourceOutline extends Pick<ResourceDeclaration, 'name' | 'parent' | 'routes' | 'icon' | 'title' | 'labels' | 'hideFromMenu' | 'beforeCloseName' | 'screens'> {
  /** What the data provider calls (src/providers/data.ts); the other calls are read from the declaration, with the screens. */
  api: Omit<ResourceApi, 'calls'>;
  variants?: OutlineVariant[];
  /** The locale areas the declaration names (areasNamedIn), sorted. */
  areas: string[];
  /** The lazy parts each identifier's screens wait for (partsOf), where there are any. */
  parts: Record<string, Partial<Record<ScreenAction, ScreenPart[]>>>;
}

/** The outline of a declaration; `knownAreas` are the locale areas there are. */
export function outlineOf(d: ResourceDeclaration, knownAreas: ReadonlySet<string>): ResourceOutline {
  const variants = d.variants?.map(({ createSchema: _schema, ...v }) => v);
  const { calls: _calls, ...api } = d.api;
  const parts: ResourceOutline['parts'] = {};
  for (const v of [{ name: d.name, routes: d.routes }, ...(variants ?? [])]) {
    for (const action of Object.keys(v.routes) as ScreenAction[]) {
      const needed = partsOf(d, action, v.name);
      if (needed.length) (parts[v.name] ??= {})[action] = needed;
    }
  }
  return {
    name: d.name,
    parent: d.parent,
    routes: d.routes,
    icon: d.icon,
    title: d.title,
    api,
    labels: d.labels,
    hideFromMenu: d.hideFromMenu,
    beforeCloseName: d.beforeCloseName,
    screens: d.screens,
    variants,
    areas: [...areasNamedIn(d, knownAreas)].sort(),
    parts,
  };
}

/** The identifiers a declaration's screens answer to: its name and its variants'. */
export const identifiersOf = (d: Pick<ResourceOutline, 'name' | 'variants'>): string[] => [d.name, ...(d.variants ?? []).map((v) => v.name)];
