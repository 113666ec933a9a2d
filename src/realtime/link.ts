/**
 * The admin's end of the realtime socket (spec section 4): a reconnecting link (partysocket, with
 * backoff) whose state is one of uninitialized, connecting, connected, error, closed. From error or
 * closed it reconnects by itself; a refused token (1003) ends it for good and tells the shell,
 * which says the login expired and goes to the login page. An acknowledgement `{key}` goes out
 * every 20 s; pushed row changes go to Refine's live provider.
 */
import ReconnectingWebSocket from 'partysocket/ws';
import type { QueryClient } from '@tanstack/react-query';
import { ACK_COMMAND, ACK_INTERVAL_MS, SOCKET_PATH, type RealtimeEvent, type SocketAnswer, type SocketCommand } from '../../providers/realtime';
import { API_BASE } from '../providers/config';
import { CODE } from '../providers/http';
import { getToken } from '../providers/token';
import { publishRealtime, refreshAllLive } from './live-provider';

export type LinkState = 'uninitialized' | 'connecting' | 'connected' | 'error' | 'closed';

export interface LinkHooks {
  onState: (state: LinkState) => void;
  /** The server refused the token: the session is over. */
  onTokenRefused: (msg: string) => void;
  language: () => string;
  /** The admin's query cache: reads of a changed resource under way when a push comes are read again. */
  queryClient?: QueryClient;
}

/** The socket address: `${API_BASE}/ws` on the page's own host unless the API base names another. */
function socketAddress(language: string): string {
  const base = new URL(API_BASE, location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${base.pathname.replace(/\/$/, '')}${SOCKET_PATH}`;
  base.search = new URLSearchParams({ lang: language }).toString();
  return base.toString();
}

let sequence = 0;
const nextId = () => `${Date.now().toString(36)}-${++sequence}`;

export function startLink(hooks: LinkHooks): { stop: () => void } {
  let state: LinkState = 'uninitialized';
  let ackTimer: ReturnType<typeof setInterval> | undefined;
  let everConnected = false;
  const setState = (next: LinkState) => {
    state = next;
    hooks.onState(next);
  };
  const socket = new ReconnectingWebSocket(() => socketAddress(hooks.language()), undefined, {
    // Backoff: 1 s, then x1.5 per failure, capped at 10 s; a handshake taking over 8 s is retried.
    minReconnectionDelay: 1000,
    maxReconnectionDelay: 10_000,
    reconnectionDelayGrowFactor: 1.5,
    connectionTimeout: 8000,
  });
  const send = (commandType: string, data: unknown) => {
    const command: SocketCommand = { requestId: nextId(), commandType, data, token: getToken() };
    socket.send(JSON.stringify(command));
  };
  const ack = () => send(ACK_COMMAND, { key: nextId() });

  setState('connecting');
  socket.addEventListener('open', () => {
    // The first acknowledgement signs the link in; pushes start once the server has answered it,
    // so the link shows as connected only then (a change made between the two would not be pushed).
    if (state !== 'connecting') setState('connecting');
    ack();
    clearInterval(ackTimer);
    ackTimer = setInterval(ack, ACK_INTERVAL_MS);
  });
  const signedIn = () => {
    setState('connected');
    // Changes made while the link was down were not pushed: open lists read again, now that
    // the next ones will be.
    if (everConnected) refreshAllLive(hooks.queryClient);
    everConnected = true;
  };
  socket.addEventListener('message', (event) => {
    let answer: SocketAnswer;
    try {
      answer = JSON.parse(String(event.data)) as SocketAnswer;
    } catch {
      return;
    }
    if (answer.code === CODE.tokenInvalid) {
      stop();
      hooks.onTokenRefused(answer.msg);
      return;
    }
    if (answer.requestId !== null && answer.code === CODE.ok && state !== 'connected') signedIn();
    if (answer.requestId === null && answer.code === CODE.ok && (answer.data as RealtimeEvent | null)?.kind === 'rows') publishRealtime(answer.data as RealtimeEvent, hooks.queryClient);
  });
  socket.addEventListener('error', () => {
    if (state !== 'closed') setState('error');
  });
  socket.addEventListener('close', () => {
    clearInterval(ackTimer);
    // partysocket reconnects by itself after its backoff delay (from closed and from error alike).
    setState('closed');
  });

  function stop() {
    clearInterval(ackTimer);
    socket.close();
  }
  return { stop };
}
