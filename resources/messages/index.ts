import type { ResourceDeclaration } from '../types';

/** The user's messages; reached from the user menu, not the side menu. Custom: three lists with a reading pane. */
export const messages: ResourceDeclaration = {
  name: 'messages',
  routes: { list: '/messages' },
  icon: 'mail',
  api: {},
  hideFromMenu: true,
  screens: { list: 'MessagesPage' },
};
