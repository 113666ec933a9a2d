/**
 * A notify URL cannot point the server inside the network: a callback to every
 * refused range, directly, through a redirect from an allowed receiver and through a name that
 * resolves inside, is recorded as refused with the reason and not retried; a trap listening on
 * one of those addresses receives nothing. A receiver the operator allowed (CALLBACK_ALLOW_PRIVATE)
 * still takes its callbacks, by address and by name.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { useTestServer } from './harness.js';
import { attemptsOf, orderOf, paidOrder, startReceiver, taskOf, waitFor, type Receiver } from './callback-fixture.js';
import { statusId } from '../../resources/orders/statuses.js';

// Only the allowed receiver's address is open; retries would come after 1 s, so a refused call that
// was retried would show a second attempt at once.
const server = useTestServer({ CALLBACK_ALLOW_PRIVATE: '127.0.0.2/32', CALLBACK_RETRY_SECONDS: '1', CALLBACK_TIMEOUT_SECONDS: '3' });
const db = () => server.database.db;
let allowed: Receiver;
let trap: Receiver;
let trapPort: string;

/** Names these tests own, resolved as a hostile or a well-kept DNS would answer them; others (localhost) as the system does. */
const NAMES: Record<string, string[]> = {
  'metadata.merchant.test': ['169.254.169.254'],
  'intranet.merchant.test': ['10.0.0.5'],
  'v6.merchant.test': ['fd00::5'],
  // One public address does not make the internal one callable.
  'mixed.merchant.test': ['93.184.216.34', '192.168.1.10'],
  'shop.merchant.test': ['127.0.0.2'],
};
const resolve = async (hostname: string): Promise<LookupAddress[]> => {
  const addresses = NAMES[hostname];
  if (!addresses) return dns.lookup(hostname, { all: true });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  server.app.services.config.outgoing.resolve = resolve;
  await server.app.ready();
  trap = await startReceiver({ '/trap': { status: 200, body: 'success' } });
  trapPort = new URL(trap.url('/')).port;
  const to = (location: string, status = 302) => ({ status, body: 'moved', location });
  allowed = await startReceiver(
    {
      '/ok': { status: 200, body: 'success' },
      '/to-loopback': to(trap.url('/trap')),
      '/to-metadata': to('http://169.254.169.254/latest/meta-data/', 307),
      '/to-name': to(`http://localhost:${trapPort}/trap`, 301),
      '/to-mapped': to(`http://[::ffff:127.0.0.1]:${trapPort}/trap`, 308),
      '/to-public': to('https://shop.example/notify'),
    },
    '127.0.0.2',
  );
});
afterAll(async () => {
  await allowed?.close();
  await trap?.close();
});

/** Pays an order notifying `url` and waits for its callback task to end. */
async function settled(url: string) {
  const order = await paidOrder(db(), { notifyUrl: url });
  const task = await waitFor(async () => {
    const t = await taskOf(db(), order.id);
    return t.state !== 'pending' && t;
  }, 8000, `the callback to ${url} to end`);
  return { order, task, attempts: await attemptsOf(db(), order.id) };
}

/**
 * The call was refused for `reason`: one attempt, recorded with it, no answer, no retry, the
 * order's callback failed. `expect`: the test's own (the cases run side by side).
 */
async function expectRefused(url: string, reason: RegExp, expect: ExpectStatic) {
  const { order, task, attempts } = await settled(url);
  expect(task, url).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
  expect(attempts, url).toHaveLength(1);
  expect(attempts[0].success).toBe(false);
  expect(attempts[0].responseBody, url).toMatch(/^refused: /);
  expect(attempts[0].responseBody, url).toMatch(reason);
  expect((await orderOf(db(), order.id)).status).toBe(statusId('callbackFailed'));
  return attempts[0];
}

