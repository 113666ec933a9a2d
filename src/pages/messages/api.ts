/** Messages of the signed-in user, shared by the messages page and the header badge. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../providers/http';
import { messageApi } from '../../../resources/messages/api';

export interface MessageSummary {
  msg_id: number;
  title: string;
  create_time: string;
}

export interface MessageLists {
  unread: MessageSummary[];
  readed: MessageSummary[];
  trash: MessageSummary[];
}

export interface MessageContent extends MessageSummary {
  content: string;
  state: 'unread' | 'read' | 'trash';
}

export type MessageMove = 'has_read' | 'remove_readed' | 'restore';

const KEY = ['messages', 'init'];

export function useMessageLists() {
  return useQuery({ queryKey: KEY, queryFn: () => get<MessageLists>(messageApi.init, undefined, { silent: true }), staleTime: 30_000 });
}

export const fetchContent = (id: number) => get<MessageContent>(messageApi.content, { msg_id: id });

/** Moves a message and refreshes the lists (and so the header's unread count). */
export function useMoveMessage() {
  const client = useQueryClient();
  return async (action: MessageMove, id: number) => {
    await post(messageApi.move(action), { msg_id: id });
    await client.invalidateQueries({ queryKey: KEY });
  };
}
