/** A socket client for the realtime tests: connects to /v1.0/ws, sends commands, collects what arrives. */
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { ACK_COMMAND, type RealtimeEvent, type SocketAnswer } from '../../providers/realtime.js';

export interface TestSocket {
  ws: WebSocket;
  received: SocketAnswer[];
  closed: Promise<{ code: number; reason: string }>;
  send(commandType: string, data: unknown, token: string): string;
  ack(token: string, key?: string): Promise<SocketAnswer>;
  /** Resolves with the first answer matching `test`, or rejects after `ms`. */
  next(test: (answer: SocketAnswer) => boolean, ms?: number): Promise<SocketAnswer>;
  events(): RealtimeEvent[];
}

let counter = 0;

/** The address of a listening app (listens on a free port the first time). */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}/v1.0/ws`;
}

export function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers: { 'accept-language': 'en-US', ...headers } });
  const received: SocketAnswer[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const socket: TestSocket = {
    ws,
    received,
    closed,
    send(commandType, data, token) {
      const requestId = `r${++counter}`;
      ws.send(JSON.stringify({ requestId, commandType, data, token }));
      return requestId;
    },
    ack(token, key = `k${counter}`) {
      const requestId = socket.send(ACK_COMMAND, { key }, token);
      return socket.next((a) => a.requestId === requestId);
    },
    next(test, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(test);
          if (!hit) return;
          cleanup();
          resolve(hit);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(received)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    events: () => received.filter((a) => a.requestId === null && a.code === 200).map((a) => a.data as RealtimeEvent),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
  });
}

/** True when an event of `resource` names `orderCode`. */
export const names = (events: RealtimeEvent[], resource: RealtimeEvent['resource'], orderCode: string) =>
  events.some((e) => e.resource === resource && e.rows.some((r) => r.orderCode === orderCode));
