/**
 * Order creation under load: 8 clients (CREATE_CLIENTS), each sending signed POST /api/order/create one after the
 * other to a listening server (fetch over a real socket, as merchants call it, from a process
 * of their own: ./creation-clients.ts), until `total` orders are placed. The demo supplier gets
 * enough card accounts with wide limits first, so every order is allocated (an allocation failure
 * answers an error and would count as a failure). On PostgreSQL the same run again against the
 * real server started on its own as 1 process and as 2 (WORKERS, ./creation-cluster.ts), side by side.
 */
import { orderApi } from '../../resources/orders/api.js';
import pg from 'pg';
import type { Db } from '../../server/db/client.js';
import { summary, type Figure } from './measure.js';
import type { ClientsInput, ClientsResult } from './creation-clients.js';
import { startCluster } from './creation-cluster.js';
import { addCardAccounts, inClientProcess } from './client-process.js';

/** Clients sending at once: CREATE_CLIENTS, 8 by default (1 shows an order's cost with nothing waiting beside it). */
const CLIENTS = Number(process.env.CREATE_CLIENTS ?? 8);
const DEMO_KEY = 'demoMerchantKey20001';

/** Counts the statements node-postgres sends (every one, begin and commit included) until the answered function is called. */
function countStatements(): () => number {
  const query = pg.Client.prototype.query;
  let sent = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return () => {
    pg.Client.prototype.query = query;
    return sent;
  };
}

/** Where the bench's database is and the key of its secrets, for a server of several processes on it. */
export interface ClusterTarget {
  databaseUrl: string;
  secretsKey: Buffer;
}

/** `address`: where the bench's server listens (http://127.0.0.1:port); `cluster`: also measure 2 processes. */
export async function benchCreation(address: string, db: Db, total: number, cluster?: ClusterTarget): Promise<Figure[]> {
  await addCardAccounts(db, { bank: 'Bench', ifsc: 'BENCH000001', cardPrefix: '77' });
  // The server runs in this process: its CPU time per order tells what bounds the rate on a machine shared with the database.
  const cpu = process.cpuUsage();
  const statements = countStatements();
  const one = await inClientProcess<ClientsInput, ClientsResult>('./creation-clients.ts', { url: `${address}/v1.0${orderApi.create}`, total, clients: CLIENTS, key: DEMO_KEY });
  const used = process.cpuUsage(cpu);
  const sent = statements();
  // PGlite runs in the process without node-postgres: nothing to count there.
  // In the kernel (system) is mostly the sockets: on loopback the sender's write also runs the receiving side's TCP work.
  const split = ` (user ${(used.user / 1000 / total).toFixed(1)}, system ${(used.system / 1000 / total).toFixed(1)})`;
  const figures = [figureOf(`${CLIENTS} concurrent clients, ${total} orders`, one, (used.user + used.system) / 1000 / total, `${split}${sent ? `, ${(sent / total).toFixed(1)} statements per order` : ''}`)];
  if (!cluster) return figures;
  // The real server started on its own, as 1 process and as 2, so the two differ only in that.
  for (const workers of [1, 2]) {
    const server = await startCluster(cluster.databaseUrl, cluster.secretsKey, workers);
    try {
      const before = server.cpuMs();
      const run = await inClientProcess<ClientsInput, ClientsResult>('./creation-clients.ts', { url: `${server.address}/v1.0${orderApi.create}`, total, clients: CLIENTS, key: DEMO_KEY });
      figures.push(figureOf(`${CLIENTS} concurrent clients, ${total} orders, server started with WORKERS=${workers}`, run, (server.cpuMs() - before) / total, ''));
    } finally {
      await server.stop();
    }
  }
  return figures;
}

function figureOf(name: string, { times, seconds, failures, lastFailure }: ClientsResult, cpuPerOrder: number, more: string): Figure {
  const { p95 } = summary(times);
  return {
    group: 'Order creation (POST /api/order/create)',
    name,
    runs: times.length,
    median: times.length / seconds,
    p95,
    unit: '/s',
    note: `${failures ? `${failures} refused (last: ${lastFailure})` : 'all allocated'}; server CPU ${cpuPerOrder.toFixed(1)} ms per order${more}`,
  };
}
