/** The callback settings from the environment: defaults, test-sized waits, and refusals at start. */
import { describe, expect, it } from 'vitest';
import { callbackConfigProblems, readCallbackConfig } from '../../server/orders/callbacks/config';
import { configProblems, readConfig } from '../../server/config';

describe('callback settings', () => {
  it('default to 10 s, 30 s, 1, 2, 5 and 10 min waits, a 10 s call and 50 calls in flight', () => {
    expect(readCallbackConfig({})).toEqual({ retryDelaysMs: [10_000, 30_000, 60_000, 120_000, 300_000, 600_000], timeoutMs: 10_000, maxInFlight: 50 });
  });

  it('take seconds with decimals, so tests run a schedule in seconds', () => {
    expect(readCallbackConfig({ CALLBACK_RETRY_SECONDS: '0.5, 1,2', CALLBACK_TIMEOUT_SECONDS: '1.5', CALLBACK_MAX_IN_FLIGHT: '4' })).toEqual({ retryDelaysMs: [500, 1000, 2000], timeoutMs: 1500, maxInFlight: 4 });
    expect(readConfig({ CALLBACK_TIMEOUT_SECONDS: '3' }).callbacks.timeoutMs).toBe(3000);
  });

  it('keep the server from starting with values that are not what they say', () => {
    expect(callbackConfigProblems({})).toEqual([]);
    for (const env of [{ CALLBACK_RETRY_SECONDS: '10,abc' }, { CALLBACK_RETRY_SECONDS: '0' }, { CALLBACK_TIMEOUT_SECONDS: '-1' }, { CALLBACK_TIMEOUT_SECONDS: '1e3' }, { CALLBACK_MAX_IN_FLIGHT: '2.5' }]) {
      expect(callbackConfigProblems(env), JSON.stringify(env)).toHaveLength(1);
      expect(configProblems(readConfig(env), env).some((p) => p.startsWith(Object.keys(env)[0])), JSON.stringify(env)).toBe(true);
    }
  });
});
