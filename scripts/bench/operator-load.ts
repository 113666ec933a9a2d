/**
 * The operator-load part of the bench: an operator's GET /order/getList (page of 20; no filter, and
 * status + last 7 days, in turn every LOAD_OPERATOR_MS, default 200) while merchants create orders
 * at LOAD_RATE per second (default 50, open loop) for LOAD_SECONDS (default 30); first the same
 * operator for a few seconds on an idle server, to show what the load adds. Both clients run in a
 * process of their own (./operator-load-clients.ts) over real sockets. With PGlite one thread runs
 * the server and the database, so the question is whether creations starve the operator.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { orderApi } from '../../resources/orders/api.js';
import type { Db } from '../../server/db/client.js';
import { summary, type Figure, type Session } from './measure.js';
import type { LoadInput, LoadResult } from './operator-load-clients.js';
import { addCardAccounts, inClientProcess } from './client-process.js';

/** table.ts knows this group by its first words, to give its figures their budget. */
const LOAD_GROUP = 'Operator under load (GET /order/getList while orders are created)';
const DEMO_KEY = 'demoMerchantKey20001';
const IDLE_SECONDS = 6;

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Runs the clients and samples the server's side meanwhile: its CPU share and its event loop's delay. */
async function measured(input: LoadInput): Promise<LoadResult & { cpuShare: number; loopDelayP99: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await inClientProcess<LoadInput, LoadResult>('./operator-load-clients.ts', input);
  const used = process.cpuUsage(cpu);
  delay.disable();
  return { ...result, cpuShare: (used.user + used.system) / 1000 / (performance.now() - started), loopDelayP99: delay.percentile(99) / 1e6 };
}

/** `address`: where the bench's server listens (http://127.0.0.1:port). */
export async function benchOperatorLoad(address: string, db: Db, admin: Session): Promise<Figure[]> {
  await addCardAccounts(db, { bank: 'Load', ifsc: 'LOAD0000001', cardPrefix: '78' });
  const rate = number('LOAD_RATE', 50);
  const list = (query: Record<string, string | number>) => `${address}/v1.0${orderApi.list}?${new URLSearchParams(Object.entries({ pageIndex: 1, pageSize: 20, notInOrderStatusIds: 10, ...query }).map(([k, v]) => [k, String(v)]))}`;
  const cases: [string, string][] = [
    ['no filter', list({})],
    ['status + time range (7 d)', list({ orderStatusId: 3, startTime: hoursAgo(24 * 7), endTime: hoursAgo(0) })],
  ];
  const base = { createUrl: `${address}/v1.0${orderApi.create}`, key: DEMO_KEY, operatorEveryMs: number('LOAD_OPERATOR_MS', 200), listUrls: cases.map(([, url]) => url), headers: { token: admin.token, ...(admin.token2 ? { token2: admin.token2 } : {}) } };
  const idle = await measured({ ...base, rate: 0, seconds: IDLE_SECONDS });
  const load = await measured({ ...base, rate, seconds: number('LOAD_SECONDS', 30) });

  const server = (r: typeof idle) => `${r.operatorFailures ? `${r.operatorFailures} failed (last: ${r.lastOperatorFailure}); ` : ''}server CPU ${(r.cpuShare * 100).toFixed(0)}% of a core, event loop delay p99 ${r.loopDelayP99.toFixed(0)} ms`;
  const operatorFigure = (name: string, times: number[], note: string): Figure => ({ group: LOAD_GROUP, name, runs: times.length, ...summary(times), unit: 'ms', note });
  const { creations } = load;
  return [
    ...cases.map(([name], i) => operatorFigure(`${name}, idle server`, idle.operator[i], server(idle))),
    ...cases.map(([name], i) => operatorFigure(`${name}, while ${rate} orders/s are created`, load.operator[i], server(load))),
    {
      group: LOAD_GROUP,
      name: `order creation, ${rate}/s asked (open loop)`,
      runs: creations.times.length,
      median: (creations.times.length - creations.failures) / creations.seconds,
      p95: summary(creations.times).p95,
      unit: '/s',
      note: creations.failures ? `${creations.failures} refused (last: ${creations.lastFailure})` : 'all allocated',
    },
  ];
}
