/**
 * The clients of the creation bench, in a process of their own: merchants' systems are not in the
 * server's process, and clients on the server's own thread would take its time (fetch, JSON,
 * signing) from the server they measure. Each client sends signed POST /api/order/create one after
 * the other until `total` orders are sent; the process answers the per-request times and refusals.
 */
import { signOf } from '../../server/orders/sign.js';

export interface ClientsInput {
  url: string;
  total: number;
  clients: number;
  key: string;
}
export interface ClientsResult {
  times: number[];
  seconds: number;
  failures: number;
  lastFailure: string;
}

async function run({ url, total, clients, key }: ClientsInput): Promise<ClientsResult> {
  let next = 0;
  let failures = 0;
  let lastFailure = '';
  const times: number[] = [];
  const client = async () => {
    for (let n = next++; n < total; n = next++) {
      // Amounts spread wide so the pay amounts rarely need the account's float.
      const payload = { mchId: '20001', productId: 1034, mchOrderNo: `BENCH${Date.now()}${n}`, amount: 10_000 + ((n * 7919) % 5_000_000), notifyUrl: 'https://shop.example.com/notify', subject: 'Bench' };
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...payload, sign: signOf(payload, key) }) });
      const body = (await response.json()) as { code: number; msg: string };
      times.push(performance.now() - started);
      if (body.code !== 200) {
        failures++;
        lastFailure = `${body.code} ${body.msg}`;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return { times, seconds: (performance.now() - started) / 1000, failures, lastFailure };
}

process.once('message', async (input) => {
  process.send!(await run(input as ClientsInput), () => process.disconnect());
});
