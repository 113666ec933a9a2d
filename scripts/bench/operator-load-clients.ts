/**
 * The clients of the operator-load bench, in a process of their own (as creation-clients.ts, so
 * their fetch, JSON and signing do not take the server's thread): merchants' systems send signed
 * POST /api/order/create at a steady rate, each order sent when the clock says, whether or not the
 * ones before it were answered (open loop: a slow server gets a queue, as it would in production);
 * meanwhile an operator asks for the order list every `operatorEveryMs`, each case in turn, and
 * waits for the answer before the next tick (a person does not click again while the page loads).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, get } from 'node:http';
import { signOf } from '../../server/orders/sign.js';

export interface LoadInput {
  createUrl: string;
  key: string;
  /** Orders per second; 0 runs the operator alone, for the figures of an idle server. */
  rate: number;
  seconds: number;
  operatorEveryMs: number;
  /** Full list URLs (query included), asked for in turn. */
  listUrls: string[];
  headers: Record<string, string>;
}
export interface LoadResult {
  /** Per list URL, the time of each answer (ms). */
  operator: number[][];
  operatorFailures: number;
  lastOperatorFailure: string;
  creations: { times: number[]; seconds: number; failures: number; lastFailure: string };
}

/** The operator's browser: one kept-alive connection of its own, apart from the merchants' ones. */
const operatorAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One list call: its time (ms), and why the socket failed if it did (a time-out counts with its time
 * so far). An answer other than code 200 stops the run, so a broken call never passes as fast.
 */
function timedList(url: string, headers: Record<string, string>): Promise<{ ms: number; failed: string | null }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const done = (failed: string | null) => resolve({ ms: performance.now() - started, failed });
    const request = get(url, { headers, agent: operatorAgent, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => done(error.message));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { code: number; msg: string };
        if (body.code === 200) done(null);
        else reject(new Error(`GET ${url}: ${body.code} ${body.msg}`));
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 30 s')));
    request.on('error', (error) => done(error.message));
  });
}

async function run(input: LoadInput): Promise<LoadResult> {
  const { createUrl, key, rate, seconds, operatorEveryMs, listUrls, headers } = input;
  const total = Math.round(rate * seconds);
  const times: number[] = [];
  let failures = 0;
  let lastFailure = '';
  let lastAnswer = 0;
  const send = async (n: number) => {
    // The payload of creation-clients.ts: amounts spread wide so pay amounts rarely need a float.
    const payload = { mchId: '20001', productId: 1034, mchOrderNo: `LOAD${Date.now()}${n}`, amount: 10_000 + ((n * 7919) % 5_000_000), notifyUrl: 'https://shop.example.com/notify', subject: 'Bench' };
    const sent = performance.now();
    try {
      const response = await fetch(createUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...payload, sign: signOf(payload, key) }) });
      const body = (await response.json()) as { code: number; msg: string };
      if (body.code !== 200) throw new Error(`${body.code} ${body.msg}`);
    } catch (error) {
      failures++;
      // fetch's own message is only "fetch failed": the cause says what the socket met.
      const cause = (error as Error & { cause?: Error }).cause;
      lastFailure = cause ? `${(error as Error).message}: ${cause.message}` : (error as Error).message;
    }
    times.push(performance.now() - sent);
    lastAnswer = performance.now();
  };

  const started = performance.now();
  const pending: Promise<void>[] = [];
  const creating = (async () => {
    for (let n = 0; n < total; n++) {
      // Scheduled from the start, not from the last send, so a late timer does not lower the rate.
      const due = started + (n * 1000) / rate - performance.now();
      if (due > 0) await sleep(due);
      pending.push(send(n));
    }
    await Promise.all(pending);
  })();

  const operator: number[][] = listUrls.map(() => []);
  let operatorFailures = 0;
  let lastOperatorFailure = '';
  for (let tick = 0; performance.now() - started < seconds * 1000; tick++) {
    const due = started + tick * operatorEveryMs - performance.now();
    if (due > 0) await sleep(due);
    const which = tick % listUrls.length;
    const { ms, failed } = await timedList(listUrls[which], headers);
    operator[which].push(ms);
    if (failed) {
      operatorFailures++;
      lastOperatorFailure = failed;
    }
  }
  await creating;
  operatorAgent.destroy();
  return { operator, operatorFailures, lastOperatorFailure, creations: { times, seconds: ((total ? lastAnswer : performance.now()) - started) / 1000, failures, lastFailure } };
}

process.once('message', async (input) => {
  try {
    process.send!(await run(input as LoadInput), () => process.disconnect());
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
});
