/**
 * At most a few order creations of this process use the database at once; the others wait here, in
 * arrival order, before their first statement (a single creation's reads before its transaction
 * included: when creations come faster than the database takes them, the queue is here, not in the
 * pool's own, where an operator's list waited behind every creation queued before it). Allocation lets orders for different
 * accounts run side by side, but orders for one account (a product with a single account, a busy
 * one, a batch holding its products' accounts) still wait for each other at its lock, and each
 * waiter would hold a pooled connection meanwhile: a burst of them left none for the operators'
 * own requests. Half of the PostgreSQL pool is kept for everything else.
 */
import { POOL_SIZE } from '../../db/client.js';

/** A gate letting `limit` runs in at once; the others start in arrival order as earlier ones end. */
export function creationSlots(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(run: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The run that ends hands its slot straight to the next in line.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** The creations (single and batch) of this process. */
export const inCreationSlot = creationSlots(Math.max(1, Math.floor(POOL_SIZE / 2)));
