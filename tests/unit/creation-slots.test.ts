import { describe, expect, it } from 'vitest';
import { creationSlots } from '../../server/orders/create/creation-slots';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A creation that notes its start and end in `log` and answers its name. */
const job = (log: string[], name: string) => async () => {
  log.push(`${name} start`);
  await pause(5);
  log.push(`${name} end`);
  return name;
};

describe('order creations of a process hold at most a few transactions at once', () => {
  it('runs up to the limit side by side; the others start in arrival order as slots free', async () => {
    const inSlot = creationSlots(2);
    const log: string[] = [];
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((name) => inSlot(job(log, name))))).toEqual(['a', 'b', 'c', 'd']);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
    expect(log.indexOf('c start')).toBeGreaterThan(log.indexOf('a end'));
    expect(log.indexOf('d start')).toBeGreaterThan(log.indexOf('b end'));
    expect(log.indexOf('d start')).toBeGreaterThan(log.indexOf('c start'));
  });

  it('a refused creation answers its own error and frees its slot', async () => {
    const inSlot = creationSlots(1);
    const refused = inSlot(async () => {
      throw new Error('refused');
    });
    const next = inSlot(async () => 'placed');
    await expect(refused).rejects.toThrow('refused');
    expect(await next).toBe('placed');
    // The slot is free again: a later creation does not wait for anything.
    expect(await inSlot(async () => 'again')).toBe('again');
  });
});
