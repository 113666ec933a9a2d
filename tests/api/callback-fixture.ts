/**
 * What the callback tests need: a real HTTP receiver on a free local port that answers as each
 * path says and records every request, paid orders of the demo merchant moved by the state
 * machine, and a wait for what the background worker does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { orderCallbackAttempts, orderCallbacks, orders } from '../../server/db/schema/index.js';
import { markId } from '../../resources/orders/statuses.js';
import { transition } from '../../server/orders/state-machine.js';
import type { Db } from '../../server/db/client.js';
import { insertOrder } from './orders-fixture.js';

/** The demo merchant's key (server/merchants/seed.ts): the receiver checks signs with it. */
export const DEMO_MERCHANT_KEY = 'demoMerchantKey20001';

export interface Received {
  path: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
  at: number;
}

/** How a path answers: status and body, or 'hang' (never answers). */
/** `delayMs`: the answer comes that late (an earlier try still in flight while a later one is made); `location`: a redirect's target. */
export type Answer = { status: number; body: string; delayMs?: number; location?: string } | 'hang';

export interface Receiver {
  url: (path: string) => string;
  received: Received[];
  /** Requests of one order, in arrival order. */
  of: (orderCode: string) => Received[];
  close: () => Promise<void>;
}

/**
 * Starts a receiver; `answers` maps a path to its answer (a function: per request, given how many
 * calls of that order the path had). `host`: the loopback address it listens on.
 */
export async function startReceiver(answers: Record<string, Answer | ((count: number) => Answer)>, host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      received.push({ path, contentType: request.headers['content-type'], body, at: Date.now() });
      const key = `${path} ${String(body.orderCode)}`;
      const count = counts.get(key) ?? 0;
      counts.set(key, count + 1);
      const rule = answers[path] ?? { status: 404, body: 'no such path' };
      const answer = typeof rule === 'function' ? rule(count) : rule;
      if (answer === 'hang') return;
      const reply = () => response.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.location ? { location: answer.location } : {}) }).end(answer.body);
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${host}:${port}${path}`,
    received,
    of: (orderCode) => received.filter((r) => r.body.orderCode === orderCode),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface PaidOrderOptions {
  notifyUrl: string;
  amount?: number;
  testStatus?: 'preparation' | 'testReady' | 'onlyCallbacks';
}

/**
 * An order of the demo merchant (tests/api/orders-fixture.ts) whose payer submitted a UTR,
 * confirmed by an operator through the state machine in one transaction, as the confirm route
 * does: paid, ledger posted, callback scheduled.
 */
export async function paidOrder(db: Db, { notifyUrl, amount = 500_00, testStatus }: PaidOrderOptions) {
  const created = await insertOrder(db, {
    state: 'pendingConfirmation',
    notifyUrl,
    amount,
    payAmount: amount + 3,
    utr: `UTR${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    ...(testStatus ? { isTest: true, testStatus, mark: markId('test') } : {}),
  });
  return db.transaction(async (tx) => transition(tx as unknown as Db, created, { action: 'confirm', to: 'submitted', actor: { userId: null } }));
}

export const taskOf = async (db: Db, orderId: number) => (await db.select().from(orderCallbacks).where(eq(orderCallbacks.orderId, orderId)))[0];
export const attemptsOf = async (db: Db, orderId: number) => db.select().from(orderCallbackAttempts).where(eq(orderCallbackAttempts.orderId, orderId)).orderBy(orderCallbackAttempts.id);
export const orderOf = async (db: Db, orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0];

/** Polls `check` until it returns a value that is not undefined/false, or fails after `ms`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, ms = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
