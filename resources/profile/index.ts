/**
 * Profile (/profile/list and its customer-service variant). The one custom screen of this area: it
 * is a page about the caller's own account with several small forms (nickname, password, payment
 * password) and role-dependent panels (merchant key, own products and rates), not a list of rows.
 */
import type { ResourceDeclaration } from '../types';

export const profile: ResourceDeclaration = {
  name: 'profile',
  parent: 'group.profile',
  icon: 'user',
  routes: { list: '/profile/list' },
  api: { one: '/profile/get' },
  variants: [{ name: 'profile-customerService', routes: { list: '/profile/list/customerService' } }],
  screens: { list: 'ProfilePage' },
};
