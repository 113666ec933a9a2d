/**
 * Sends a signed-in user who may not open the current screen to /401 (per the route's access list).
 * The screen and every group above it must be allowed, not only the screen. A user whose Google
 * verification is on but not yet bound goes to /googleVerify first: no screen before the binding.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useGetIdentity, useResourceParams } from '@refinedev/core';
import { useAbility } from '@casl/react';
import type { AppAbility } from '../../providers/ability-engine';
import type { UserInfo } from '../providers/auth';
import { mustBindGoogle, screenAllowed } from './routeAccess';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { resource, action, resources } = useResourceParams();
  const ability = useAbility<AppAbility>();
  const { data: user } = useGetIdentity<UserInfo>();
  if (mustBindGoogle(user)) return <Navigate to="/googleVerify" replace />;
  if (!resource || screenAllowed(ability, resource, action, resources)) return <>{children}</>;
  return <Navigate to="/401" replace />;
}
