import type { ResourceDeclaration } from '../types';

/** The user's messages; reached from the user menu, not the side menu. Custom: three lists with a reading pane. */
/** The message calls: the three lists, one message, and one call per move of the transition table. */
export const messageApi = {
  init: '/message/init',
  content: '/message/content',
  move: (action: string) => `/message/${action}`,
} as const;

export const messages: ResourceDeclaration = {
  name: 'messages',
  routes: { list: '/messages' },
  icon: 'mail',
  api: {},
  hideFromMenu: true,
  screens: { list: 'MessagesPage' },
};
