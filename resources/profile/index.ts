/**
 * Profile (/profile/list and its customer-service variant). The one custom screen of this area: it
 * is a page about the caller's own account with several small forms (nickname, password, payment
 * password) and role-dependent panels (merchant key, own products and rates), not a list of rows.
 */
import type { ResourceDeclaration } from '../types';

/** The caller's own account: written once for the profile screen and the server. */
export const profileApi = {
  get: '/profile/get',
  products: '/profile/getProducts',
  merchantKey: '/profile/getMerchantKey',
  updateNickname: '/profile/updateNickname',
  changePassword: '/profile/changePassword',
  setPayPassword: '/profile/setPayPassword',
} as const;

export const profile: ResourceDeclaration = {
  name: 'profile',
  parent: 'group.profile',
  icon: 'user',
  routes: { list: '/profile/list' },
  api: { one: profileApi.get },
  variants: [{ name: 'profile-customerService', routes: { list: '/profile/list/customerService' } }],
  screens: { list: 'ProfilePage' },
};
