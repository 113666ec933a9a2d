/** The message calls: the three lists, one message, and one call per move of the transition table. The header's unread count reads them without the declaration. */
export const messageApi = {
  init: '/message/init',
  content: '/message/content',
  move: (action: string) => `/message/${action}`,
} as const;
