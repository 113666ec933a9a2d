import { describe, expect, it } from 'vitest';
import { inTurn } from '../../server/orders/create/product-turns';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A creation that notes its start and end in `log` and answers its name. */
const job = (log: string[], name: string) => async () => {
  log.push(`${name} start`);
  await pause(5);
  log.push(`${name} end`);
  return name;
};

describe('order creations take turns per product', () => {
  it('runs one creation of a product at a time, in arrival order', async () => {
    const log: string[] = [];
    expect(await Promise.all([inTurn(1034, job(log, 'a')), inTurn(1034, job(log, 'b')), inTurn(1034, job(log, 'c'))])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('lets other products run meanwhile', async () => {
    const log: string[] = [];
    await Promise.all([inTurn(1, job(log, 'one')), inTurn(2, job(log, 'two'))]);
    expect(log.slice(0, 2)).toEqual(['one start', 'two start']);
  });

  it('a refused creation answers its own error and does not hold up the next', async () => {
    const refused = inTurn(7, async () => {
      throw new Error('refused');
    });
    const next = inTurn(7, async () => 'placed');
    await expect(refused).rejects.toThrow('refused');
    expect(await next).toBe('placed');
  });
});
