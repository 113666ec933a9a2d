import type { ResourceApi, ResourceDeclaration } from '../types';

/** The platform lists sessions with POST /user/getSessions and ends one with POST /user/forceLogout {token}. */
export const onlineUserApi = {
  list: '/user/getSessions',
  listMethod: 'POST',
  calls: { forceLogout: '/user/forceLogout' },
} as const satisfies ResourceApi;

/**
 * Online users /setting/logged-user-list (superAdmin): the live sessions and force logout. Custom
 * screen: a session names its user, marks the caller's own, and its only action (force logout)
 * takes the session's opaque id rather than a row id, with its own warning for one's own session.
 */
export const onlineUsers: ResourceDeclaration = {
  name: 'onlineUsers',
  parent: 'group.system',
  icon: 'user',
  routes: { list: '/setting/logged-user-list' },
  api: onlineUserApi,
  screens: { list: 'OnlineUsersPage' },
};
