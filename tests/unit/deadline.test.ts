// @vitest-environment node
/**
 * The call deadline of outgoing requests fires even when a garbage collection runs during the call
 * (Node's AbortSignal.any over AbortSignal.timeout does not: its timeout signal is collected).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline } from '../../server/outgoing/deadline';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits `ms` with a full collection before and after the first tick, as a busy server would. */
async function collectWhileWaiting(ms: number) {
  gc();
  await sleep(5);
  gc();
  await sleep(ms);
}

describe('deadline', () => {
  it('aborts with a TimeoutError at the deadline though collections run meanwhile', async () => {
    const stop = new AbortController();
    const signals = [1, 2, 3, 4, 5].map(() => deadline(40, stop.signal).signal);
    await collectWhileWaiting(120);
    for (const signal of signals) {
      expect(signal.aborted).toBe(true);
      expect((signal.reason as DOMException).name).toBe('TimeoutError');
    }
  });

  it('aborts with the stop reason when stopped first, and clear() ends the timer', async () => {
    const stop = new AbortController();
    const stopped = deadline(10_000, stop.signal);
    stop.abort(new Error('server stopping'));
    expect(stopped.signal.aborted).toBe(true);
    expect((stopped.signal.reason as Error).message).toBe('server stopping');

    const done = deadline(30);
    done.clear();
    await sleep(60);
    expect(done.signal.aborted).toBe(false);
  });
});
