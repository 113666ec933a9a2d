/**
 * Hit counts shared by the processes of one server (WORKERS=N, ./primary.ts): the rate limits and
 * the throttle's once-a-minute audit row. Each process counting alone would let a client through N
 * times as often. The primary holds the counts; a worker asks it over the cluster's IPC channel,
 * one message each way (a fraction of a millisecond, and only on the throttled routes). A single
 * process (the default, and every in-process test) has no shared counter and keeps
 * @fastify/rate-limit's own store, as before.
 */
import cluster, { type Worker } from 'node:cluster';

/** `current` hits in the window so far, this one included; `ttl` ms until the window ends. */
export interface Hit {
  current: number;
  ttl: number;
}

/** Counts one more hit of `key` in a window of `windowMs`. */
export type CountHit = (key: string, windowMs: number) => Promise<Hit>;

const MESSAGE = 'payadmin:hit';

interface Ask {
  kind: typeof MESSAGE;
  id: number;
  key: string;
  windowMs: number;
}

interface Answer {
  kind: typeof MESSAGE;
  id: number;
  hit: Hit;
}

/**
 * Fixed windows that start at a key's first hit, as @fastify/rate-limit's LocalStore counts. At
 * most `cap` keys are kept: past that the oldest window is forgotten, so a flood of addresses
 * cannot grow the primary's memory without bound.
 */
export class WindowCounts {
  private readonly windows = new Map<string, { count: number; start: number }>();

  constructor(private readonly cap = 100_000) {}

  hit(key: string, windowMs: number, now = Date.now()): Hit {
    let entry = this.windows.get(key);
    if (!entry || entry.start + windowMs <= now) {
      // Delete and set again, so the map's order stays the windows' start order.
      if (entry) this.windows.delete(key);
      else if (this.windows.size >= this.cap) this.windows.delete(this.windows.keys().next().value as string);
      entry = { count: 0, start: now };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.start + windowMs - now };
  }
}

/** The primary's side: answers a worker's hits from the one set of counts. */
export function answerHits(worker: Worker, counts: WindowCounts): void {
  worker.on('message', (message: Ask) => {
    if (message?.kind !== MESSAGE || !worker.isConnected()) return;
    const answer: Answer = { kind: MESSAGE, id: message.id, hit: counts.hit(message.key, message.windowMs) };
    worker.send(answer);
  });
}

let workerSide: CountHit | undefined;

/** In a worker of WORKERS=N, the counter every process shares; in a single process, null. */
export function sharedHits(): CountHit | null {
  if (!cluster.isWorker) return null;
  if (workerSide) return workerSide;
  let next = 0;
  const waiting = new Map<number, (hit: Hit) => void>();
  process.on('message', (message: Answer) => {
    if (message?.kind !== MESSAGE) return;
    waiting.get(message.id)?.(message.hit);
    waiting.delete(message.id);
  });
  workerSide = (key, windowMs) =>
    new Promise((resolve, reject) => {
      const ask: Ask = { kind: MESSAGE, id: ++next, key, windowMs };
      waiting.set(ask.id, resolve);
      // The channel closes only when the primary is gone, and a worker then ends at once.
      process.send!(ask, undefined, undefined, (error) => {
        if (!error) return;
        waiting.delete(ask.id);
        reject(error);
      });
    });
  return workerSide;
}
