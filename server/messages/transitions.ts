/**
 * The message state machine (unread -> read -> trash -> read), in one table: each action moves a
 * message from exactly one state to another. Anything else is a state conflict, never a silent write.
 */
export type MessageState = 'unread' | 'read' | 'trash';

const MESSAGE_TRANSITIONS = {
  has_read: { from: 'unread', to: 'read' },
  remove_readed: { from: 'read', to: 'trash' },
  restore: { from: 'trash', to: 'read' },
} as const satisfies Record<string, { from: MessageState; to: MessageState }>;

export type MessageAction = keyof typeof MESSAGE_TRANSITIONS;

/** The state an action leads to from `state`, or null when the table does not allow it. */
export function nextState(state: string, action: MessageAction): MessageState | null {
  const transition = MESSAGE_TRANSITIONS[action];
  return transition.from === state ? transition.to : null;
}
