/**
 * The realtime socket's protocol, shared by the server (server/realtime) and the admin
 * (src/realtime): the path, the commands, the pushes and the timings of spec sections 7 and 9.
 *
 * Client -> server: `{requestId, commandType, data, token}`; every command carries the session
 * token and is refused with code 1003 (and the link closed) when the token is not a live session.
 * Server -> client: the answer `{requestId, code, data, msg}`, and pushes with `requestId: null`
 * whose `data` is a RealtimeEvent.
 */

/** Below the API base: `${API_BASE}/ws` (the same host as the admin unless configured). */
export const SOCKET_PATH = '/ws';

/** The acknowledgement every 20 s: `data: {key}`; the answer echoes the key. */
export const ACK_COMMAND = 'ack';
export const ACK_INTERVAL_MS = 20_000;
/** The WebSocket close code the server uses after refusing a token (the JSON answer carries 1003). */
export const CLOSE_TOKEN_REFUSED = 4003;
export const CLOSE_IDLE = 4008;

export interface SocketCommand {
  requestId: string;
  commandType: string;
  data?: unknown;
  token: string;
}

export interface SocketAnswer<T = unknown> {
  requestId: string | null;
  code: number;
  data: T;
  msg: string;
}

/** The server-side domains whose rows are announced. */
export type RealtimeResource = 'orders' | 'payouts';

/**
 * A change the caller may see: rows created or updated. `rows` is empty when a statement changed
 * too many rows to list (a batch, a job): the lists refresh anyway.
 */
export interface RealtimeEvent {
  kind: 'rows';
  resource: RealtimeResource;
  type: 'created' | 'updated';
  rows: { id: number; orderCode: string }[];
}
