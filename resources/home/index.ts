import type { ResourceDeclaration } from '../types';

/** The dashboard: the default route (spec section 2). Custom: statistics cards, not a table. */
export const home: ResourceDeclaration = {
  name: 'home',
  routes: { list: '/home' },
  icon: 'home',
  api: {},
  screens: { list: 'HomePage' },
};
