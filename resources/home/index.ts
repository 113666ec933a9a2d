import type { ResourceDeclaration } from '../types';

/** The dashboard: the default route (/ redirects to /home). Custom: statistics cards, not a table. */
export const home: ResourceDeclaration = {
  name: 'home',
  routes: { list: '/home' },
  icon: 'home',
  api: {},
  screens: { list: 'HomePage' },
};
