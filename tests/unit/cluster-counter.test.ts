/**
 * The counts the primary keeps for WORKERS=N (server/cluster/counter.ts) and the rate-limit store
 * over them (server/cluster/rate-store.ts): windows as @fastify/rate-limit's own store counts them,
 * a bounded number of keys, and each route's limit counted apart from the others.
 */
import { describe, expect, it } from 'vitest';
import { WindowCounts } from '../../server/cluster/counter.js';
import { sharedRateStore } from '../../server/cluster/rate-store.js';

describe('WindowCounts', () => {
  it('counts hits in a window that starts at the first and ends windowMs later', () => {
    const counts = new WindowCounts();
    expect(counts.hit('a', 60_000, 1000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counts.hit('a', 60_000, 31_000)).toEqual({ current: 2, ttl: 30_000 });
    expect(counts.hit('b', 60_000, 31_000)).toEqual({ current: 1, ttl: 60_000 });
    // At the window's end a new one starts.
    expect(counts.hit('a', 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('forgets the oldest window past its cap of keys', () => {
    const counts = new WindowCounts(2);
    counts.hit('a', 60_000, 0);
    counts.hit('b', 60_000, 1);
    counts.hit('c', 60_000, 2);
    expect(counts.hit('a', 60_000, 3).current).toBe(1);
    expect(counts.hit('c', 60_000, 4).current).toBe(2);
  });
});

describe('sharedRateStore', () => {
  const counts = new WindowCounts();
  const Store = sharedRateStore(async (key, windowMs) => counts.hit(key, windowMs));
  const root = new Store({});
  const incr = (store: InstanceType<typeof Store>, key: string) =>
    new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 10));

  it('counts each route apart, and the same route in one count whichever store asks', async () => {
    const route = (method: string, url: string) => root.child({ routeInfo: { method, url }, timeWindow: 60_000 } as never);
    expect(await incr(route('POST', '/v1.0/user/login'), '10.0.0.1')).toBe(1);
    expect(await incr(route('POST', '/v1.0/user/login'), '10.0.0.1')).toBe(2);
    expect(await incr(route('POST', '/v1.0/user/login2'), '10.0.0.1')).toBe(1);
    expect(await incr(route('POST', '/v1.0/user/login'), '10.0.0.2')).toBe(1);
  });
});
