/** The server's stop hooks run in order, and one that fails keeps neither the others nor the shutdown from running. */
import { describe, expect, it, vi } from 'vitest';
import { onStop, runStopHooks } from '../../server/stop-hooks';
import type { Db } from '../../server/db/client';

describe('stop hooks', () => {
  it('run every hook in order, past one that fails', async () => {
    const ran: string[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onStop(async () => void ran.push('first'));
    onStop(async () => {
      throw new Error('broken');
    });
    onStop(async () => void ran.push('third'));
    await runStopHooks({} as Db);
    expect(ran).toEqual(['first', 'third']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
