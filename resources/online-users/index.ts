import type { ResourceDeclaration } from '../types';

/**
 * Online users /setting/logged-user-list (spec sections 2 and 7, superAdmin): the live sessions and
 * force logout. Custom screen: sessions are not a paged, filterable entity, and the only action
 * (force logout) names a session by its opaque id rather than a row id.
 */
export const onlineUsers: ResourceDeclaration = {
  name: 'onlineUsers',
  parent: 'group.system',
  icon: 'user',
  routes: { list: '/setting/logged-user-list' },
  api: { list: '/user/getSessions' },
  screens: { list: 'OnlineUsersPage' },
};
