/**
 * Whether the signed-in user may open a screen: the screen's action and every group above it must
 * be allowed (the original checked only the leaf). One check for the route guard
 * and the tag bar, so a screen the guard refuses never gets a tag.
 */
import type { IResourceItem } from '@refinedev/core';
import type { Action, AppAbility } from '../../providers/ability-engine';

export function screenAllowed(ability: AppAbility, resource: IResourceItem, action: string | undefined, resources: readonly IResourceItem[]): boolean {
  const chain: string[] = [];
  for (let item: IResourceItem | undefined = resource; item; ) {
    chain.push(item.identifier ?? item.name);
    const parent = item.meta?.parent as string | undefined;
    item = parent ? resources.find((r) => r.name === parent) : undefined;
  }
  const wanted = (action === 'list' || !action ? 'list' : action) as Action;
  return ability.can(wanted, chain[0]) && chain.slice(1).every((group) => ability.can('list', group));
}

/** A user whose Google verification is on but not yet bound sees no screen before binding it. */
export const mustBindGoogle = (user: { enableGoogleVerify?: boolean; confirmBind?: boolean } | undefined): boolean => Boolean(user?.enableGoogleVerify && !user.confirmBind);
