/**
 * Refine access-control provider backed by the one abilities file. An ability needs to know where
 * each screen sits (its menu group), which the registry's outlines say, so the signed-in user's
 * ability waits for the registry as well as for the user.
 */
import type { AccessControlProvider } from '@refinedev/core';
import { defineAbilityFor, type Action, type AppAbility } from '../../providers/ability-engine';
import { getToken } from '../providers/token';
import { loadUserInfo, onUserChange } from '../providers/auth';
import { loadRegistry } from './load';

let cached: Promise<AppAbility> | null = null;
onUserChange(() => {
  cached = null;
});

/** The ability of the signed-in user (none when signed out), rebuilt on login and logout. */
export function currentAbility(): Promise<AppAbility> {
  if (!getToken()) return Promise.resolve(defineAbilityFor(null));
  cached ??= Promise.all([loadUserInfo(), loadRegistry()])
    .then(([user, registry]) => defineAbilityFor({ id: user.user_id, role: user.access, agentIds: user.agentIds, parentId: user.parentId }, registry.places))
    .catch(() => {
      cached = null;
      return defineAbilityFor(null);
    });
  return cached;
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const ability = await currentAbility();
    const subject = params?.resource?.identifier ?? params?.resource?.name ?? resource ?? '';
    return { can: ability.can(action as Action, subject) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
