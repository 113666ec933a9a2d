/**
 * The header's realtime part, loaded with the shell (never on the login route): the link's status
 * dot for everyone, and the new-order alert for the roles that are not merchants (spec section 1:
 * the sound poll runs only for non-merchants) and may read collection orders.
 */
import { useGetIdentity } from '@refinedev/core';
import { useAbility } from '@casl/react';
import type { AppAbility } from '../../providers/ability-engine';
import { variantsOf } from '../../providers/ability-engine';
import type { UserInfo } from '../providers/auth';
import { LinkStatus } from './LinkStatus';
import { NewOrderAlert } from './NewOrderAlert';

export function RealtimeHeader() {
  const { data: user } = useGetIdentity<UserInfo>();
  const ability = useAbility<AppAbility>();
  const readsOrders = variantsOf('orders').some((s) => ability.can('list', s));
  return (
    <>
      {user && user.access !== 'merchant' && readsOrders && <NewOrderAlert key={user.user_id} userId={user.user_id} />}
      <LinkStatus />
    </>
  );
}
