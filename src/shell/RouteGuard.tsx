/**
 * Sends a signed-in user who may not open the current screen to /401 (spec section 2's guard).
 * The screen and every group above it must be allowed (DESIGN section 4). A user whose Google
 * verification is on but not yet bound goes to /googleVerify first: no screen before the binding.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useGetIdentity, useResourceParams } from '@refinedev/core';
import { useAbility } from '@casl/react';
import type { Action, AppAbility } from '../../providers/abilities';
import type { UserInfo } from '../../providers/auth';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { resource, action, resources } = useResourceParams();
  const ability = useAbility<AppAbility>();
  const { data: user } = useGetIdentity<UserInfo>();
  if (user?.enableGoogleVerify && !user.confirmBind) return <Navigate to="/googleVerify" replace />;
  if (!resource) return <>{children}</>;
  const chain: string[] = [];
  for (let item: typeof resource | undefined = resource; item; ) {
    chain.push(item.identifier ?? item.name);
    const parent = item.meta?.parent as string | undefined;
    item = parent ? resources.find((r) => r.name === parent) : undefined;
  }
  const wanted = (action === 'list' || !action ? 'list' : action) as Action;
  const allowed = ability.can(wanted, chain[0]) && chain.slice(1).every((group) => ability.can('list', group));
  return allowed ? <>{children}</> : <Navigate to="/401" replace />;
}