describe('refused ranges, called directly', () => {
  const cases: [url: string, reason: RegExp][] = [
    ['http://127.0.0.1:PORT/trap', /127\.0\.0\.1 is loopback \(127\.0\.0\.0\/8\)/],
    ['http://10.0.0.5/notify', /10\.0\.0\.5 is private \(10\.0\.0\.0\/8\)/],
    ['http://172.16.0.1/notify', /is private \(172\.16\.0\.0\/12\)/],
    ['http://192.168.1.1/notify', /is private \(192\.168\.0\.0\/16\)/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is link-local/],
    ['http://100.64.0.1/notify', /is CGNAT \(100\.64\.0\.0\/10\)/],
    ['http://224.0.0.1/notify', /is multicast/],
    ['http://0.0.0.0:PORT/trap', /0\.0\.0\.0 is unspecified/],
    ['http://240.0.0.1/notify', /is reserved \(240\.0\.0\.0\/4\)/],
    ['http://255.255.255.255/notify', /is reserved/],
    ['http://192.0.2.10/notify', /is reserved \(192\.0\.2\.0\/24\)/],
    // The URL parser's other spellings of an address are the same address.
    ['http://2130706433:PORT/trap', /127\.0\.0\.1 is loopback/],
    ['http://[::1]:PORT/trap', /::1 is loopback/],
    ['http://[::]:PORT/trap', /:: is unspecified/],
    ['http://[::ffff:127.0.0.1]:PORT/trap', /127\.0\.0\.1 is loopback/],
    ['http://[::ffff:169.254.169.254]/notify', /169\.254\.169\.254 is link-local/],
    ['http://[64:ff9b::a00:5]/notify', /10\.0\.0\.5 is private/],
    ['http://[fe80::1]/notify', /is link-local \(fe80::\/10\)/],
    ['http://[fd12:3456::1]/notify', /is private \(fc00::\/7\)/],
    ['http://[ff02::1]/notify', /is multicast/],
    ['http://[2001:db8::1]/notify', /is reserved/],
  ];
  it.concurrent.for(cases)('%s is refused and recorded, never retried', async ([url, reason], { expect }) => {
    await expectRefused(url.replace('PORT', trapPort), reason, expect);
    expect(trap.received).toEqual([]);
  });
});

describe('refused through a redirect of an allowed receiver', () => {
  it.each([
    ['/to-loopback', /redirects to http:\/\/127\.0\.0\.1:\d+\/trap; 127\.0\.0\.1 is loopback/],
    ['/to-metadata', /redirects to http:\/\/169\.254\.169\.254\/latest\/meta-data\/; 169\.254\.169\.254 is link-local/],
    ['/to-name', /redirects to http:\/\/localhost:\d+\/trap; localhost resolves to (127\.0\.0\.1|::1), which is loopback/],
    ['/to-mapped', /127\.0\.0\.1 is loopback/],
  ])('%s: the answer is recorded as refused, the target never called', async (path, reason) => {
    const attempt = await expectRefused(allowed.url(path), reason, expect);
    expect(attempt.responseStatus).toBeGreaterThanOrEqual(300);
    expect(trap.received).toEqual([]);
  });

  it('a redirect to a public address is only a failed answer, retried as before (redirects are not followed)', async () => {
    const order = await paidOrder(db(), { notifyUrl: allowed.url('/to-public') });
    const attempts = await waitFor(async () => {
      const list = await attemptsOf(db(), order.id);
      return list.length >= 2 && list;
    }, 8000, 'a retry');
    expect(attempts[0]).toMatchObject({ responseStatus: 302, responseBody: 'moved', success: false });
    expect((await taskOf(db(), order.id)).state).toBe('pending');
  });
});

describe('refused through a name that resolves inside', () => {
  it.concurrent.for([
    ['http://localhost:PORT/trap', /localhost resolves to (127\.0\.0\.1|::1), which is loopback/],
    ['http://metadata.merchant.test/latest/', /metadata\.merchant\.test resolves to 169\.254\.169\.254, which is link-local/],
    ['http://intranet.merchant.test/notify', /intranet\.merchant\.test resolves to 10\.0\.0\.5, which is private/],
    ['https://v6.merchant.test/notify', /v6\.merchant\.test resolves to fd00::5, which is private/],
    ['http://mixed.merchant.test/notify', /mixed\.merchant\.test resolves to 192\.168\.1\.10, which is private/],
  ] as [string, RegExp][])('%s is refused and recorded', async ([url, reason], { expect }) => {
    await expectRefused(url.replace('PORT', trapPort), reason, expect);
    expect(trap.received).toEqual([]);
  });
});

describe('an allowed receiver', () => {
  it('takes its callback by address and by a name that resolves to it', async () => {
    for (const url of [allowed.url('/ok'), allowed.url('/ok').replace('127.0.0.2', 'shop.merchant.test')]) {
      const { order, task, attempts } = await settled(url);
      expect(task, url).toMatchObject({ state: 'succeeded', attempts: 1 });
      expect(attempts[0]).toMatchObject({ responseStatus: 200, responseBody: 'success', success: true });
      expect(allowed.of(order.orderCode)).toHaveLength(1);
    }
  });

  it('a name that does not resolve is a failure to retry, not a refusal', async () => {
    const order = await paidOrder(db(), { notifyUrl: 'http://gone.merchant.test/notify' });
    const [attempt] = await waitFor(async () => (await attemptsOf(db(), order.id)).length > 0 && attemptsOf(db(), order.id), 8000);
    expect(attempt.responseBody).toMatch(/^request failed: .*ENOTFOUND/);
    expect((await taskOf(db(), order.id)).state).toBe('pending');
  });
});
